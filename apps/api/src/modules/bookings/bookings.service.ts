import {
  addDays,
  type BookingConfirmation,
  type BookingCreateInput,
  type BookingTerms,
  type BusyRange,
  bookingTax,
  bookingTotals,
  centsToDecimal,
  describeMinutes,
  hoursAndMinutes,
  inRanges,
  MAX_SERIES_OCCURRENCES,
  messages,
  missingPreparationMinutes,
  occurrenceDates,
  overlaps,
  type Price,
  parseDayMonthYear,
  percentOf,
  priceBookingTerms,
  pricedAmenityLines,
  pricedBookingLines,
  type RateUnit,
  type ReschedulingEntry,
  type RoomRates,
  roomSubTotalOf,
  type SlotProblem,
  slotProblems,
  startOfDay,
  toBasisPoints,
  toCents,
  voucherAppliesOn,
  type WorkflowLogEntry,
  wallClock,
  zonedInstant,
} from '@spaceboard/domain'
import type { Ctx, InTransaction } from '../../platform/context.ts'
import { badRequest, conflict, fieldError, HttpError, notFound } from '../../platform/errors.ts'
import { inTurn } from '../../platform/in-turn.ts'
import { assertSameOrganization, organizationForWrite } from '../../platform/tenancy.ts'
import type { BookingToSchedule } from '../workflows/workflows.repository.ts'
import { bookingsCreated } from '../workflows/workflows.schedule.ts'
import type { BookingMails, MailSource } from './booking-mails.ts'
import * as operationsRepo from './booking-operations.repository.ts'
import * as repo from './bookings.repository.ts'

function ratesOf(rows: { unit: string; amount: string }[]): RoomRates {
  const rates: RoomRates = {}
  for (const row of rows) rates[row.unit as RateUnit] = toCents(row.amount)
  return rates
}

/**
 * Everything about the chosen space, center, organization, client and extras a booking needs.
 * With `refuseHeldSlot`, a slot a committed booking already holds is refused as soon as that is
 * known, by an unlocked read: the cheap answer for the many requests racing for one slot (the
 * exclusion constraint stays the guarantee).
 */
async function loadBookingContext(
  ctx: Ctx,
  input: BookingCreateInput,
  options: { refuseHeldSlot: boolean } = { refuseHeldSlot: false },
) {
  const { tx } = ctx
  const organizationId = organizationForWrite(ctx.actor, input.organization_id)
  const found = await repo.bookingContext(tx, {
    organizationId,
    centerId: input.center_id,
    spaceId: input.meeting_room_id,
    clientId: input.client_id,
    userId: input.user_id,
    start: `${input.booking_date} ${input.start_time}`,
    end: `${input.booking_date} ${input.end_time}`,
  })
  if (options.refuseHeldSlot && found?.held) throw conflict(messages.slotAlreadyBooked)
  const organization = found?.organization
  if (!found || !organization || organization.deletedAt)
    throw fieldError('organization_id', messages.selectOrganization)
  const { center, space, client, user } = found
  if (!center) throw fieldError('center_id', messages.selectLocation)
  if (!space || space.organizationId !== organizationId || space.centerId !== center.id)
    throw fieldError('meeting_room_id', messages.selectRequired)
  if (!client) throw fieldError('client_id', messages.selectRequired)
  if (!user || user.clientId !== client.id) throw fieldError('user_id', messages.bookingUserNotOfClient)
  const orgBlackouts = organization.features.blackout_period ? found.organizationBlackouts : []

  let bookingPackage: Awaited<ReturnType<typeof repo.packagesOfSpace>>[number] | undefined
  if (input.package_id) {
    const offered = await repo.packagesOfSpace(tx, organizationId, space.id)
    bookingPackage = offered.find((p) => p.id === input.package_id)
    if (!bookingPackage) throw fieldError('package_id', messages.packageNotForSpace)
  }
  const chosenAmenities = [...new Set(input.amenity_ids)].map((id) => {
    const amenity = found.amenities.find((a) => a.amenityId === id)
    if (!amenity) throw fieldError('amenity_ids', messages.selectRequired)
    return amenity
  })
  const voucher = input.voucher_code
    ? await repo.findVoucherByCode(tx, organizationId, input.voucher_code)
    : undefined
  if (input.voucher_code && !voucher) throw fieldError('voucher_code', messages.voucherNotValid)
  if (input.recurring && !organization.features.recurring_booking)
    throw fieldError('recurring', messages.recurringNotEnabled)

  return {
    organizationId,
    organization,
    center,
    space,
    rates: ratesOf(found.rates),
    spaceBlackouts: found.spaceBlackouts,
    orgBlackouts,
    heldSpaceIds: [space.id, ...found.childSpaceIds].sort((a, b) => a - b),
    client,
    user,
    bookingPackage,
    chosenAmenities,
    voucher,
    tax: bookingTax(center, organization),
  }
}
type BookingContext = Awaited<ReturnType<typeof loadBookingContext>>

