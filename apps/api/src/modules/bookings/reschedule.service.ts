import {
  type BookingCreateInput,
  type BookingOperation,
  centsToDecimal,
  commissionOf,
  messages,
  parseWallMoment,
  rescheduleAmounts,
  shorteningRefundable,
  spaceTypes,
  splitShorteningRefund,
  toBasisPoints,
  toCents,
  wallClock,
} from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import { badRequest, conflict, fieldError, HttpError, notFound } from '../../platform/errors.ts'
import { getBooking, visibleBooking } from './booking-confirmation.service.ts'
import { planSlot } from './booking-create.service.ts'
import * as repo from './booking-operations.repository.ts'
import { gratisMonthOf, refreshTotals } from './booking-state.service.ts'
import * as bookingRepo from './bookings.repository.ts'

interface NewSlot {
  newMeetingRoomId: number
  /** "YYYY-MM-DD HH:mm" in the destination center's wall clock, with a UTC offset for a repeated time's second pass */
  newStartTime: string
  newEndTime: string
  confirm_preparation_time?: boolean
}

/** Checks a move like a new booking (the booking itself aside) and works out the money. */
async function planReschedule(ctx: Ctx, booking: repo.BookingRow, slot: NewSlot, lock: boolean, now: Date) {
  const space = await bookingRepo.findSpace(ctx.tx, slot.newMeetingRoomId)
  if (!space || space.organizationId !== booking.organizationId)
    throw fieldError('newMeetingRoomId', messages.selectRequired)
  const start = parseWallMoment(slot.newStartTime)
  const end = parseWallMoment(slot.newEndTime)
  if (!start) throw fieldError('newStartTime', messages.invalidTimeRange)
  if (!end || end.date !== start.date) throw fieldError('newEndTime', messages.invalidTimeRange)
  const date = start.date
  if (booking.packageId) {
    const offered = await bookingRepo.packagesOfSpace(ctx.tx, booking.organizationId, space.id)
    const pkg = offered.find((p) => p.id === booking.packageId)
    if (!pkg) throw fieldError('newMeetingRoomId', messages.packageDestinationRoom)
    if (pkg.type === 'fixed' && (start.time !== pkg.startTime || end.time !== pkg.endTime))
      throw fieldError('newStartTime', messages.packageFixedSlotMove)
  }
  const input: BookingCreateInput = {
    organization_id: booking.organizationId,
    center_id: space.centerId,
    meeting_room_id: space.id,
    booking_date: date,
    start_time: start.time,
    end_time: end.time,
    client_id: booking.clientId,
    user_id: booking.userId,
    attendees: booking.attendees,
    package_id: booking.packageId,
    amenity_ids: [],
    voucher_code: '',
    room_amount: null,
    use_gratis: false,
    payment_status: booking.paymentStatus as 'invoice' | 'card',
    transaction_id: booking.transactionId,
    notes: '',
    special_requirement: '',
    confirm_preparation_time: slot.confirm_preparation_time ?? false,
    recurring: null,
    skip_dates: [],
  }
  const extraLocks = lock ? await repo.occupiedSpaceIds(ctx.tx, booking.organizationId, booking.id) : []
  const offsets = { start: start.offset, end: end.offset }
  const planned = await planSlot(ctx, input, { exceptBookingId: booking.id, lock, extraLocks, offsets }, now)
  // Compared as instants (a repeated hour's second pass may read earlier on the clock and still be later).
  // (A time the zone does not have is the plan's conflict, answered as such.)
  if (planned.durationMinutes <= 0 && !planned.conflict)
    throw fieldError('newEndTime', messages.invalidTimeRange)
  const view = await getBooking(ctx, booking.id)
  // A shortening may refund the room and its extension charges (issue 15), not the room alone.
  const refundable = shorteningRefundable(view)
  const month = date.slice(0, 7)
  const used = await bookingRepo.gratisUsedInMonth(ctx.tx, booking.organizationId, booking.clientId, month)
  const amounts = rescheduleAmounts({
    oldMinutes: booking.durationMinutes,
    newMinutes: planned.durationMinutes,
    rates: planned.rates,
    gratisMinutes: booking.gratisMinutes,
    refundedGratisMinutes: booking.refundedGratisMinutes,
    clientGratisAvailable: booking.packageId ? 0 : Math.max(0, planned.clientGratisMinutes - used),
    internalDiscount: toBasisPoints(booking.ratePercentage),
    additionalDiscount: toBasisPoints(booking.additionalDiscountRate),
    roomRefundable: refundable.total,
    hourlyAmenities: view.bookedAmenities
      .filter((a) => a.type === 'hour')
      .map((a) => ({
        id: a.id,
        unitAmount: toCents(a.unit_amount),
        refundable: toCents(a.total_amount) - toCents(a.refunded_amount),
      })),
  })
  return { planned, amounts, space, view, refundable }
}

