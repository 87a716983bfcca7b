// Making a booking (spec 2): the one read it is checked and priced from, the checks of each date,
// the price, and the rows written in one transaction; the live quote runs the same checks and
// pricing without writing, and a reschedule checks its new slot with planSlot.
import {
  type BookingCreateInput,
  type BookingTerms,
  type BusyRange,
  bookingTax,
  centsToDecimal,
  describeMinutes,
  MAX_SERIES_OCCURRENCES,
  messages,
  missingPreparationMinutes,
  occurrenceDates,
  overlaps,
  type Price,
  priceBookingTerms,
  pricedAmenityLines,
  pricedBookingLines,
  type RateUnit,
  type RoomRates,
  type SlotProblem,
  slotProblems,
  toBasisPoints,
  toCents,
  voucherAppliesOn,
  zonedInstant,
} from '@spaceboard/domain'
import type { Ctx, InTransaction } from '../../platform/context.ts'
import { badRequest, conflict, fieldError, HttpError } from '../../platform/errors.ts'
import { organizationForWrite } from '../../platform/tenancy.ts'
import type { BookingToSchedule } from '../workflows/workflow-sends.repository.ts'
import { bookingsCreated } from '../workflows/workflows.schedule.ts'
import * as contextRepo from './booking-context.repository.ts'
import type { BookingMails, MailSource } from './booking-mails.ts'
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
  const found = await contextRepo.bookingContext(tx, {
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