/** What the booking is priced from, shared with the demo seed through the domain. */
function termsOf(bc: BookingContext): BookingTerms {
  return {
    rates: bc.rates,
    packageRate: bc.bookingPackage?.rate ?? null,
    client: bc.client,
    voucher: bc.voucher ?? null,
    amenities: bc.chosenAmenities,
    tax: bc.tax,
    commission: toBasisPoints(bc.organization.commissionRate),
  }
}

interface OccurrencePlan {
  date: string
  start: Date | null
  end: Date | null
  durationMinutes: number
  problems: SlotProblem[]
  overlap: boolean
  missingPreparation: number
}

/** UTC offsets naming which pass of a time the clock repeats (fall back) a slot means; the first when missing. */
interface SlotOffsets {
  start?: string | undefined
  end?: string | undefined
}

async function planOccurrence(
  ctx: Ctx,
  bc: BookingContext,
  input: BookingCreateInput,
  date: string,
  now: Date,
  exceptBookingId?: number,
  offsets: SlotOffsets = {},
) {
  const zone = bc.center.timezoneId
  const start = zonedInstant(date, input.start_time, zone, offsets.start)
  const end = zonedInstant(date, input.end_time, zone, offsets.end)
  if (!start || !end) {
    return {
      date,
      start,
      end,
      durationMinutes: 0,
      problems: [{ field: 'booking_date', message: messages.nonexistentLocalTime }],
      overlap: false,
      missingPreparation: 0,
    } satisfies OccurrencePlan
  }
  const durationMinutes = Math.round((end.getTime() - start.getTime()) / 60_000)
  const pkg = bc.bookingPackage
  const problems = slotProblems({
    slot: { date, startTime: input.start_time, endTime: input.end_time, attendees: input.attendees },
    space: {
      isActive: bc.space.isActive,
      capacity: bc.space.capacity,
      minimumDurationMinutes: bc.space.minimumDurationMinutes,
      maximumDurationMinutes: bc.space.maximumDurationMinutes,
      startTime: bc.space.startTime,
      endTime: bc.space.endTime,
      preMakeupMinutes: bc.space.preMakeupMinutes,
      postMakeupMinutes: bc.space.postMakeupMinutes,
      rates: bc.rates,
      blackoutPeriods: bc.spaceBlackouts,
    },
    center: bc.center,
    organizationBlackoutPeriods: bc.orgBlackouts,
    minimumNoticeDays: bc.organization.minimumNoticePeriod,
    minutesUntilStart: Math.floor((start.getTime() - now.getTime()) / 60_000),
    durationMinutes,
    package: pkg
      ? {
          type: pkg.type as 'fixed' | 'duration',
          minAttendees: pkg.minAttendees,
          startTime: pkg.startTime,
          endTime: pkg.endTime,
          durationMinutes: pkg.durationMinutes,
        }
      : null,
  })
  if (bc.voucher && !voucherAppliesOn(bc.voucher, date))
    problems.push({ field: 'booking_date', message: messages.voucherNotValid })
  const preparation = bc.space.preMakeupMinutes + bc.space.postMakeupMinutes
  // An end not after the start is already a problem above; there is no window to look at.
  const busy = !(end > start)
    ? []
    : await repo.busyRanges(
        ctx.tx,
        bc.organizationId,
        bc.heldSpaceIds,
        new Date(start.getTime() - preparation * 60_000),
        new Date(end.getTime() + preparation * 60_000),
        exceptBookingId,
      )
  const slot: BusyRange = { start: start.getTime(), end: end.getTime() }
  const overlap = busy.some((b) => overlaps(slot, b))
  return {
    date,
    start,
    end,
    durationMinutes,
    problems,
    overlap,
    missingPreparation: missingPreparationMinutes(
      slot,
      busy,
      bc.space.preMakeupMinutes,
      bc.space.postMakeupMinutes,
    ),
  } satisfies OccurrencePlan
}