/** The reschedule dialog's preview: mode, the amount to charge or refund, what can be refunded. */
export async function rescheduleQuote(ctx: Ctx, id: number, slot: NewSlot, now = new Date()) {
  const booking = await visibleBooking(ctx, id, false)
  if (booking.status === 'cancelled') throw conflict(messages.bookingCancelledLocked)
  const { planned, amounts, refundable } = await planReschedule(ctx, booking, slot, false, now)
  return {
    mode: amounts.mode,
    amount: centsToDecimal(amounts.roomAmount),
    available: centsToDecimal(amounts.roomRefundable),
    /** What the cap is made of: what is left of the room and of its room (extension) charges. */
    available_room: centsToDecimal(refundable.room),
    available_charges: centsToDecimal(refundable.total - refundable.room),
    gratisMinutes: amounts.gratisMinutes,
    duration: Math.round((planned.durationMinutes / 60) * 100) / 100,
    amenities: amounts.amenities.map((a) => ({ booking_amenity_id: a.id, amount: centsToDecimal(a.amount) })),
    problems: planned.problems,
    conflict: planned.conflict,
    preparation: planned.preparation,
  }
}

/**
 * Moves a booking (spec 2 §4): the charge or refund it needs is written in the same transaction
 * as the move, so a reschedule never lands without its money or the other way round.
 */
