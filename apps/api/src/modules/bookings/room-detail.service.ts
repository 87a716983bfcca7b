// What the booking form shows of a space on a day (RoomDetail): its rules, rates, packages and
// amenities for the chosen client, and the slots already booked.
import {
  addDays,
  centsToDecimal,
  hoursAndMinutes,
  inRanges,
  messages,
  parseDayMonthYear,
  percentOf,
  startOfDay,
  toBasisPoints,
  toCents,
  wallClock,
} from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import { fieldError, notFound } from '../../platform/errors.ts'
import { inTurn } from '../../platform/in-turn.ts'
import { assertSameOrganization } from '../../platform/tenancy.ts'
import * as repo from './bookings.repository.ts'

/** Room detail for a date (spec 2 §3): what RoomDetail needs to offer a space on a day. */
export async function roomDetail(ctx: Ctx, spaceId: number, bookingDate: string, clientId?: number | null) {
  const { tx } = ctx
  const space = await repo.findSpace(tx, spaceId)
  if (!space) throw notFound()
  assertSameOrganization(ctx.actor, space.organizationId)
  const organizationId = space.organizationId
  const [organization, center, rateRows, spaceBlackouts, roomType, packages, amenities] = await inTurn(
    () => repo.findOrganization(tx, organizationId),
    () => repo.findCenter(tx, organizationId, space.centerId),
    () => repo.spaceRatesOf(tx, space.id),
    () => repo.spaceBlackouts(tx, space.id),
    () => repo.roomTypeOf(tx, organizationId, space.roomType),
    () => repo.packagesOfSpace(tx, organizationId, space.id),
    () => repo.amenitiesOfSpace(tx, organizationId, space.id),
  )
  if (!organization || !center) throw notFound()
  const orgBlackouts = organization.features.blackout_period
    ? await repo.organizationBlackouts(tx, organizationId)
    : []
  const client = clientId ? await repo.findClient(tx, organizationId, clientId) : undefined
  if (clientId && !client) throw fieldError('clientId', messages.selectRequired)
  const gratisMinutes = client
    ? Math.max(
        0,
        client.totalMinutes -
          (await repo.gratisUsedInMonth(tx, organizationId, client.id, bookingDate.slice(0, 7))),
      )
    : 0
  const discount = toBasisPoints(client?.internalPercentDiscountRate ?? '0')
  const message = !space.isActive
    ? messages.spaceNotBookable
    : inRanges(bookingDate, orgBlackouts)
      ? messages.organizationBlackout
      : inRanges(bookingDate, spaceBlackouts)
        ? messages.spaceBlackout
        : !rateRows.length
          ? messages.spaceHasNoRates
          : ''
  const min = hoursAndMinutes(space.minimumDurationMinutes)
  const max = hoursAndMinutes(space.maximumDurationMinutes)
  const pre = hoursAndMinutes(space.preMakeupMinutes)
  const post = hoursAndMinutes(space.postMakeupMinutes)
  return {
    success: message === '',
    message,
    gratisMinutes,
    rates: rateRows.map((r) => {
      const original = toCents(r.amount)
      return {
        rateUnit: r.unit,
        originalAmount: centsToDecimal(original),
        rateAmount: centsToDecimal(original - percentOf(original, discount)),
      }
    }),
    orgRoomType: {
      id: space.roomType,
      code: roomType?.code ?? '',
      name: space.roomType,
      account_code: roomType?.accountCode ?? '',
    },
    minimum_duration_hours: min.hours,
    minimum_duration_minutes: min.minutes,
    maximum_duration_hours: max.hours,
    maximum_duration_minutes: max.minutes,
    pre_makeup_hours: pre.hours,
    pre_makeup_minutes: pre.minutes,
    post_makeup_hours: post.hours,
    post_makeup_minutes: post.minutes,
    capacity: space.capacity,
    start_time: space.startTime,
    end_time: space.endTime,
    timezone: center.timezoneId,
    currency: organization.currencyCode,
    center: {
      id: center.id,
      name: center.name,
      open_time: center.openTime,
      close_time: center.closeTime,
      open_after_hours: center.openAfterHours,
    },
    packages: packages.map((p) => ({
      id: p.id,
      name: p.name,
      type: p.type,
      start_time: p.startTime,
      end_time: p.endTime,
      duration_minutes: p.durationMinutes,
      min_attendees: p.minAttendees,
      rate: p.rate,
    })),
    amenities: amenities.map((a) => ({
      amenity_id: a.amenityId,
      name: a.name,
      charge_type: a.chargeType,
      amount: a.amount,
    })),
  }
}

/** The already-booked slots of a space on a date (DD/MM/YYYY), in the center's wall clock. */
export async function bookedSlots(
  ctx: Ctx,
  spaceId: number,
  dayMonthYear: string,
  exceptBookingId?: number | null,
) {
  const date = parseDayMonthYear(dayMonthYear)
  if (!date) throw fieldError('date', messages.selectDate)
  const space = await repo.findSpace(ctx.tx, spaceId)
  if (!space) throw notFound()
  assertSameOrganization(ctx.actor, space.organizationId)
  const center = await repo.findCenter(ctx.tx, space.organizationId, space.centerId)
  if (!center) throw notFound()
  const zone = center.timezoneId
  const spaceIds = [space.id, ...(await repo.childSpaceIds(ctx.tx, space.id))]
  const rows = await repo.busyRanges(
    ctx.tx,
    space.organizationId,
    spaceIds,
    startOfDay(date, zone),
    startOfDay(addDays(date, 1), zone),
    exceptBookingId ?? undefined,
  )
  return rows
    .sort((a, b) => a.start - b.start)
    .map((r) => ({
      start_time: wallClock(new Date(r.start), zone).time,
      end_time: wallClock(new Date(r.end), zone).time,
      bookingId: r.bookingId,
    }))
}