/**
 * One slot checked like a new booking, another booking aside (a reschedule moving that booking):
 * the request's problems, the date's conflict, the preparation question, and what pricing needs.
 * With `lock`, the rooms (and `extraLocks`) are locked in ascending order first.
 */
export async function planSlot(
  ctx: Ctx,
  input: BookingCreateInput,
  options: { exceptBookingId: number; lock: boolean; extraLocks: number[]; offsets?: SlotOffsets },
  now = new Date(),
) {
  const bc = await loadBookingContext(ctx, input)
  if (options.lock)
    await repo.lockSpaces(
      ctx.tx,
      [...new Set([...bc.heldSpaceIds, ...options.extraLocks])].sort((a, b) => a - b),
    )
  const plan = await planOccurrence(
    ctx,
    bc,
    input,
    input.booking_date,
    now,
    options.exceptBookingId,
    options.offsets,
  )
  return {
    start: plan.start,
    end: plan.end,
    durationMinutes: plan.durationMinutes,
    timezone: bc.center.timezoneId,
    heldSpaceIds: bc.heldSpaceIds,
    rates: bc.rates,
    clientGratisMinutes: bc.client.totalMinutes,
    problems: requestProblems(plan),
    conflict: conflictOf(plan),
    preparation: plan.missingPreparation > 0 ? preparationQuestion(bc) : null,
  }
}

function datesOf(input: BookingCreateInput): string[] {
  if (!input.recurring) return [input.booking_date]
  const dates = occurrenceDates(input.booking_date, input.recurring)
  if (dates.length > MAX_SERIES_OCCURRENCES)
    throw fieldError('recurring.until_date', messages.recurringTooMany(MAX_SERIES_OCCURRENCES))
  const skipped = new Set(input.skip_dates)
  return dates.filter((d) => !skipped.has(d))
}

/** The message of an occurrence that cannot be booked, or null. */
function conflictOf(plan: OccurrencePlan): string | null {
  if (plan.overlap) return messages.slotAlreadyBooked
  return plan.problems.find((p) => p.field === 'booking_date')?.message ?? null
}

/** Problems that hold for every date (duration, capacity, hours…): the request itself is wrong. */
function requestProblems(plan: OccurrencePlan) {
  const errors: Record<string, string> = {}
  for (const problem of plan.problems)
    if (problem.field !== 'booking_date') errors[problem.field] ??= problem.message
  return errors
}

/** Prices the occurrences, gratis minutes taken month by month from what the client has left. */
async function priceOccurrences(
  ctx: Ctx,
  bc: BookingContext,
  input: BookingCreateInput,
  plans: OccurrencePlan[],
) {
  const usedThisRequest = new Map<string, number>()
  const prices: { plan: OccurrencePlan; month: string; price: Price }[] = []
  const override = input.room_amount === null ? null : toCents(input.room_amount)
  for (const plan of plans) {
    const month = plan.date.slice(0, 7)
    let available = 0
    if (input.use_gratis && bc.client.totalMinutes > 0 && !bc.bookingPackage) {
      const used = await repo.gratisUsedInMonth(ctx.tx, bc.organizationId, bc.client.id, month)
      available = Math.max(0, bc.client.totalMinutes - used - (usedThisRequest.get(month) ?? 0))
    }
    const price = priceBookingTerms(termsOf(bc), {
      durationMinutes: plan.durationMinutes,
      attendees: input.attendees,
      gratisAvailableMinutes: available,
      roomAmountOverride: override,
    })
    usedThisRequest.set(month, (usedThisRequest.get(month) ?? 0) + price.gratisMinutes)
    prices.push({ plan, month, price })
  }
  return prices
}

