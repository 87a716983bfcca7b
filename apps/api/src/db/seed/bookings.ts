import {
  addDays,
  addMonths,
  type BookingTax,
  type BookingTerms,
  bookingTax,
  bookingTotals,
  type Cents,
  centsToDecimal,
  type DateRange,
  type IsoDate,
  minutesOfDay,
  type Price,
  percentOf,
  priceBookingTerms,
  pricedAmenityLines,
  pricedBookingLines,
  type RateUnit,
  type RoomRates,
  slotProblems,
  spaceTypes,
  timeOfDay,
  toCents,
  voucherAppliesOn,
  wallClock,
  zonedInstant,
} from '@spaceboard/domain'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { inTurn } from '../../platform/in-turn.ts'
import type { Tx } from '../client.ts'
import {
  amenities,
  bookingAdditionalChargeRefunds,
  bookingAdditionalCharges,
  bookingAmenities,
  bookingAmenityRefunds,
  bookingOccupancy,
  bookingReschedules,
  bookingRoomRefunds,
  bookings,
  bookingWorkflowLogs,
  centers,
  clientGratisLog,
  clients,
  organizationAmenities,
  organizationBlackoutPeriods,
  organizationRoomTypes,
  organizations,
  packageSpaces,
  packages,
  recurringSeries,
  spaceAmenities,
  spaceBlackoutPeriods,
  spaceChildren,
  spaceRates,
  spaces,
  users,
  vouchers,
} from '../schema/index.ts'
import { insertRows } from './bulk.ts'

/**
 * Demo bookings: six months back and three months (91 days) ahead of `now` in each center's own
 * calendar, about 3–6 a week per active space, priced by the domain exactly as createBooking prices
 * them (bookingTax, priceBookingTerms, pricedBookingLines), never two active bookings in one
 * physical room at once (a combined room holds its children), with the preparation time of the
 * booked space kept free around each booking as createBooking asks for.
 *
 * Deterministic for a given `now`: one mulberry32 stream per organization with a fixed seed, and
 * every list walked in id order.
 *
 * Figures of the demo data (spec 0 context): bookings last about 2.5 hours, are made about 10 days
 * ahead, about one in ten is paid by card, and about a third of the bookings of clients with a
 * gratis allowance ask for their gratis minutes (each client's monthly allowance is the hard limit:
 * the first such booking of a month usually takes all of it, as createBooking would).
 */

/** Days of future bookings: 13 weeks, so that the bookings tests' 120+ days ahead stay in an untouched month. */
export const SEED_FUTURE_DAYS = 91
export const SEED_PAST_MONTHS = 6
/** The notes of the showcase booking start with this. */
export const SHOWCASE_NOTES = 'Showcase booking'
/** The showcase is on the first weekday at least this many days after the seed day (Sydney). */
export const SHOWCASE_DAYS_AHEAD = 3

const SEED = 0x5eed_b00c
const MINUTE = 60_000
const DAY = 86_400_000