export async function rescheduleBooking(
  ctx: Ctx,
  booking: repo.BookingRow,
  op: Extract<BookingOperation, { code: 'RESCHEDULE_BOOKING' }>,
  now: Date,
) {
  const { planned, amounts, space, refundable } = await planReschedule(ctx, booking, op, true, now)
  const firstProblem = Object.values(planned.problems)[0]
  if (firstProblem) throw badRequest(firstProblem, planned.problems)
  if (planned.conflict === messages.slotAlreadyBooked) throw conflict(messages.slotAlreadyBooked)
  if (planned.conflict) throw badRequest(planned.conflict, { newStartTime: planned.conflict })
  if (planned.preparation && !op.confirm_preparation_time)
    throw new HttpError(409, planned.preparation, undefined, { confirm: 'preparation_time' })
  if (!planned.start || !planned.end) throw notFound()

  const roomAmount = op.amount !== undefined ? toCents(op.amount) : amounts.roomAmount
  const reason = op.reason || 'Reschedule/Extend'
  const rate = toBasisPoints(booking.commissionRate)
  const commission = (amount: number) => centsToDecimal(commissionOf(amount, rate))
  if (amounts.mode === 'REFUND' && roomAmount > amounts.roomRefundable)
    throw fieldError('amount', messages.refundMoreThanAvailable(centsToDecimal(amounts.roomRefundable)))
  if (amounts.mode === 'CHARGE') {
    const type = await bookingRepo.roomTypeOf(ctx.tx, booking.organizationId, space.roomType)
    const amenityRows = await bookingRepo.amenitiesOfBooking(ctx.tx, booking.organizationId, booking.id)
    await repo.insertCharges(ctx.tx, [
      ...(roomAmount > 0
        ? [
            {
              organizationId: booking.organizationId,
              bookingId: booking.id,
              chargeType: 'room',
              spaceId: space.id,
              name: spaceTypes.find((t) => t.key === space.roomType)?.label ?? space.roomType,
              amount: centsToDecimal(roomAmount),
              reason,
              accountCode: type?.accountCode ?? '',
              inventoryItemCode: type?.code ?? '',
              commissionAmount: commission(roomAmount),
              // The extension's own chargeable minutes: the room line keeps the hours it was booked for.
              minutes: planned.durationMinutes - booking.durationMinutes - amounts.gratisMinutes,
              createdBy: ctx.actor.userId,
            },
          ]
        : []),
      ...amounts.amenities
        .filter((a) => a.amount > 0)
        .map((a) => {
          const amenity = amenityRows.find((row) => row.id === a.id)
          return {
            organizationId: booking.organizationId,
            bookingId: booking.id,
            chargeType: 'amenities',
            amenityId: amenity?.amenityId ?? null,
            name: amenity?.name ?? '',
            amount: centsToDecimal(a.amount),
            reason,
            accountCode: amenity?.accountCode ?? '',
            inventoryItemCode: amenity?.inventoryItemCode ?? '',
            createdBy: ctx.actor.userId,
          }
        }),
    ])
    if (amounts.gratisMinutes > 0)
      await bookingRepo.addGratisUsage(
        ctx.tx,
        booking.organizationId,
        booking.clientId,
        wallClock(planned.start, planned.timezone).date.slice(0, 7),
        amounts.gratisMinutes,
      )
  }
  if (amounts.mode === 'REFUND') {
    // The room first, then its extension charges, each within what is left of it.
    const split = splitShorteningRefund(roomAmount, refundable)
    if (split.room > 0)
      await repo.insertRoomRefund(ctx.tx, {
        organizationId: booking.organizationId,
        bookingId: booking.id,
        amount: centsToDecimal(split.room),
        reason,
        commissionAmount: commission(split.room),
        createdBy: ctx.actor.userId,
      })
    await repo.insertChargeRefunds(
      ctx.tx,
      split.charges.map((charge) => ({
        organizationId: booking.organizationId,
        additionalChargeId: charge.id,
        amount: centsToDecimal(charge.amount),
        reason,
        commissionAmount: commission(charge.amount),
        createdBy: ctx.actor.userId,
      })),
    )
    await repo.insertAmenityRefunds(
      ctx.tx,
      amounts.amenities
        .filter((a) => a.amount > 0)
        .map((a) => ({
          organizationId: booking.organizationId,
          bookingAmenityId: a.id,
          amount: centsToDecimal(a.amount),
          reason,
          createdBy: ctx.actor.userId,
        })),
    )
    await repo.refundGratis(
      ctx.tx,
      booking.organizationId,
      booking.clientId,
      await gratisMonthOf(ctx, booking),
      amounts.gratisMinutes,
    )
  }
  await repo.updateBooking(ctx.tx, booking.id, {
    spaceId: space.id,
    centerId: space.centerId,
    startTime: planned.start,
    endTime: planned.end,
    durationMinutes: planned.durationMinutes,
    rescheduled: true,
    ...(amounts.mode === 'CHARGE' ? { gratisMinutes: booking.gratisMinutes + amounts.gratisMinutes } : {}),
    ...(amounts.mode === 'REFUND'
      ? { refundedGratisMinutes: booking.refundedGratisMinutes + amounts.gratisMinutes }
      : {}),
  })
  await repo.deleteOccupancy(ctx.tx, booking.organizationId, booking.id)
  await bookingRepo.insertOccupancy(
    ctx.tx,
    booking.organizationId,
    booking.id,
    planned.heldSpaceIds,
    planned.start,
    planned.end,
  )
  await repo.insertReschedule(ctx.tx, {
    organizationId: booking.organizationId,
    bookingId: booking.id,
    centerId: space.centerId,
    spaceId: space.id,
    startTime: planned.start,
    endTime: planned.end,
    durationMinutes: planned.durationMinutes,
    rescheduledBy: ctx.actor.userId,
  })
  const updated = await refreshTotals(ctx, booking.id)
  return {
    message: messages.bookingRescheduled,
    mode: amounts.mode,
    amount: centsToDecimal(roomAmount),
    net_amount: updated.net_amount,
  }
}