function priceView(price: Price, bc: BookingContext, input: BookingCreateInput) {
  return {
    gratis_minutes: price.gratisMinutes,
    chargeable_minutes: price.chargeableMinutes,
    rate_unit: price.rateUnit,
    original_amount: centsToDecimal(price.originalAmount),
    room_amount: centsToDecimal(price.roomAmount),
    room_rate_modified: price.roomRateModified,
    room_unit_amount: centsToDecimal(price.roomUnitAmount),
    rate_level: price.rateLevel,
    rate_percentage: bc.client.internalPercentDiscountRate,
    internal_discount: centsToDecimal(price.internalDiscountAmount),
    room_amount_after_discount: centsToDecimal(price.roomAmountAfterDiscount),
    voucher_code: bc.voucher ? input.voucher_code : '',
    voucher_type: bc.voucher?.type ?? '',
    voucher_value: bc.voucher?.value ?? '0.00',
    voucher_discount: centsToDecimal(price.voucherDiscount),
    additional_discount_rate: bc.client.additionalDiscountRate,
    additional_discount_amount: centsToDecimal(price.additionalDiscountAmount),
    amenities: price.amenities.map((a) => ({
      amenity_id: a.amenityId,
      name: a.name,
      type: a.type,
      quantity: a.quantity,
      unit_amount: centsToDecimal(a.unitAmount),
      total_amount: centsToDecimal(a.totalAmount),
    })),
    amenities_total: centsToDecimal(price.amenitiesTotal),
    sub_total: centsToDecimal(price.subTotal),
    tax_label: bc.tax.label,
    tax_percentage: centsToDecimal(bc.tax.percent),
    tax_amount: centsToDecimal(price.taxAmount),
    net_amount: centsToDecimal(price.netAmount),
    currency: bc.organization.currencyCode,
  }
}

function preparationQuestion(bc: BookingContext) {
  return messages.preparationTime(describeMinutes(bc.space.preMakeupMinutes + bc.space.postMakeupMinutes))
}

/**
 * The live preview of RoomDetail: the price of the first date, what is wrong with the request,
 * every date of a series with whether it can be booked, and the preparation-time question.
 */
export async function quoteBooking(ctx: Ctx, input: BookingCreateInput, now = new Date()) {
  const bc = await loadBookingContext(ctx, input)
  const plans: OccurrencePlan[] = []
  for (const date of datesOf(input)) plans.push(await planOccurrence(ctx, bc, input, date, now))
  const first = plans[0]
  const problems = first ? requestProblems(first) : {}
  if (first && !input.recurring) {
    const dateProblem = conflictOf(first)
    if (dateProblem) problems.booking_date = dateProblem
  }
  const priceable = plans.filter((p) => p.start && p.durationMinutes > 0)
  const [priced] =
    Object.keys(problems).length || !priceable.length
      ? []
      : await priceOccurrences(ctx, bc, input, priceable.slice(0, 1))
  return {
    price: priced ? priceView(priced.price, bc, input) : null,
    problems,
    occurrences: plans.map((p) => ({
      date: p.date,
      start_time: input.start_time,
      end_time: input.end_time,
      ok: conflictOf(p) === null,
      message: conflictOf(p),
    })),
    preparation: plans.some((p) => p.missingPreparation > 0) ? { message: preparationQuestion(bc) } : null,
  }
}

/**
 * Creates a booking, or every booking of a series, in one transaction (spec 2; DESIGN §4). What it
 * is checked and priced from is read before the transaction, on its connection (`read`), so that a
 * refusal (most often a slot just taken) costs no transaction.
 */