function mulberry32(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** FNV-1a of a name: the organization's own random stream does not depend on database ids. */
function hashOf(text: string) {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

type Random = ReturnType<typeof mulberry32>
const chance = (rand: Random, p: number) => rand() < p
const pick = <T>(rand: Random, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T
function weighted<T>(rand: Random, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((s, [, w]) => s + w, 0)
  let r = rand() * total
  for (const [value, weight] of entries) {
    r -= weight
    if (r < 0) return value
  }
  return entries[entries.length - 1]?.[0] as T
}
const weekday = (date: IsoDate) => new Date(`${date}T12:00:00Z`).getUTCDay()
const isWeekend = (date: IsoDate) => [0, 6].includes(weekday(date))
const between = (rand: Random, from: number, to: number) => from + Math.floor(rand() * (to - from + 1))

// ---------------------------------------------------------------------------------------------
// What the seed books from

async function loadWorld(tx: Tx) {
  const [
    orgRows,
    centerRows,
    spaceRows,
    rateRows,
    childRows,
    spaceBlackoutRows,
    orgBlackoutRows,
    spaceAmenityRows,
    packageRows,
    packageSpaceRows,
    clientRows,
    userRows,
    voucherRows,
    gratisRows,
    roomTypeRows,
    orgAmenityRows,
  ] = await inTurn(
    () =>
      tx.select().from(organizations).where(isNull(organizations.deletedAt)).orderBy(asc(organizations.id)),
    () =>
      tx
        .select()
        .from(centers)
        .where(and(isNull(centers.deletedAt), eq(centers.isActive, true)))
        .orderBy(asc(centers.id)),
    () =>
      tx
        .select()
        .from(spaces)
        .where(and(isNull(spaces.deletedAt), eq(spaces.isActive, true)))
        .orderBy(asc(spaces.id)),
    () => tx.select().from(spaceRates),
    () => tx.select().from(spaceChildren),
    () => tx.select().from(spaceBlackoutPeriods),
    () => tx.select().from(organizationBlackoutPeriods),
    () =>
      tx
        .select({
          organizationId: spaceAmenities.organizationId,
          spaceId: spaceAmenities.spaceId,
          amenityId: spaceAmenities.amenityId,
          name: amenities.name,
          chargeType: spaceAmenities.chargeType,
          amount: spaceAmenities.amount,
          code: organizationAmenities.code,
          accountCode: organizationAmenities.accountCode,
        })
        .from(spaceAmenities)
        .innerJoin(amenities, eq(amenities.id, spaceAmenities.amenityId))
        .leftJoin(
          organizationAmenities,
          and(
            eq(organizationAmenities.organizationId, spaceAmenities.organizationId),
            eq(organizationAmenities.amenityId, spaceAmenities.amenityId),
          ),
        )
        .orderBy(asc(spaceAmenities.spaceId), asc(amenities.name)),
    () => tx.select().from(packages).where(eq(packages.status, 'enable')).orderBy(asc(packages.id)),
    () => tx.select().from(packageSpaces),
    () => tx.select().from(clients).where(isNull(clients.deletedAt)).orderBy(asc(clients.id)),
    () =>
      tx
        .select({
          id: users.id,
          organizationId: users.organizationId,
          clientId: users.clientId,
          type: users.type,
        })
        .from(users)
        .where(isNull(users.deletedAt))
        .orderBy(asc(users.id)),
    () => tx.select().from(vouchers).orderBy(asc(vouchers.id)),
    () => tx.select().from(clientGratisLog),
    () => tx.select().from(organizationRoomTypes),
    () =>
      tx
        .select({
          organizationId: organizationAmenities.organizationId,
          amenityId: organizationAmenities.amenityId,
          code: organizationAmenities.code,
          accountCode: organizationAmenities.accountCode,
          name: amenities.name,
        })
        .from(organizationAmenities)
        .innerJoin(amenities, eq(amenities.id, organizationAmenities.amenityId))
        .orderBy(asc(organizationAmenities.amenityId)),
  )
  return {
    orgRows,
    centerRows,
    spaceRows,
    rateRows,
    childRows,
    spaceBlackoutRows,
    orgBlackoutRows,
    spaceAmenityRows,
    packageRows,
    packageSpaceRows,
    clientRows,
    userRows,
    voucherRows,
    gratisRows,
    roomTypeRows,
    orgAmenityRows,
  }
}
type World = Awaited<ReturnType<typeof loadWorld>>
type OrgRow = World['orgRows'][number]
type CenterRow = World['centerRows'][number]
type SpaceRow = World['spaceRows'][number]
type ClientRow = World['clientRows'][number]
type PackageRow = World['packageRows'][number]
type VoucherRow = World['voucherRows'][number]
type SpaceAmenity = World['spaceAmenityRows'][number]

interface SpacePlan {
  row: SpaceRow
  center: CenterRow
  rates: RoomRates
  /** The physical rooms a booking of it holds: itself and, for a combined room, its children. */
  held: number[]
  blackouts: DateRange[]
  amenities: SpaceAmenity[]
  packages: PackageRow[]
  /** The bookable window: the space's, inside the center's hours unless it is open after hours. */
  from: number
  to: number
}

interface Refund {
  amount: Cents
  reason: string
  at: Date
}

interface Charge {
  chargeType: 'room' | 'amenities'
  spaceId: number | null
  amenityId: number | null
  name: string
  amount: Cents
  reason: string
  accountCode: string
  inventoryItemCode: string
  at: Date
  refunds: Refund[]
}

interface Reschedule {
  centerId: number
  spaceId: number
  start: Date
  end: Date
  durationMinutes: number
  at: Date
}

interface PlannedBooking {
  org: OrgRow
  space: SpacePlan
  client: ClientRow
  userId: number
  submittedBy: number
  date: IsoDate
  start: Date
  end: Date
  durationMinutes: number
  attendees: number
  pkg: PackageRow | null
  voucher: VoucherRow | null
  terms: BookingTerms
  price: Price
  rateModifiedBy: number | null
  status: 'tentative' | 'confirmed' | 'cancelled'
  paymentStatus: 'invoice' | 'card'
  transactionId: string
  isPaid: boolean
  createdAt: Date
  confirmAt: Date | null
  cancelledAt: Date | null
  refundedGratisMinutes: number
  exported: boolean
  roomRefunds: Refund[]
  /** Refunds per booked amenity, in the order of price.amenities. */
  amenityRefunds: Refund[][]
  charges: Charge[]
  reschedules: Reschedule[]
  workflowLogs: { workflowName: string; status: string; remarks: string; at: Date }[]
  series: number | null
  notes: string
  specialRequirement: string
  postBookingNotes: string
}

interface SeriesPlan {
  org: OrgRow
  createdBy: number
  untilDate: IsoDate
  occurrences: number
}

const roomRefundReasons = [
  'Air conditioning fault in the first hour',
  'Room handed over late by the previous booking',
  'Projector screen out of order',
  'Goodwill credit: noisy building works next door',
]
const amenityRefundReasons = [
  'Equipment not working on the day',
  'Fewer attendees than booked',
  'Not used: the client brought their own',
]
const chargeReasons = {
  room: [
    'Stayed on past the booked end time',
    'Extra cleaning after the event',
    'Room set-up changed on the day',
  ],
  amenities: ['Requested on the day', 'Extra equipment for a second presenter', 'Replacement consumables'],
}
const chargeRefundReasons = ['Charged twice by mistake', 'Partly waived as a goodwill gesture']
const specialRequirements = [
  'Vegetarian lunch for two attendees',
  'Wheelchair access to the room, please',
  'Room set in U-shape',
  'Guests will arrive from 8:45',
]
const postBookingNotes = [
  'Client asked for an invoice to their finance team.',
  'Left the whiteboard markers behind; kept at reception.',
  'Very happy with the room, wants the same next month.',
]
const bookingNotes = [
  'Quarterly planning',
  'Client workshop',
  'Interviews',
  'Board meeting',
  'Team offsite',
  'Training session',
  'Sales review',
  'Product demo',
]

// ---------------------------------------------------------------------------------------------
// Planning

class Planner {
  readonly planned: PlannedBooking[] = []
  readonly series: SeriesPlan[] = []
  /** Active occupancy per physical room and center-local date: [start, end) epoch ms. */
  private readonly busy = new Map<string, [number, number][]>()
  /** Gratis minutes used (before refunds) per organization, client and month. */
  readonly gratisUsed = new Map<string, number>()
  readonly gratisRefunded = new Map<string, number>()
  private readonly instants = new Map<string, Date | null>()

  constructor(
    readonly world: World,
    readonly now: Date,
  ) {
    for (const row of world.gratisRows) {
      const key = `${row.organizationId}|${row.clientId}|${row.usedMonth}`
      this.gratisUsed.set(key, row.usedMinutes)
    }
  }

  instant(date: IsoDate, time: string, zone: string): Date | null {
    const key = `${zone}|${date}|${time}`
    let value = this.instants.get(key)
    if (value === undefined) {
      value = zonedInstant(date, time, zone)
      this.instants.set(key, value)
    }
    return value
  }

  isFree(space: SpacePlan, date: IsoDate, start: number, end: number): boolean {
    const gap = (space.row.preMakeupMinutes + space.row.postMakeupMinutes) * MINUTE
    for (const room of space.held) {
      for (const [s, e] of this.busy.get(`${room}|${date}`) ?? [])
        if (start < e + gap && s < end + gap) return false
    }
    return true
  }

  hold(space: SpacePlan, date: IsoDate, start: number, end: number) {
    for (const room of space.held) {
      const key = `${room}|${date}`
      const list = this.busy.get(key)
      if (list) list.push([start, end])
      else this.busy.set(key, [[start, end]])
    }
  }

  /** As createBooking counts them: the allowance less what the month used net of refunds. */
  gratisAvailable(org: OrgRow, client: ClientRow, month: string) {
    const key = `${org.id}|${client.id}|${month}`
    const used = (this.gratisUsed.get(key) ?? 0) - (this.gratisRefunded.get(key) ?? 0)
    return Math.max(0, client.totalMinutes - used)
  }

  takeGratis(org: OrgRow, client: ClientRow, month: string, minutes: number) {
    if (minutes <= 0) return
    const key = `${org.id}|${client.id}|${month}`
    this.gratisUsed.set(key, (this.gratisUsed.get(key) ?? 0) + minutes)
  }

  refundGratis(org: OrgRow, client: ClientRow, month: string, minutes: number) {
    if (minutes <= 0) return
    const key = `${org.id}|${client.id}|${month}`
    this.gratisRefunded.set(key, (this.gratisRefunded.get(key) ?? 0) + minutes)
  }
}

/** Whether the domain's booking rules accept the slot (hours, window, durations, capacity, package, blackouts). */
function slotOk(
  org: OrgRow,
  orgBlackouts: DateRange[],
  space: SpacePlan,
  date: IsoDate,
  from: number,
  to: number,
  attendees: number,
  pkg: PackageRow | null,
) {
  return (
    slotProblems({
      slot: { date, startTime: timeOfDay(from), endTime: timeOfDay(to), attendees },
      space: {
        isActive: space.row.isActive,
        capacity: space.row.capacity,
        minimumDurationMinutes: space.row.minimumDurationMinutes,
        maximumDurationMinutes: space.row.maximumDurationMinutes,
        startTime: space.row.startTime,
        endTime: space.row.endTime,
        preMakeupMinutes: space.row.preMakeupMinutes,
        postMakeupMinutes: space.row.postMakeupMinutes,
        rates: space.rates,
        blackoutPeriods: space.blackouts,
      },
      center: space.center,
      organizationBlackoutPeriods: org.features.blackout_period ? orgBlackouts : [],
      minimumNoticeDays: 0,
      // The seed writes history too: how far ahead a booking is does not matter here.
      minutesUntilStart: Number.MAX_SAFE_INTEGER,
      durationMinutes: to - from,
      package: pkg
        ? {
            type: pkg.type as 'fixed' | 'duration',
            minAttendees: pkg.minAttendees,
            startTime: pkg.startTime,
            endTime: pkg.endTime,
            durationMinutes: pkg.durationMinutes,
          }
        : null,
    }).length === 0
  )
}

/** Durations a space's rates allow, weighted so that a booking lasts about 2.5 hours on average. */
function durationChoices(rates: RoomRates): (readonly [number, number])[] {
  if (rates.hour != null) {
    const list: [number, number][] = [
      [60, 6],
      [90, 5],
      [120, 5],
      [150, 3],
      [180, 2],
      [240, 1],
      [300, 0.5],
    ]
    if (rates.day != null) list.push([480, 0.3])
    return list
  }
  if (rates.halfday != null)
    return [
      [240, 3],
      [480, 1],
    ]
  return [[480, 1]]
}

interface OrgContext {
  org: OrgRow
  rand: Random
  planner: Planner
  tax: Map<number, BookingTax>
  orgBlackouts: DateRange[]
  clients: ClientRow[]
  bookers: Map<number, number[]>
  staff: number[]
  admin: number
  vouchers: VoucherRow[]
  roomTypes: World['roomTypeRows']
  orgAmenities: World['orgAmenityRows']
  screens: boolean
}

interface BookingRequest {
  space: SpacePlan
  date: IsoDate
  from: number
  to: number
  attendees: number
  client: ClientRow
  pkg: PackageRow | null
  voucher: VoucherRow | null
  amenities: SpaceAmenity[]
  useGratis: boolean
  /** A fraction of the rate table's amount staff typed instead (Amended By), or null. */
  amend: number | null
}

/** Prices a request exactly as createBooking does and plans it (with its status, payment and dates). */
function planBooking(
  c: OrgContext,
  request: BookingRequest,
  options: { status?: PlannedBooking['status']; createdAt?: Date; series?: number | null } = {},
): PlannedBooking | null {
  const { planner, org, rand } = c
  const { space, date } = request
  const zone = space.center.timezoneId
  const start = planner.instant(date, timeOfDay(request.from), zone)
  const end = planner.instant(date, timeOfDay(request.to), zone)
  if (!start || !end) return null
  const durationMinutes = Math.round((end.getTime() - start.getTime()) / MINUTE)
  const month = date.slice(0, 7)
  const terms: BookingTerms = {
    rates: space.rates,
    packageRate: request.pkg?.rate ?? null,
    client: request.client,
    voucher: request.voucher,
    amenities: request.amenities,
    tax: c.tax.get(space.center.id) as BookingTax,
  }
  const gratisAvailableMinutes =
    request.useGratis && request.client.totalMinutes > 0 && !request.pkg
      ? planner.gratisAvailable(org, request.client, month)
      : 0
  const occurrence = { durationMinutes, attendees: request.attendees, gratisAvailableMinutes }
  let price = priceBookingTerms(terms, occurrence)
  let rateModifiedBy: number | null = null
  if (request.amend !== null && !request.pkg && price.originalAmount >= 2000) {
    // Staff type a round amount below the rate table's.
    const amended = Math.round((price.originalAmount * request.amend) / 100) * 100
    const amendedPrice = priceBookingTerms(terms, { ...occurrence, roomAmountOverride: amended })
    if (amendedPrice.roomRateModified) {
      price = amendedPrice
      rateModifiedBy = c.admin
    }
  }

  const nowMs = planner.now.getTime()
  const startMs = start.getTime()
  const past = startMs < nowMs
  const leadDays = Math.min(60, -Math.log(1 - rand()) * 6)
  let createdMs = options.createdAt?.getTime() ?? startMs - leadDays * DAY - between(rand, 0, 8) * 3_600_000
  // Booked further ahead than that (the planner keeps fewer of those): made in the last fortnight.
  if (createdMs > nowMs) createdMs = nowMs - rand() * 14 * DAY
  const createdAt = new Date(createdMs)
  const settledBy = Math.min(startMs, nowMs)

  let status = options.status
  if (!status) {
    if (chance(rand, 0.07)) status = 'cancelled'
    else if (c.screens && chance(rand, past ? 0.03 : 0.45)) status = 'tentative'
    else status = 'confirmed'
  }
  const confirmAt =
    status === 'confirmed' || (status === 'cancelled' && (!c.screens || chance(rand, 0.7)))
      ? new Date(
          c.screens ? createdMs + rand() * Math.min(2 * DAY, Math.max(0, settledBy - createdMs)) : createdMs,
        )
      : null
  const cancelledFrom = confirmAt?.getTime() ?? createdMs
  const cancelledAt =
    status === 'cancelled' ? new Date(cancelledFrom + rand() * Math.max(0, settledBy - cancelledFrom)) : null

  const clientPaysByCard = request.client.paymentMethod === 'credit_card'
  const paymentStatus: 'invoice' | 'card' = chance(rand, clientPaysByCard ? 0.22 : 0.03) ? 'card' : 'invoice'
  const transactionId =
    paymentStatus === 'card'
      ? `ch_${Array.from({ length: 24 }, () => Math.floor(rand() * 16).toString(16)).join('')}`
      : ''
  const isPaid = paymentStatus === 'card' || chance(rand, past ? 0.85 : 0.1)

  planner.takeGratis(org, request.client, month, price.gratisMinutes)
  const refundedGratisMinutes = status === 'cancelled' ? price.gratisMinutes : 0
  planner.refundGratis(org, request.client, month, refundedGratisMinutes)
  if (status !== 'cancelled') planner.hold(space, date, startMs, end.getTime())

  const bookers = c.bookers.get(request.client.id) ?? []
  const booking: PlannedBooking = {
    org,
    space,
    client: request.client,
    userId: pick(rand, bookers),
    submittedBy: pick(rand, c.staff),
    date,
    start,
    end,
    durationMinutes,
    attendees: request.attendees,
    pkg: request.pkg,
    voucher: request.voucher,
    terms,
    price,
    rateModifiedBy,
    status,
    paymentStatus,
    transactionId,
    isPaid,
    createdAt,
    confirmAt,
    cancelledAt,
    refundedGratisMinutes,
    exported: past && paymentStatus === 'invoice' && startMs < nowMs - 30 * DAY && chance(rand, 0.7),
    roomRefunds: [],
    amenityRefunds: price.amenities.map(() => []),
    charges: [],
    reschedules: [],
    workflowLogs: [],
    series: options.series ?? null,
    notes: chance(rand, 0.4) ? pick(rand, bookingNotes) : '',
    specialRequirement: chance(rand, 0.1) ? pick(rand, specialRequirements) : '',
    postBookingNotes: past && chance(rand, 0.05) ? pick(rand, postBookingNotes) : '',
  }
  planner.planned.push(booking)
  return booking
}

/** A moment after the booking was made and before it ended (or now, if that is earlier). */
function afterBooking(rand: Random, booking: PlannedBooking, now: Date) {
  const from = booking.createdAt.getTime()
  const to = Math.min(now.getTime(), booking.start.getTime() + booking.durationMinutes * MINUTE)
  return new Date(from + rand() * Math.max(0, to - from))
}

function roomChargeOf(c: OrgContext, space: SpacePlan) {
  const type = c.roomTypes.find((t) => t.organizationId === c.org.id && t.roomType === space.row.roomType)
  return {
    name: spaceTypes.find((t) => t.key === space.row.roomType)?.label ?? space.row.roomType,
    accountCode: type?.accountCode ?? '',
    inventoryItemCode: type?.code ?? '',
  }
}

/** Refunds, additional charges, reschedules and workflow logs on a planned booking. */
function addLedger(c: OrgContext, booking: PlannedBooking) {
  const { rand, planner } = c
  const now = planner.now
  const past = booking.start.getTime() < now.getTime()
  if (booking.status !== 'cancelled' && past) {
    if (booking.price.roomSubTotal >= 1000 && chance(rand, 0.04)) {
      const amount = Math.max(
        100,
        Math.round(percentOf(booking.price.roomSubTotal, between(rand, 10, 40) * 100) / 100) * 100,
      )
      if (amount <= booking.price.roomSubTotal)
        booking.roomRefunds.push({
          amount,
          reason: pick(rand, roomRefundReasons),
          at: afterBooking(rand, booking, now),
        })
    }
    if (booking.price.amenities.length && chance(rand, 0.15)) {
      const index = Math.floor(rand() * booking.price.amenities.length)
      const line = booking.price.amenities[index]
      const refunds = booking.amenityRefunds[index]
      if (line && refunds && line.totalAmount > 0) {
        const amount = chance(rand, 0.5) ? line.totalAmount : Math.max(1, Math.round(line.totalAmount / 2))
        refunds.push({
          amount,
          reason: pick(rand, amenityRefundReasons),
          at: afterBooking(rand, booking, now),
        })
      }
    }
    if (chance(rand, 0.05)) {
      const kinds: ('room' | 'amenities')[] = chance(rand, 0.5)
        ? ['room']
        : chance(rand, 0.5)
          ? ['amenities']
          : ['room', 'amenities']
      for (const kind of kinds) {
        const charge = additionalCharge(
          c,
          booking,
          kind,
          between(rand, 2, 12) * 500,
          pick(rand, chargeReasons[kind]),
        )
        if (charge && chance(rand, 0.3))
          charge.refunds.push({
            amount: Math.max(100, Math.round(charge.amount / 200) * 100),
            reason: pick(rand, chargeRefundReasons),
            at: new Date(Math.min(now.getTime(), charge.at.getTime() + DAY)),
          })
      }
    }
  }
  if (booking.status !== 'cancelled' && chance(rand, 0.03)) {
    const at = afterBooking(rand, booking, now)
    const current = {
      centerId: booking.space.center.id,
      spaceId: booking.space.row.id,
      start: booking.start,
      end: booking.end,
      durationMinutes: booking.durationMinutes,
    }
    if (chance(rand, 0.3)) {
      // Moved twice: first to 24 hours later, then back to where it is now.
      const earlierAt = new Date(
        booking.createdAt.getTime() + (at.getTime() - booking.createdAt.getTime()) / 2,
      )
      booking.reschedules.push({
        ...current,
        start: new Date(booking.start.getTime() + DAY),
        end: new Date(booking.end.getTime() + DAY),
        at: earlierAt,
      })
    }
    booking.reschedules.push({ ...current, at })
  }
  if (chance(rand, 0.12)) {
    const at = new Date(
      Math.min(now.getTime(), (booking.confirmAt ?? booking.createdAt).getTime() + 5 * MINUTE),
    )
    if (chance(rand, 0.12))
      booking.workflowLogs.push({
        workflowName: 'Booking confirmation e-mail',
        status: 'failed',
        remarks: 'SMTP server refused the connection: 421 Try again later',
        at,
      })
    booking.workflowLogs.push({
      workflowName: 'Booking confirmation e-mail',
      status: 'success',
      remarks: 'Sent to the booker',
      at,
    })
    if (!past && booking.status !== 'cancelled')
      booking.workflowLogs.push({
        workflowName: 'Reminder 24 hours before',
        status: 'pending',
        remarks: 'Waiting for its time',
        at,
      })
  }
}

function additionalCharge(
  c: OrgContext,
  booking: PlannedBooking,
  kind: 'room' | 'amenities',
  amount: Cents,
  reason: string,
): Charge | null {
  const at = afterBooking(c.rand, booking, c.planner.now)
  if (kind === 'room') {
    const room = roomChargeOf(c, booking.space)
    const charge: Charge = {
      chargeType: 'room',
      spaceId: booking.space.row.id,
      amenityId: null,
      ...room,
      amount,
      reason,
      at,
      refunds: [],
    }
    booking.charges.push(charge)
    return charge
  }
  const amenity = pick(c.rand, c.orgAmenities)
  if (!amenity) return null
  const charge: Charge = {
    chargeType: 'amenities',
    spaceId: null,
    amenityId: amenity.amenityId,
    name: amenity.name,
    amount,
    reason,
    accountCode: amenity.accountCode,
    inventoryItemCode: amenity.code,
    at,
    refunds: [],
  }
  booking.charges.push(charge)
  return charge
}

/** A client of the organization, the ones with bookers only. */
function randomRequest(c: OrgContext, space: SpacePlan, date: IsoDate): BookingRequest | null {
  const { rand } = c
  const client = pick(rand, c.clients)
  const offered = space.packages.filter((p) => p.minAttendees <= space.row.capacity)
  const pkg = offered.length && chance(rand, 0.12) ? pick(rand, offered) : null
  let from: number
  let to: number
  let attendees: number
  if (pkg?.type === 'fixed' && pkg.startTime && pkg.endTime) {
    from = minutesOfDay(pkg.startTime)
    to = minutesOfDay(pkg.endTime)
  } else {
    const duration = pkg?.durationMinutes ?? weighted(rand, durationChoices(space.rates))
    const latest = space.to - duration
    if (latest < space.from) return null
    // Starts lean towards the morning: the earlier of two draws, in 15 minute steps.
    const slots = Math.floor((latest - space.from) / 15)
    from = space.from + Math.min(between(rand, 0, slots), between(rand, 0, slots)) * 15
    to = from + duration
  }
  if (pkg) attendees = between(rand, pkg.minAttendees, space.row.capacity)
  else attendees = Math.max(1, Math.round(space.row.capacity * rand() ** 1.5))
  const usable = c.vouchers.filter((v) => voucherAppliesOn(v, date))
  const voucher = usable.length && chance(rand, 0.08) ? pick(rand, usable) : null
  const chosen = chance(rand, 0.3) ? space.amenities.filter(() => chance(rand, 0.5)) : []
  return {
    space,
    date,
    from,
    to,
    attendees,
    client,
    pkg,
    voucher,
    amenities: chosen,
    useGratis: chance(rand, 0.35),
    amend: chance(rand, 0.03) ? between(rand, 75, 95) / 100 : null,
  }
}

function fits(c: OrgContext, request: BookingRequest) {
  const zone = request.space.center.timezoneId
  const start = c.planner.instant(request.date, timeOfDay(request.from), zone)
  const end = c.planner.instant(request.date, timeOfDay(request.to), zone)
  return (
    start !== null &&
    end !== null &&
    slotOk(
      c.org,
      c.orgBlackouts,
      request.space,
      request.date,
      request.from,
      request.to,
      request.attendees,
      request.pkg,
    ) &&
    c.planner.isFree(request.space, request.date, start.getTime(), end.getTime())
  )
}

/** Weekly series of Harbour-style organizations (recurring bookings enabled). */
function planSeries(
  c: OrgContext,
  spaceList: SpacePlan[],
  spec: {
    space: string
    client: string
    weekday: number
    /** Weeks from today of the first occurrence (negative: in the past). */
    firstWeek: number
    weeks: number
    from: string
    to: string
    attendees: number
    status?: PlannedBooking['status']
    useGratis: boolean
    note: string
  },
) {
  const space = spaceList.find((s) => s.row.name === spec.space)
  const client = c.clients.find((cl) => cl.name === spec.client)
  if (!space || !client) return
  const today = wallClock(c.planner.now, space.center.timezoneId).date
  let first = addDays(today, spec.firstWeek * 7)
  while (weekday(first) !== spec.weekday) first = addDays(first, 1)
  const dates = Array.from({ length: spec.weeks }, (_, i) => addDays(first, i * 7))
  const request = (date: IsoDate): BookingRequest => ({
    space,
    date,
    from: minutesOfDay(spec.from),
    to: minutesOfDay(spec.to),
    attendees: spec.attendees,
    client,
    pkg: null,
    voucher: null,
    amenities: [],
    useGratis: spec.useGratis,
    amend: null,
  })
  // Like createBooking: dates that cannot be booked (blackouts) are skipped, the rest are all booked.
  const bookable = dates.filter((d) => fits(c, request(d)))
  if (!bookable.length) return
  const series = c.planner.series.push({
    org: c.org,
    createdBy: c.admin,
    untilDate: dates[dates.length - 1] as IsoDate,
    occurrences: spec.weeks,
  })
  const firstStart = c.planner.instant(first, spec.from, space.center.timezoneId) as Date
  const createdAt = new Date(Math.min(c.planner.now.getTime() - DAY, firstStart.getTime() - 9 * DAY))
  for (const date of bookable) {
    const booking = planBooking(c, request(date), {
      status: spec.status ?? (date < today ? 'confirmed' : undefined),
      createdAt,
      series: series - 1,
    })
    if (booking) booking.notes = spec.note
  }
}

/**
 * A cancelled booking whose gratis minutes went back to the client (Harbour Workspaces), whatever
 * the seed day: Acme Consulting, Harbour Room B at Circular Quay, 14:00–15:00 (Sydney) on the first
 * weekday at least a week after the seed day, all 60 minutes from Acme's gratis allowance. Planned
 * before everything else of its month, so the allowance is whole; the refund gives it back.
 */
function planCancelledWithGratis(c: OrgContext, spaceList: SpacePlan[]) {
  const space = spaceList.find((s) => s.row.name === 'Harbour Room B')
  const client = c.clients.find((cl) => cl.name === 'Acme Consulting')
  if (!space || !client) return
  const request = (d: IsoDate): BookingRequest => ({
    space,
    date: d,
    from: minutesOfDay('14:00'),
    to: minutesOfDay('15:00'),
    attendees: 4,
    client,
    pkg: null,
    voucher: null,
    amenities: [],
    useGratis: true,
    amend: null,
  })
  let date = addDays(wallClock(c.planner.now, space.center.timezoneId).date, 7)
  while (isWeekend(date) || !fits(c, request(date))) date = addDays(date, 1)
  planBooking(c, request(date), { status: 'cancelled' })
}

/**
 * The showcase booking (Harbour Workspaces): every line of the billing math at once, for the
 * confirmation page and its tests. Acme Consulting (booker Alice Nguyen), Harbour Room A at
 * Circular Quay, 10:00–13:00 (Sydney) on the first weekday at least 3 days after the seed day,
 * 6 attendees, voucher WELCOME10, confirmed, invoice unpaid. Hand-computed (AUD):
 *
 *   3 h booked, Acme's 120 gratis minutes used first → 1 h chargeable at 45.00 = 45.00 (room amount)
 *   internal discount 10 % of 45.00 = 4.50                → room after discount 40.50
 *   voucher WELCOME10 10 % of 40.50 = 4.05                → 36.45
 *   additional discount 5 % of 36.45 = 1.8225 → 1.82       → room subtotal 34.63
 *   amenities: Projector flat 25.00; Video conferencing 12.50 × 6 attendees = 75.00;
 *              Whiteboard 10.00 × 3 h = 30.00              → 130.00
 *   as booked: subtotal 164.63, GST 10 % 16.46, total 181.09
 *   then: partial room refund −10.00; Video conferencing refund −12.50;
 *         additional charges: room (Meeting Room) +30.00, amenity Flip chart +15.00, its refund −5.00
 *   subtotal 34.63 − 10.00 + 130.00 − 12.50 + 30.00 + 15.00 − 5.00 = 182.13
 *   GST 10 % of 182.13 = 18.213 → 18.21;  Grand Total 200.34
 */
function planShowcase(c: OrgContext, spaceList: SpacePlan[]) {
  const space = spaceList.find((s) => s.row.name === 'Harbour Room A')
  const client = c.clients.find((cl) => cl.name === 'Acme Consulting')
  const voucher = c.vouchers.find((v) => v.code === 'WELCOME10')
  if (!space || !client || !voucher) return
  const byType = (type: string) => space.amenities.find((a) => a.chargeType === type)
  const chosen = ['flat', 'attendee', 'hour'].map(byType).filter((a): a is SpaceAmenity => a !== undefined)
  const today = wallClock(c.planner.now, space.center.timezoneId).date
  let date = addDays(today, SHOWCASE_DAYS_AHEAD)
  const request = (d: IsoDate): BookingRequest => ({
    space,
    date: d,
    from: minutesOfDay('10:00'),
    to: minutesOfDay('13:00'),
    attendees: 6,
    client,
    pkg: null,
    voucher,
    amenities: chosen,
    useGratis: true,
    amend: null,
  })
  while (isWeekend(date) || !fits(c, request(date))) date = addDays(date, 1)
  const booking = planBooking(c, request(date), { status: 'confirmed' })
  if (!booking) return
  booking.paymentStatus = 'invoice'
  booking.transactionId = ''
  booking.isPaid = false
  booking.exported = false
  booking.userId = c.bookers.get(client.id)?.[0] ?? booking.userId
  booking.notes = `${SHOWCASE_NOTES}: every billing line at once. Acme Consulting, Harbour Room A (Circular Quay), 10:00–13:00 on the first weekday at least ${SHOWCASE_DAYS_AHEAD} days after the seed day, 6 attendees, voucher WELCOME10.`
  booking.specialRequirement = 'Vegetarian lunch for two attendees'
  booking.postBookingNotes = 'Client asked for the flip chart pages to be photographed and e-mailed.'
  const at = new Date(Math.min(c.planner.now.getTime(), booking.createdAt.getTime() + DAY))
  booking.roomRefunds = [{ amount: 1000, reason: 'Air conditioning fault in the first half hour', at }]
  const videoIndex = booking.price.amenities.findIndex((a) => a.type === 'attendee')
  booking.amenityRefunds = booking.price.amenities.map((_, i) =>
    i === videoIndex ? [{ amount: 1250, reason: 'One attendee joined in person', at }] : [],
  )
  const room = roomChargeOf(c, space)
  const flipChart = c.orgAmenities.find((a) => a.name === 'Flip chart') ?? c.orgAmenities[0]
  booking.charges = [
    {
      chargeType: 'room',
      spaceId: space.row.id,
      amenityId: null,
      ...room,
      amount: 3000,
      reason: "Extended by half an hour at the client's request",
      at,
      refunds: [],
    },
  ]
  if (flipChart)
    booking.charges.push({
      chargeType: 'amenities',
      spaceId: null,
      amenityId: flipChart.amenityId,
      name: flipChart.name,
      amount: 1500,
      reason: 'Flip chart and markers requested on the day',
      accountCode: flipChart.accountCode,
      inventoryItemCode: flipChart.code,
      at,
      refunds: [{ amount: 500, reason: 'Only one flip chart pad used', at }],
    })
  booking.reschedules = []
  booking.workflowLogs = [
    {
      workflowName: 'Booking confirmation e-mail',
      status: 'failed',
      remarks: 'SMTP server refused the connection: 421 Try again later',
      at: booking.createdAt,
    },
    {
      workflowName: 'Booking confirmation e-mail',
      status: 'success',
      remarks: 'Sent to alice@acme.test',
      at,
    },
    { workflowName: 'Reminder 24 hours before', status: 'pending', remarks: 'Waiting for its time', at },
  ]
}

function planOrganization(planner: Planner, org: OrgRow) {
  const w = planner.world
  const rand = mulberry32(SEED ^ hashOf(org.name))
  const orgClients = w.clientRows.filter((cl) => cl.organizationId === org.id)
  const bookers = new Map<number, number[]>()
  for (const u of w.userRows)
    if (u.organizationId === org.id && u.clientId !== null)
      bookers.set(u.clientId, [...(bookers.get(u.clientId) ?? []), u.id])
  const bookableClients = orgClients.filter((cl) => bookers.has(cl.id))
  if (!bookableClients.length) return
  const orgStaff = w.userRows.filter(
    (u) => u.organizationId === org.id && (u.type === 'admin' || u.type === 'csr'),
  )
  const superUser = w.userRows.find((u) => u.type === 'super')
  const staff = orgStaff.length ? orgStaff.map((u) => u.id) : superUser ? [superUser.id] : []
  if (!staff.length) return
  const admin = orgStaff.find((u) => u.type === 'admin')?.id ?? (staff[0] as number)

  const orgCenters = w.centerRows.filter((ce) => ce.organizationId === org.id)
  const tax = new Map(orgCenters.map((ce) => [ce.id, bookingTax(ce, org)]))
  const c: OrgContext = {
    org,
    rand,
    planner,
    tax,
    orgBlackouts: w.orgBlackoutRows.filter((b) => b.organizationId === org.id),
    clients: bookableClients,
    bookers,
    staff,
    admin,
    vouchers: w.voucherRows.filter((v) => v.organizationId === org.id),
    roomTypes: w.roomTypeRows,
    orgAmenities: w.orgAmenityRows.filter((a) => a.organizationId === org.id),
    screens: Boolean(org.features.user_screen_booking),
  }
  const spaceList: SpacePlan[] = []
  for (const center of orgCenters) {
    for (const row of w.spaceRows.filter((s) => s.centerId === center.id)) {
      const rates: RoomRates = {}
      for (const r of w.rateRows) if (r.spaceId === row.id) rates[r.unit as RateUnit] = toCents(r.amount)
      const packageIds = new Set(
        w.packageSpaceRows.filter((ps) => ps.spaceId === row.id).map((ps) => ps.packageId),
      )
      const from = center.openAfterHours
        ? minutesOfDay(row.startTime)
        : Math.max(minutesOfDay(row.startTime), minutesOfDay(center.openTime))
      const to = center.openAfterHours
        ? minutesOfDay(row.endTime)
        : Math.min(minutesOfDay(row.endTime), minutesOfDay(center.closeTime))
      spaceList.push({
        row,
        center,
        rates,
        held: [row.id, ...w.childRows.filter((ch) => ch.parentId === row.id).map((ch) => ch.childId)].sort(
          (a, b) => a - b,
        ),
        blackouts: w.spaceBlackoutRows.filter((b) => b.spaceId === row.id),
        amenities: w.spaceAmenityRows.filter((a) => a.spaceId === row.id),
        packages: w.packageRows.filter((p) => p.organizationId === org.id && packageIds.has(p.id)),
        from,
        to,
      })
    }
  }
  if (!spaceList.length) return

  const first = planner.planned.length
  if (c.screens) {
    planCancelledWithGratis(c, spaceList)
    planShowcase(c, spaceList)
  }
  if (org.features.recurring_booking) {
    planSeries(c, spaceList, {
      space: 'Harbour Room B',
      client: 'Acme Consulting',
      weekday: 2,
      firstWeek: -6,
      weeks: 12,
      from: '10:00',
      to: '12:00',
      attendees: 6,
      status: 'confirmed',
      useGratis: true,
      note: 'Weekly team meeting',
    })
    planSeries(c, spaceList, {
      space: 'Training One',
      client: 'Coral Tech',
      weekday: 4,
      firstWeek: -12,
      weeks: 10,
      from: '13:00',
      to: '16:00',
      attendees: 14,
      status: 'confirmed',
      useGratis: false,
      note: 'Graduate training programme',
    })
    planSeries(c, spaceList, {
      space: 'Opera Boardroom',
      client: 'Blue Ocean Legal',
      weekday: 1,
      firstWeek: 1,
      weeks: 8,
      from: '09:00',
      to: '10:30',
      attendees: 10,
      status: c.screens ? 'tentative' : 'confirmed',
      useGratis: true,
      note: 'Partners meeting',
    })
  }

  // Day by day per center; combined rooms first, so that they get their share before their children fill up.
  for (const center of orgCenters) {
    const centerSpaces = spaceList
      .filter((s) => s.center.id === center.id)
      .sort((a, b) => b.held.length - a.held.length || a.row.id - b.row.id)
    const today = wallClock(planner.now, center.timezoneId).date
    const last = addDays(today, SEED_FUTURE_DAYS)
    for (let date = addMonths(today, -SEED_PAST_MONTHS); date <= last; date = addDays(date, 1)) {
      const daysAhead = (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY
      // Most bookings are made about a week ahead: the further out, the fewer are made yet.
      const madeYet = daysAhead <= 0 ? 1 : Math.max(0.4, Math.exp(-daysAhead / 12))
      for (const space of centerSpaces) {
        const weekdayChance = space.held.length > 1 ? 0.55 : space.rates.hour != null ? 0.85 : 0.6
        let attempts = isWeekend(date) ? Number(chance(rand, 0.08)) : Number(chance(rand, weekdayChance))
        // Hourly rooms are sometimes booked twice a day.
        if (!isWeekend(date) && space.held.length === 1 && space.rates.hour != null && chance(rand, 0.25))
          attempts++
        for (let n = 0; n < attempts; n++) {
          if (!chance(rand, madeYet)) continue
          for (let tries = 0; tries < 4; tries++) {
            const request = randomRequest(c, space, date)
            if (request && fits(c, request)) {
              planBooking(c, request)
              break
            }
          }
        }
      }
    }
  }
  // Ledgers (refunds, charges, reschedules, logs) on the generated bookings; the showcase has its own.
  for (const booking of planner.planned.slice(first))
    if (!booking.notes.startsWith(SHOWCASE_NOTES)) addLedger(c, booking)
}

// ---------------------------------------------------------------------------------------------
// Writing

/** n ids of a serial column, taken from its sequence in one round trip. */
async function nextIds(tx: Tx, table: string, n: number): Promise<number[]> {
  if (n === 0) return []
  // Both drivers (PGlite, node-postgres) answer raw SQL with { rows }.
  const { rows } = (await tx.execute(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${n})`,
  )) as unknown as { rows: { id: number }[] }
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b)
}

/** A half-open tstzrange literal. */
const during = (start: Date, end: Date) => `["${start.toISOString()}","${end.toISOString()}")`

/** The booking's stored totals: its priced room part with its refunds, amenities and charges (bookingTotals). */
function ledgerTotals(booking: PlannedBooking) {
  return bookingTotals({
    roomSubTotal: booking.price.roomSubTotal,
    roomRefunds: booking.roomRefunds.map((r) => r.amount),
    amenities: booking.price.amenities.map((a, i) => ({
      totalAmount: a.totalAmount,
      refunds: (booking.amenityRefunds[i] ?? []).map((r) => r.amount),
    })),
    additionalCharges: booking.charges.map((ch) => ({
      amount: ch.amount,
      refunds: ch.refunds.map((r) => r.amount),
    })),
    tax: booking.terms.tax.percent,
  })
}

async function writeAll(tx: Tx, planner: Planner) {
  // Ids in the order the bookings were made, as the API would have numbered them.
  const planned = [...planner.planned].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
  const seriesIds: number[] = []
  for (const s of planner.series) {
    const [row] = await tx
      .insert(recurringSeries)
      .values({
        organizationId: s.org.id,
        frequency: 'weekly',
        untilDate: s.untilDate,
        occurrences: s.occurrences,
        createdBy: s.createdBy,
      })
      .returning({ id: recurringSeries.id })
    seriesIds.push(row?.id as number)
  }

  const ids = await nextIds(tx, 'bookings', planned.length)
  const bookingRows: (typeof bookings.$inferInsert)[] = []
  const occupancyRows: (typeof bookingOccupancy.$inferInsert)[] = []
  const amenityCount = planned.reduce((s, b) => s + b.price.amenities.length, 0)
  const amenityIds = await nextIds(tx, 'booking_amenities', amenityCount)
  const chargeIds = await nextIds(
    tx,
    'booking_additional_charges',
    planned.reduce((s, b) => s + b.charges.length, 0),
  )
  const amenityRows: (typeof bookingAmenities.$inferInsert)[] = []
  const amenityRefundRows: (typeof bookingAmenityRefunds.$inferInsert)[] = []
  const roomRefundRows: (typeof bookingRoomRefunds.$inferInsert)[] = []
  const chargeRows: (typeof bookingAdditionalCharges.$inferInsert)[] = []
  const chargeRefundRows: (typeof bookingAdditionalChargeRefunds.$inferInsert)[] = []
  const rescheduleRows: (typeof bookingReschedules.$inferInsert)[] = []
  const logRows: (typeof bookingWorkflowLogs.$inferInsert)[] = []
  let amenityIndex = 0
  let chargeIndex = 0

  planned.forEach((b, index) => {
    const id = ids[index] as number
    const organizationId = b.org.id
    const totals = ledgerTotals(b)
    const lastChange = Math.max(
      b.createdAt.getTime(),
      b.confirmAt?.getTime() ?? 0,
      b.cancelledAt?.getTime() ?? 0,
      ...b.reschedules.map((r) => r.at.getTime()),
    )
    bookingRows.push({
      id,
      organizationId,
      bookingPrefix: b.org.bookingPrefix,
      status: b.status,
      paymentStatus: b.paymentStatus,
      transactionId: b.transactionId,
      isPaid: b.isPaid,
      bookingConfirmAt: b.confirmAt,
      centerId: b.space.center.id,
      spaceId: b.space.row.id,
      startTime: b.start,
      endTime: b.end,
      durationMinutes: b.durationMinutes,
      attendees: b.attendees,
      clientId: b.client.id,
      userId: b.userId,
      submittedBy: b.submittedBy,
      currency: b.org.currencyCode,
      packageId: b.pkg?.id ?? null,
      packageName: b.pkg?.name ?? '',
      packageRate: b.pkg?.rate ?? null,
      ...pricedBookingLines(b.price, b.terms),
      rateModifiedBy: b.rateModifiedBy,
      voucherId: b.voucher?.id ?? null,
      refundedGratisMinutes: b.refundedGratisMinutes,
      // Refunds and charges came later: the stored totals are the ledger's.
      partialRoomAmountRefund: centsToDecimal(totals.roomRefundsTotal),
      subTotal: centsToDecimal(totals.subTotal),
      taxAmount: centsToDecimal(totals.taxAmount),
      netAmount: centsToDecimal(totals.netAmount),
      notes: b.notes,
      specialRequirement: b.specialRequirement,
      postBookingNotes: b.postBookingNotes,
      rescheduled: b.reschedules.length > 0,
      recurringId: b.series === null ? null : (seriesIds[b.series] ?? null),
      exported: b.exported,
      cancelledAt: b.cancelledAt,
      createdAt: b.createdAt,
      updatedAt: new Date(lastChange),
    })
    for (const spaceId of b.space.held)
      occupancyRows.push({
        organizationId,
        spaceId,
        bookingId: id,
        during: during(b.start, b.end),
        active: b.status !== 'cancelled',
      })
    pricedAmenityLines(b.price).forEach((line, i) => {
      const amenityId = amenityIds[amenityIndex++] as number
      const chosen = b.terms.amenities.find((a) => a.amenityId === line.amenityId) as SpaceAmenity | undefined
      amenityRows.push({
        id: amenityId,
        organizationId,
        bookingId: id,
        ...line,
        accountCode: chosen?.accountCode ?? '',
        inventoryItemCode: chosen?.code ?? '',
      })
      for (const r of b.amenityRefunds[i] ?? [])
        amenityRefundRows.push({
          organizationId,
          bookingAmenityId: amenityId,
          amount: centsToDecimal(r.amount),
          taxAmount: centsToDecimal(percentOf(r.amount, b.terms.tax.percent)),
          reason: r.reason,
          createdBy: b.submittedBy,
          createdAt: r.at,
        })
    })
    for (const r of b.roomRefunds)
      roomRefundRows.push({
        organizationId,
        bookingId: id,
        amount: centsToDecimal(r.amount),
        reason: r.reason,
        createdBy: b.submittedBy,
        createdAt: r.at,
      })
    for (const ch of b.charges) {
      const chargeId = chargeIds[chargeIndex++] as number
      chargeRows.push({
        id: chargeId,
        organizationId,
        bookingId: id,
        chargeType: ch.chargeType,
        spaceId: ch.spaceId,
        amenityId: ch.amenityId,
        name: ch.name,
        amount: centsToDecimal(ch.amount),
        reason: ch.reason,
        accountCode: ch.accountCode,
        inventoryItemCode: ch.inventoryItemCode,
        createdBy: b.submittedBy,
        createdAt: ch.at,
      })
      for (const r of ch.refunds)
        chargeRefundRows.push({
          organizationId,
          additionalChargeId: chargeId,
          amount: centsToDecimal(r.amount),
          reason: r.reason,
          createdBy: b.submittedBy,
          createdAt: r.at,
        })
    }
    for (const r of b.reschedules)
      rescheduleRows.push({
        organizationId,
        bookingId: id,
        centerId: r.centerId,
        spaceId: r.spaceId,
        startTime: r.start,
        endTime: r.end,
        durationMinutes: r.durationMinutes,
        rescheduledBy: b.submittedBy,
        createdAt: r.at,
      })
    for (const l of b.workflowLogs)
      logRows.push({
        organizationId,
        bookingId: id,
        workflowName: l.workflowName,
        status: l.status,
        remarks: l.remarks,
        updatedAt: l.at,
      })
  })

  await insertRows(tx, bookings, bookingRows)
  await insertRows(tx, bookingOccupancy, occupancyRows)
  await insertRows(tx, bookingAmenities, amenityRows)
  await insertRows(tx, bookingAmenityRefunds, amenityRefundRows)
  await insertRows(tx, bookingRoomRefunds, roomRefundRows)
  await insertRows(tx, bookingAdditionalCharges, chargeRows)
  await insertRows(tx, bookingAdditionalChargeRefunds, chargeRefundRows)
  await insertRows(tx, bookingReschedules, rescheduleRows)
  await insertRows(tx, bookingWorkflowLogs, logRows)

  // The gratis log: what the seeded bookings used and got back, month by month (added to any row there is).
  const gratisRows = [...planner.gratisUsed.entries()]
    .map(([key, used]) => {
      const [organizationId, clientId, usedMonth] = key.split('|')
      const before = planner.world.gratisRows.find(
        (g) => `${g.organizationId}|${g.clientId}|${g.usedMonth}` === key,
      )
      return {
        organizationId: Number(organizationId),
        clientId: Number(clientId),
        usedMonth: usedMonth as string,
        usedMinutes: used - (before?.usedMinutes ?? 0),
        refundedMinutes: planner.gratisRefunded.get(key) ?? 0,
      }
    })
    .filter((r) => r.usedMinutes > 0 || r.refundedMinutes > 0)
  if (gratisRows.length)
    await tx
      .insert(clientGratisLog)
      .values(gratisRows)
      .onConflictDoUpdate({
        target: [clientGratisLog.organizationId, clientGratisLog.clientId, clientGratisLog.usedMonth],
        set: {
          usedMinutes: sql`${clientGratisLog.usedMinutes} + excluded.used_minutes`,
          refundedMinutes: sql`${clientGratisLog.refundedMinutes} + excluded.refunded_minutes`,
        },
      })
  return { bookings: bookingRows.length, occupancy: occupancyRows.length }
}

/** Plans and writes the demo bookings of every organization (see the top of this file). */
export async function seedDemoBookings(tx: Tx, now: Date = new Date()) {
  const world = await loadWorld(tx)
  const planner = new Planner(world, now)
  for (const org of world.orgRows) planOrganization(planner, org)
  return writeAll(tx, planner)
}