export async function createBooking(
  read: Ctx,
  inTransaction: InTransaction,
  input: BookingCreateInput,
  now = new Date(),
  mails?: BookingMails,
) {
  const bc = await loadBookingContext(read, input, { refuseHeldSlot: !input.recurring })
  const dates = datesOf(input)
  if (!dates.length) throw fieldError('recurring.until_date', messages.recurringEndRequired)
  return inTransaction(async (ctx) => {
    // Rooms first, in ascending order (DESIGN §4), then the client row, only when its gratis minutes
    // are spent: bookings of one client in different rooms do not wait for each other otherwise. The
    // reads above run before the transaction, so creates of one room on different slots overlap in them.
    await repo.lockSpaces(ctx.tx, bc.heldSpaceIds)
    if (input.use_gratis && bc.client.totalMinutes > 0 && !bc.bookingPackage) {
      const locked = await repo.findClient(ctx.tx, bc.organizationId, bc.client.id, true)
      if (!locked) throw fieldError('client_id', messages.selectRequired)
    }
    const plans: OccurrencePlan[] = []
    for (const date of dates) plans.push(await planOccurrence(ctx, bc, input, date, now))

    const first = plans[0] as OccurrencePlan
    const errors = requestProblems(first)
    const firstError = Object.values(errors)[0]
    if (firstError) throw badRequest(firstError, errors)
    if (!input.recurring) {
      if (first.overlap) throw conflict(messages.slotAlreadyBooked)
      const dateProblem = conflictOf(first)
      if (dateProblem) throw badRequest(dateProblem, { booking_date: dateProblem })
    } else {
      const conflicts = plans
        .map((p) => ({ date: p.date, message: conflictOf(p) }))
        .filter((c): c is { date: string; message: string } => c.message !== null)
      if (conflicts.length)
        throw new HttpError(409, messages.recurringConflicts(conflicts.length), undefined, { conflicts })
    }
    if (!input.confirm_preparation_time && plans.some((p) => p.missingPreparation > 0))
      throw new HttpError(409, preparationQuestion(bc), undefined, { confirm: 'preparation_time' })

    const priced = await priceOccurrences(ctx, bc, input, plans)
    const recurringId = input.recurring
      ? await repo.insertSeries(ctx.tx, {
          organizationId: bc.organizationId,
          frequency: input.recurring.frequency,
          untilDate: input.recurring.until_date ?? null,
          occurrences: input.recurring.occurrences ?? null,
          createdBy: ctx.actor.userId,
        })
      : null
    const status = bc.organization.features.user_screen_booking ? 'tentative' : 'confirmed'
    const bookingIds: number[] = []
    const made: BookingToSchedule[] = []
    const mailSources: MailSource[] = []
    for (const { plan, month, price } of priced) {
      const start = plan.start as Date
      const end = plan.end as Date
      const booking = await repo.insertBooking(ctx.tx, {
        organizationId: bc.organizationId,
        bookingPrefix: bc.organization.bookingPrefix,
        status,
        paymentStatus: input.payment_status,
        transactionId: input.payment_status === 'card' ? input.transaction_id : '',
        isPaid: input.payment_status === 'card',
        bookingConfirmAt: status === 'confirmed' ? now : null,
        centerId: bc.center.id,
        spaceId: bc.space.id,
        startTime: start,
        endTime: end,
        durationMinutes: plan.durationMinutes,
        attendees: input.attendees,
        clientId: bc.client.id,
        userId: bc.user.id,
        submittedBy: ctx.actor.userId,
        currency: bc.organization.currencyCode,
        packageId: bc.bookingPackage?.id ?? null,
        packageName: bc.bookingPackage?.name ?? '',
        packageRate: bc.bookingPackage?.rate ?? null,
        ...pricedBookingLines(price, termsOf(bc)),
        rateModifiedBy: price.roomRateModified ? ctx.actor.userId : null,
        voucherId: bc.voucher?.id ?? null,
        notes: input.notes,
        specialRequirement: input.special_requirement,
        recurringId,
      })
      const bookingId = booking.id
      await repo.insertOccupancy(ctx.tx, bc.organizationId, bookingId, bc.heldSpaceIds, start, end)
      await repo.insertBookingAmenities(
        ctx.tx,
        pricedAmenityLines(price).map((a) => {
          const chosen = bc.chosenAmenities.find((c) => c.amenityId === a.amenityId)
          return {
            organizationId: bc.organizationId,
            bookingId,
            ...a,
            accountCode: chosen?.accountCode ?? '',
            inventoryItemCode: chosen?.code ?? '',
          }
        }),
      )
      if (price.gratisMinutes > 0)
        await repo.addGratisUsage(ctx.tx, bc.organizationId, bc.client.id, month, price.gratisMinutes)
      bookingIds.push(bookingId)
      made.push({
        id: bookingId,
        organizationId: bc.organizationId,
        centerId: bc.center.id,
        spaceId: bc.space.id,
        startTime: start,
        createdAt: booking.createdAt,
        cancelledAt: null,
        zone: bc.center.timezoneId,
      })
      const { organization, center, space, client, user } = bc
      mailSources.push({ booking, organization, center, space, client, user })
    }
    await mails?.created(ctx, { bookings: mailSources, recurringId }, input.dontSendEmail)
    await bookingsCreated(
      ctx.tx,
      bc.organizationId,
      made,
      now,
      input.dontSendEmail === true || input.dontSendEmail === 1,
    )
    return {
      bookingId: bookingIds[0] as number,
      bookingIds,
      recurringId,
      status,
      message: messages.bookingCreated,
    }
  })
}

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

const iso = (value: Date | null) => (value ? value.toISOString() : null)

/** A booking as its confirmation shows it (spec 2 §2, §3). Another organization's is a 404. */
export async function getBooking(ctx: Ctx, id: number): Promise<BookingConfirmation> {
  const row = await repo.findBooking(ctx.tx, id)
  if (!row) throw notFound()
  assertSameOrganization(ctx.actor, row.booking.organizationId)
  const b = row.booking
  const org = row.organization
  const zone = row.center.timezoneId
  const refundView = (r: { amount: string; reason: string }) => ({ amount: r.amount, reason: r.reason })
  const roomRefunds = row.roomRefunds
  const taxRate = toBasisPoints(b.taxPercentage)
  const bookedAmenities = row.amenities.map((a) => {
    const refunded = a.refunds.reduce((s, r) => s + toCents(r.amount), 0)
    // The tax that goes back with the refund, at the booking's rate, as the net amount counts it.
    const refundedTax = percentOf(refunded, taxRate)
    return {
      id: a.id,
      amenity_id: a.amenityId,
      name: a.name,
      type: a.type as 'hour' | 'attendee' | 'flat',
      quantity: a.quantity,
      unit_amount: a.unitAmount,
      total_amount: a.totalAmount,
      not_charged: a.notCharged,
      refunded_amount: centsToDecimal(refunded),
      refunded_tax: centsToDecimal(refundedTax),
      refunded_total_amount: centsToDecimal(refunded + refundedTax),
      amenity_refund: a.refunds.map(refundView),
      account_code: a.accountCode,
      inventory_item_code: a.inventoryItemCode,
    }
  })
  const packageAssociatedMeetingrooms = b.packageId
    ? await repo.packageSpacesOf(ctx.tx, b.organizationId, b.packageId)
    : []
  const additionalCharges = row.additionalCharges.map((c) => ({
    id: c.id,
    charge_type: c.chargeType as 'room' | 'amenities',
    chargedAmenityName: c.chargeType === 'amenities' ? c.name : '',
    chargedRoomType: c.chargeType === 'room' ? c.name : '',
    amount: c.amount,
    reason: c.reason,
    minutes: c.minutes,
    additionalChargeRefunds: c.refunds.map(refundView),
  }))
  const roomSubTotal = roomSubTotalOf(
    toCents(b.roomAmountAfterDiscount),
    toCents(b.voucherDiscount),
    toCents(b.additionalDiscountAmount),
  )
  const totals = bookingTotals({
    roomSubTotal,
    roomRefunds: roomRefunds.map((r) => toCents(r.amount)),
    amenities: bookedAmenities.map((a) => ({
      totalAmount: toCents(a.total_amount),
      refunds: a.amenity_refund.map((r) => toCents(r.amount)),
    })),
    additionalCharges: additionalCharges.map((c) => ({
      amount: toCents(c.amount),
      refunds: c.additionalChargeRefunds.map((r) => toCents(r.amount)),
    })),
    tax: toBasisPoints(b.taxPercentage),
  })
  // A full cancellation refunds a percent of the net amount (spec 2 §5): shown as a line of its
  // own and taken off the net amount, as partial refunds are.
  const cancellationRefund =
    b.status === 'cancelled' && b.cancelledAt
      ? {
          percent: b.cancellationRefundPercent ?? '0.00',
          amount: b.cancellationRefundAmount,
          cancelledBy: `${row.canceller?.firstName ?? ''} ${row.canceller?.lastName ?? ''}`.trim(),
          cancelledAt: b.cancelledAt.toISOString(),
        }
      : null
  const netAmount = totals.netAmount - (cancellationRefund ? toCents(cancellationRefund.amount) : 0)
  const start = wallClock(b.startTime, zone)
  const end = wallClock(b.endTime, zone)
  return {
    bookingId: b.id,
    booking_prefix: b.bookingPrefix,
    reference: `${b.bookingPrefix}${b.id}`,
    status: b.status as BookingConfirmation['status'],
    payment_status: b.paymentStatus as BookingConfirmation['payment_status'],
    payment_method: b.transactionId ? 'Credit Card' : b.paymentStatus === 'card' ? 'Credit Card' : 'Invoice',
    transaction_id: b.transactionId,
    is_paid: b.isPaid ? 1 : 0,
    booking_confirm_at: iso(b.bookingConfirmAt),
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
    start_time: b.startTime.toISOString(),
    end_time: b.endTime.toISOString(),
    timezone: zone,
    start_date: start.date,
    start_wall: start.time,
    end_date: end.date,
    end_wall: end.time,
    duration: Math.round((b.durationMinutes / 60) * 100) / 100,
    attendees: b.attendees,
    clientId: b.clientId,
    clientName: row.client.name,
    externalClientId: row.client.externalClientId,
    clientGratisMinutes: row.client.totalMinutes,
    meetingroomId: b.spaceId,
    meetingName: row.spaceName,
    centerId: b.centerId,
    centerName: row.center.name,
    street: row.center.street,
    city: row.center.city,
    state: row.center.state,
    postcode: row.center.postcode,
    countryName: row.countryName ?? '',
    lat: row.center.lat,
    lon: row.center.lon,
    org_id: org.id,
    organizationName: org.name,
    orgStreet: org.street,
    orgCity: org.city,
    orgState: org.state,
    orgPostcode: org.postcode,
    orgCountryName: row.orgCountryName ?? '',
    orgLogo: org.logo,
    company_registration_number: org.companyRegistrationNumber,
    banking_details: org.bankingDetails,
    time_format: org.timeFormat as 'dd/mm' | 'mm/dd',
    currency: b.currency,
    Submit_first_name: row.submitter.firstName,
    Submit_last_name: row.submitter.lastName,
    fUserName: row.user.firstName,
    lUserName: row.user.lastName,
    email: row.user.email,
    room_rate_unit: b.roomRateUnit,
    room_unit_amount: b.roomUnitAmount,
    room_amount: b.roomAmount,
    room_minutes: b.roomMinutes,
    original_amount: b.originalAmount,
    room_rate_modified: b.roomRateModified,
    rateModifiedUserFirstName: row.rateModifier?.firstName ?? '',
    rateModifiedUserLastName: row.rateModifier?.lastName ?? '',
    gratis_minutes: b.gratisMinutes,
    refunded_gratis_minutes: b.refundedGratisMinutes,
    rate_level: b.rateLevel as 'standard' | 'internal',
    rate_percentage: b.ratePercentage,
    internalDiscount: b.internalDiscount,
    voucher_code: b.voucherCode,
    voucher_type: b.voucherType as BookingConfirmation['voucher_type'],
    voucher_value: b.voucherValue,
    voucher_discount: b.voucherDiscount,
    aditional_discount_rate: b.additionalDiscountRate,
    additional_discount_rate: b.additionalDiscountRate,
    additional_discount_amount: b.additionalDiscountAmount,
    room_amount_after_discount: b.roomAmountAfterDiscount,
    partial_room_amount_refund: centsToDecimal(totals.roomRefundsTotal),
    tax_label: b.taxLabel,
    tax_percentage: b.taxPercentage,
    tax_amount: centsToDecimal(totals.taxAmount),
    sub_total: centsToDecimal(totals.subTotal),
    net_amount: centsToDecimal(netAmount),
    cancellationRefund,
    notes: b.notes,
    special_requirement: b.specialRequirement,
    post_booking_notes: b.postBookingNotes,
    rescheduled: b.rescheduled,
    recurringId: b.recurringId,
    organization_package_id: b.packageId,
    packageName: b.packageName,
    packageServices: row.package?.services ?? '',
    packageDetails: row.package?.type
      ? {
          type: row.package.type as 'fixed' | 'duration',
          start_time: row.package.startTime,
          end_time: row.package.endTime,
        }
      : null,
    packageAssociatedMeetingrooms,
    isMS365Booking: b.isMs365Booking,
    isCalendarBooking: b.isCalendarBooking,
    mh_url: org.mhUrl,
    partialRoomRefunds: roomRefunds.map(refundView),
    additionalCharges,
    bookedAmenities,
  }
}

export async function reschedulingLog(ctx: Ctx, id: number): Promise<ReschedulingEntry[]> {
  const booking = await visibleBooking(ctx, id, false)
  const rows = await repo.reschedulesOf(ctx.tx, booking.organizationId, booking.id)
  return rows.map((r) => {
    const start = wallClock(r.entry.startTime, r.timezone)
    return {
      centerName: r.centerName,
      meetingroomName: r.spaceName,
      start_time: r.entry.startTime.toISOString(),
      end_time: r.entry.endTime.toISOString(),
      start_date: start.date,
      start_wall: start.time,
      end_wall: wallClock(r.entry.endTime, r.timezone).time,
      duration: Math.round((r.entry.durationMinutes / 60) * 100) / 100,
      first_name: r.firstName ?? '',
      last_name: r.lastName ?? '',
      created_at: r.entry.createdAt.toISOString(),
    }
  })
}

export async function workflowLogs(ctx: Ctx, id: number): Promise<WorkflowLogEntry[]> {
  const booking = await visibleBooking(ctx, id, false)
  const rows = await repo.workflowLogsOf(ctx.tx, booking.organizationId, booking.id)
  return rows.map((r) => ({
    workflow_name: r.workflow_name,
    status: r.status,
    remarks: r.remarks,
    updated_at: r.updatedAt.toISOString(),
  }))
}

/** The booking, locked when an operation will change it; another organization's is a 404. */
export async function visibleBooking(ctx: Ctx, id: number, lock: boolean) {
  const booking = await operationsRepo.bookingRow(ctx.tx, id, lock)
  if (!booking) throw notFound()
  assertSameOrganization(ctx.actor, booking.organizationId)
  return booking
}

/** Tentative bookings of an organization: turning screen bookings off waits until there are none. */
export async function tentativeBookingCount(ctx: Ctx, organizationId: number) {
  assertSameOrganization(ctx.actor, organizationId)
  return { count: await repo.countTentativeBookings(ctx.tx, organizationId) }
}

/** Active bookings of a space from now on, for the warning before deactivating it. */
export async function futureBookingCount(ctx: Ctx, spaceId: number, now = new Date()) {
  const space = await repo.findSpace(ctx.tx, spaceId)
  if (!space) throw notFound()
  assertSameOrganization(ctx.actor, space.organizationId)
  return { count: await repo.countFutureBookingsOfSpace(ctx.tx, space.organizationId, space.id, now) }
}
