import { and, asc, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client.ts'
import { preparedQueries, preparedQuery } from '../../db/prepared.ts'
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
  countries,
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
} from '../../db/schema/index.ts'
import { bookingJoins } from './booking-joins.ts'
import {
  mailBookingColumns,
  mailCenterColumns,
  mailClientColumns,
  mailOrganizationColumns,
  mailSpaceColumns,
  mailUserColumns,
} from './booking-mails.ts'

/** What a booking needs of its organization (and its confirmation mails: MailSource). */
const bookingOrganization = {
  ...mailOrganizationColumns,
  id: organizations.id,
  bookingPrefix: organizations.bookingPrefix,
  currencyCode: organizations.currencyCode,
  minimumNoticePeriod: organizations.minimumNoticePeriod,
  taxesLabel: organizations.taxesLabel,
  taxesPercent: organizations.taxesPercent,
  commissionRate: organizations.commissionRate,
  deletedAt: organizations.deletedAt,
}

const organizationById = preparedQuery('booking_organization', (tx) =>
  tx
    .select(bookingOrganization)
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder('organizationId'))),
)

export async function findOrganization(tx: Tx, organizationId: number) {
  const [row] = await organizationById(tx, { organizationId })
  return row
}

const blackoutsOfOrganization = preparedQuery('booking_organization_blackouts', (tx) =>
  tx
    .select({
      startDate: organizationBlackoutPeriods.startDate,
      endDate: organizationBlackoutPeriods.endDate,
    })
    .from(organizationBlackoutPeriods)
    .where(eq(organizationBlackoutPeriods.organizationId, sql.placeholder('organizationId'))),
)

export function organizationBlackouts(tx: Tx, organizationId: number) {
  return blackoutsOfOrganization(tx, { organizationId })
}

const centerById = preparedQuery('booking_center', (tx) =>
  tx
    .select()
    .from(centers)
    .where(
      and(
        eq(centers.organizationId, sql.placeholder('organizationId')),
        eq(centers.id, sql.placeholder('centerId')),
        isNull(centers.deletedAt),
      ),
    ),
)

export async function findCenter(tx: Tx, organizationId: number, centerId: number) {
  const [row] = await centerById(tx, { organizationId, centerId })
  return row
}

const spaceById = preparedQuery('booking_space', (tx) =>
  tx
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, sql.placeholder('spaceId')), isNull(spaces.deletedAt))),
)

export async function findSpace(tx: Tx, spaceId: number) {
  const [row] = await spaceById(tx, { spaceId })
  return row
}

const ratesOfSpace = preparedQuery('booking_space_rates', (tx) =>
  tx
    .select({ unit: spaceRates.unit, amount: spaceRates.amount })
    .from(spaceRates)
    .where(eq(spaceRates.spaceId, sql.placeholder('spaceId'))),
)

export function spaceRatesOf(tx: Tx, spaceId: number) {
  return ratesOfSpace(tx, { spaceId })
}

const blackoutsOfSpace = preparedQuery('booking_space_blackouts', (tx) =>
  tx
    .select({ startDate: spaceBlackoutPeriods.startDate, endDate: spaceBlackoutPeriods.endDate })
    .from(spaceBlackoutPeriods)
    .where(eq(spaceBlackoutPeriods.spaceId, sql.placeholder('spaceId'))),
)

export function spaceBlackouts(tx: Tx, spaceId: number) {
  return blackoutsOfSpace(tx, { spaceId })
}

const childrenOfSpace = preparedQuery('booking_space_children', (tx) =>
  tx
    .select({ id: spaceChildren.childId })
    .from(spaceChildren)
    .where(eq(spaceChildren.parentId, sql.placeholder('parentId'))),
)

export async function childSpaceIds(tx: Tx, parentId: number) {
  const rows = await childrenOfSpace(tx, { parentId })
  return rows.map((r) => r.id)
}

const roomTypeByName = preparedQuery('booking_room_type', (tx) =>
  tx
    .select()
    .from(organizationRoomTypes)
    .where(
      and(
        eq(organizationRoomTypes.organizationId, sql.placeholder('organizationId')),
        eq(organizationRoomTypes.roomType, sql.placeholder('roomType')),
      ),
    ),
)

export async function roomTypeOf(tx: Tx, organizationId: number, roomType: string) {
  const [row] = await roomTypeByName(tx, { organizationId, roomType })
  return row
}

const clientById = preparedQueries('booking_client', (tx, shape: { lock: boolean }) => {
  const query = tx
    .select()
    .from(clients)
    .where(
      and(
        eq(clients.organizationId, sql.placeholder('organizationId')),
        eq(clients.id, sql.placeholder('clientId')),
        isNull(clients.deletedAt),
      ),
    )
    .$dynamic()
  return shape.lock ? query.for('update') : query
})

export async function findClient(tx: Tx, organizationId: number, clientId: number, lock = false) {
  const [row] = await clientById(tx, { lock }, { organizationId, clientId })
  return row
}

const packagesOfferedFor = preparedQuery('booking_space_packages', (tx) =>
  tx
    .select({
      id: packages.id,
      name: packages.name,
      type: packages.type,
      startTime: packages.startTime,
      endTime: packages.endTime,
      durationMinutes: packages.durationMinutes,
      minAttendees: packages.minAttendees,
      rate: packages.rate,
      services: packages.services,
    })
    .from(packages)
    .innerJoin(packageSpaces, eq(packageSpaces.packageId, packages.id))
    .where(
      and(
        eq(packages.organizationId, sql.placeholder('organizationId')),
        eq(packageSpaces.spaceId, sql.placeholder('spaceId')),
        eq(packages.status, 'enable'),
      ),
    )
    .orderBy(asc(packages.name)),
)

/** Enabled package deals offered for a space. */
export function packagesOfSpace(tx: Tx, organizationId: number, spaceId: number) {
  return packagesOfferedFor(tx, { organizationId, spaceId })
}

const amenitiesOfferedIn = preparedQuery('booking_space_amenities', (tx) =>
  tx
    .select({
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
    .where(
      and(
        eq(spaceAmenities.organizationId, sql.placeholder('organizationId')),
        eq(spaceAmenities.spaceId, sql.placeholder('spaceId')),
      ),
    )
    .orderBy(asc(amenities.name)),
)

/** The amenities a space offers, with their charge and the organization's accounting codes. */
export function amenitiesOfSpace(tx: Tx, organizationId: number, spaceId: number) {
  return amenitiesOfferedIn(tx, { organizationId, spaceId })
}

const voucherByCode = preparedQuery('booking_voucher', (tx) =>
  tx
    .select()
    .from(vouchers)
    .where(
      and(
        eq(vouchers.organizationId, sql.placeholder('organizationId')),
        eq(vouchers.code, sql.placeholder('code')),
      ),
    ),
)

export async function findVoucherByCode(tx: Tx, organizationId: number, code: string) {
  const [row] = await voucherByCode(tx, { organizationId, code })
  return row
}

const rateJson = sql`json_build_object('unit', ${spaceRates.unit}, 'amount', ${spaceRates.amount}::text)`
const blackoutJson = (table: typeof spaceBlackoutPeriods | typeof organizationBlackoutPeriods) =>
  sql`json_build_object('startDate', ${table.startDate}, 'endDate', ${table.endDate})`
const amenityJson = sql`json_build_object(
  'amenityId', ${spaceAmenities.amenityId}, 'name', ${amenities.name}, 'chargeType', ${spaceAmenities.chargeType},
  'amount', ${spaceAmenities.amount}::text, 'code', ${organizationAmenities.code},
  'accountCode', ${organizationAmenities.accountCode})`
const placeholderInt = (name: string) => sql`${sql.placeholder(name)}::int`
const wallTime = (name: string) => sql`${sql.placeholder(name)}::timestamp`
const localStart = sql`(${wallTime('start')} at time zone ${centers.timezoneId})`
const localEnd = sql`(${wallTime('end')} at time zone ${centers.timezoneId})`

/**
 * What a booking is checked, priced and mailed from, of its location, room and client: the whole
 * rows (130 columns with the booker's) made every create parse and map four times the values it
 * uses, the larger part of a refused request's CPU in the contested create (npm run bench
 * booking-contested).
 */
const bookingCenterColumns = {
  ...mailCenterColumns,
  id: centers.id,
  openTime: centers.openTime,
  closeTime: centers.closeTime,
  openAfterHours: centers.openAfterHours,
  taxesLabel: centers.taxesLabel,
  taxesPercent: centers.taxesPercent,
}
const bookingSpaceColumns = {
  ...mailSpaceColumns,
  id: spaces.id,
  organizationId: spaces.organizationId,
  centerId: spaces.centerId,
  isActive: spaces.isActive,
  capacity: spaces.capacity,
  minimumDurationMinutes: spaces.minimumDurationMinutes,
  maximumDurationMinutes: spaces.maximumDurationMinutes,
  startTime: spaces.startTime,
  endTime: spaces.endTime,
  preMakeupMinutes: spaces.preMakeupMinutes,
  postMakeupMinutes: spaces.postMakeupMinutes,
}
const bookingClientColumns = {
  ...mailClientColumns,
  id: clients.id,
  totalMinutes: clients.totalMinutes,
  internalPercentDiscountRate: clients.internalPercentDiscountRate,
  additionalDiscountRate: clients.additionalDiscountRate,
}

/**
 * Everything a booking of a space is checked and priced from, in one statement: the organization,
 * the center, the space, the client and the booker (null where not found in that organization),
 * the space's rates, blackout periods, combined (child) rooms and amenities, and the
 * organization's blackout periods; and whether a booking already holds the slot (`start`, `end`:
 * the location's wall times, YYYY-MM-DD HH:MM; a time that does not exist there is never held), the
 * cheap refusal for the many requests racing for one slot. Eleven statements one after the other cost a booking create more
 * server CPU (socket writes and result parsing per statement) than all its JavaScript
 * (npm run bench overhead). Lists keep the shapes the single-purpose queries above give.
 */
const bookingContextOf = preparedQuery('booking_context', (tx) =>
  tx
    .select({
      organization: bookingOrganization,
      center: bookingCenterColumns,
      space: bookingSpaceColumns,
      client: bookingClientColumns,
      user: { ...mailUserColumns, id: users.id, clientId: users.clientId },
      rates: sql<{ unit: string; amount: string }[]>`coalesce((select json_agg(${rateJson}) from ${spaceRates}
        where ${spaceRates.spaceId} = ${placeholderInt('spaceId')}), '[]'::json)`,
      spaceBlackouts: sql<{ startDate: string; endDate: string | null }[]>`coalesce((
        select json_agg(${blackoutJson(spaceBlackoutPeriods)}) from ${spaceBlackoutPeriods}
        where ${spaceBlackoutPeriods.spaceId} = ${placeholderInt('spaceId')}), '[]'::json)`,
      organizationBlackouts: sql<{ startDate: string; endDate: string | null }[]>`coalesce((
        select json_agg(${blackoutJson(organizationBlackoutPeriods)}) from ${organizationBlackoutPeriods}
        where ${organizationBlackoutPeriods.organizationId} = ${organizations.id}), '[]'::json)`,
      childSpaceIds: sql<number[]>`array(select ${spaceChildren.childId} from ${spaceChildren}
        where ${spaceChildren.parentId} = ${placeholderInt('spaceId')})`,
      amenities: sql<
        {
          amenityId: number
          name: string
          chargeType: string
          amount: string
          code: string | null
          accountCode: string | null
        }[]
      >`coalesce((select json_agg(${amenityJson} order by ${amenities.name}) from ${spaceAmenities}
        join ${amenities} on ${amenities.id} = ${spaceAmenities.amenityId}
        left join ${organizationAmenities} on ${organizationAmenities.organizationId} = ${spaceAmenities.organizationId}
          and ${organizationAmenities.amenityId} = ${spaceAmenities.amenityId}
        where ${spaceAmenities.organizationId} = ${organizations.id}
          and ${spaceAmenities.spaceId} = ${placeholderInt('spaceId')}), '[]'::json)`,
      // An end before the start (a bad request, refused by the rules) is an empty range, not a database error.
      held: sql<boolean>`exists(select 1 from ${bookingOccupancy}
        where ${bookingOccupancy.organizationId} = ${organizations.id} and ${bookingOccupancy.active}
          and ${bookingOccupancy.spaceId} in (select ${placeholderInt('spaceId')}
            union all select ${spaceChildren.childId} from ${spaceChildren} where ${spaceChildren.parentId} = ${placeholderInt('spaceId')})
          and ${bookingOccupancy.during} && tstzrange(${localStart}, greatest(${localStart}, ${localEnd}), '[)')
          and (${localStart} at time zone ${centers.timezoneId}) = ${wallTime('start')}
          and (${localEnd} at time zone ${centers.timezoneId}) = ${wallTime('end')})`,
    })
    .from(organizations)
    .leftJoin(
      centers,
      and(
        eq(centers.organizationId, organizations.id),
        eq(centers.id, sql.placeholder('centerId')),
        isNull(centers.deletedAt),
      ),
    )
    .leftJoin(spaces, and(eq(spaces.id, sql.placeholder('spaceId')), isNull(spaces.deletedAt)))
    .leftJoin(
      clients,
      and(
        eq(clients.organizationId, organizations.id),
        eq(clients.id, sql.placeholder('clientId')),
        isNull(clients.deletedAt),
      ),
    )
    .leftJoin(
      users,
      and(
        eq(users.organizationId, organizations.id),
        eq(users.id, sql.placeholder('userId')),
        isNull(users.deletedAt),
      ),
    )
    .where(eq(organizations.id, sql.placeholder('organizationId'))),
)

export async function bookingContext(
  tx: Tx,
  ids: {
    organizationId: number
    centerId: number
    spaceId: number
    clientId: number
    userId: number
    start: string
    end: string
  },
) {
  const [row] = await bookingContextOf(tx, ids)
  return row
}

const spacesLocked = preparedQuery('booking_lock_spaces', (tx) =>
  tx
    .select({ id: spaces.id })
    .from(spaces)
    .where(sql`${spaces.id} = any(${sql.placeholder('spaceIds')}::int[])`)
    .orderBy(asc(spaces.id))
    .for('update'),
)

/** Locks the rooms a booking will hold, in ascending id order so two bookings never deadlock. */
export async function lockSpaces(tx: Tx, spaceIds: number[]) {
  await spacesLocked(tx, { spaceIds })
}

export interface BusyRow {
  bookingId: number
  start: number
  end: number
}

const occupancyTouching = preparedQueries('booking_busy_ranges', (tx, shape: { except: boolean }) =>
  tx
    .selectDistinct({
      bookingId: bookingOccupancy.bookingId,
      start: sql<string>`lower(${bookingOccupancy.during})`.mapWith((v) => new Date(v).getTime()),
      end: sql<string>`upper(${bookingOccupancy.during})`.mapWith((v) => new Date(v).getTime()),
    })
    .from(bookingOccupancy)
    .where(
      and(
        eq(bookingOccupancy.organizationId, sql.placeholder('organizationId')),
        sql`${bookingOccupancy.spaceId} = any(${sql.placeholder('spaceIds')}::int[])`,
        eq(bookingOccupancy.active, true),
        sql`${bookingOccupancy.during} && tstzrange(${sql.placeholder('from')}::timestamptz, ${sql.placeholder('to')}::timestamptz, '[)')`,
        shape.except
          ? sql`${bookingOccupancy.bookingId} <> ${sql.placeholder('exceptBookingId')}`
          : undefined,
      ),
    ),
)

/** Active occupancy of these rooms that touches [from, to), as epoch milliseconds. */
export async function busyRanges(
  tx: Tx,
  organizationId: number,
  spaceIds: number[],
  from: Date,
  to: Date,
  exceptBookingId?: number,
): Promise<BusyRow[]> {
  const rows = await occupancyTouching(
    tx,
    { except: Boolean(exceptBookingId) },
    { organizationId, spaceIds, from: from.toISOString(), to: to.toISOString(), exceptBookingId },
  )
  return rows as unknown as BusyRow[]
}

/** Gratis minutes a client has used (net of refunds) in a month (YYYY-MM). */
const gratisOfMonth = preparedQuery('booking_gratis_month', (tx) =>
  tx
    .select({ used: clientGratisLog.usedMinutes, refunded: clientGratisLog.refundedMinutes })
    .from(clientGratisLog)
    .where(
      and(
        eq(clientGratisLog.organizationId, sql.placeholder('organizationId')),
        eq(clientGratisLog.clientId, sql.placeholder('clientId')),
        eq(clientGratisLog.usedMonth, sql.placeholder('month')),
      ),
    ),
)

export async function gratisUsedInMonth(tx: Tx, organizationId: number, clientId: number, month: string) {
  const [row] = await gratisOfMonth(tx, { organizationId, clientId, month })
  return row ? row.used - row.refunded : 0
}

export async function addGratisUsage(
  tx: Tx,
  organizationId: number,
  clientId: number,
  month: string,
  minutes: number,
) {
  await tx
    .insert(clientGratisLog)
    .values({ organizationId, clientId, usedMonth: month, usedMinutes: minutes })
    .onConflictDoUpdate({
      target: [clientGratisLog.organizationId, clientGratisLog.clientId, clientGratisLog.usedMonth],
      set: { usedMinutes: sql`${clientGratisLog.usedMinutes} + ${minutes}` },
    })
}

export async function insertSeries(tx: Tx, values: typeof recurringSeries.$inferInsert) {
  const [row] = await tx.insert(recurringSeries).values(values).returning({ id: recurringSeries.id })
  return row?.id as number
}

/** The new booking's id and its creation time (the transaction's, as the database stamps it). */
/** Inserts a booking; answers it as stored, as far as its workflow sends and its mails read it. */
export async function insertBooking(tx: Tx, values: typeof bookings.$inferInsert) {
  const [row] = await tx
    .insert(bookings)
    .values(values)
    .returning({ ...mailBookingColumns, createdAt: bookings.createdAt })
  if (!row) throw new Error('the booking was not inserted')
  return row
}

export async function insertOccupancy(
  tx: Tx,
  organizationId: number,
  bookingId: number,
  spaceIds: number[],
  start: Date,
  end: Date,
) {
  await tx.insert(bookingOccupancy).values(
    spaceIds.map((spaceId) => ({
      organizationId,
      bookingId,
      spaceId,
      during: sql`tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`,
    })),
  )
}

export async function insertBookingAmenities(tx: Tx, rows: (typeof bookingAmenities.$inferInsert)[]) {
  if (rows.length) await tx.insert(bookingAmenities).values(rows)
}

const submitter = alias(users, 'submitter')
const bookingUser = alias(users, 'booking_user')
const rateModifier = alias(users, 'rate_modifier')
const canceller = alias(users, 'canceller')
const orgCountry = alias(countries, 'org_country')

interface RefundJson {
  amount: string
  reason: string
}

/** The booking's room refunds, oldest first, as one JSON array (money as text, exactly as stored). */
const roomRefundsJson = sql<RefundJson[]>`coalesce((
  select json_agg(json_build_object('amount', ${bookingRoomRefunds.amount}::text, 'reason', ${bookingRoomRefunds.reason})
    order by ${bookingRoomRefunds.id})
  from ${bookingRoomRefunds}
  where ${bookingRoomRefunds.organizationId} = ${bookings.organizationId}
    and ${bookingRoomRefunds.bookingId} = ${bookings.id}), '[]')`

const amenitiesJson = sql<
  {
    id: number
    amenityId: number
    name: string
    type: string
    quantity: string
    unitAmount: string
    totalAmount: string
    notCharged: boolean
    accountCode: string
    inventoryItemCode: string
    refunds: RefundJson[]
  }[]
>`coalesce((
  select json_agg(json_build_object(
    'id', ${bookingAmenities.id}, 'amenityId', ${bookingAmenities.amenityId}, 'name', ${bookingAmenities.name},
    'type', ${bookingAmenities.type}, 'quantity', ${bookingAmenities.quantity}::text,
    'unitAmount', ${bookingAmenities.unitAmount}::text, 'totalAmount', ${bookingAmenities.totalAmount}::text,
    'notCharged', ${bookingAmenities.notCharged},
    'accountCode', ${bookingAmenities.accountCode}, 'inventoryItemCode', ${bookingAmenities.inventoryItemCode},
    'refunds', coalesce((
      select json_agg(json_build_object('amount', ${bookingAmenityRefunds.amount}::text,
        'reason', ${bookingAmenityRefunds.reason}) order by ${bookingAmenityRefunds.id})
      from ${bookingAmenityRefunds}
      where ${bookingAmenityRefunds.organizationId} = ${bookingAmenities.organizationId}
        and ${bookingAmenityRefunds.bookingAmenityId} = ${bookingAmenities.id}), '[]')
  ) order by ${bookingAmenities.id})
  from ${bookingAmenities}
  where ${bookingAmenities.organizationId} = ${bookings.organizationId}
    and ${bookingAmenities.bookingId} = ${bookings.id}), '[]')`

const additionalChargesJson = sql<
  {
    id: number
    chargeType: string
    name: string
    amount: string
    reason: string
    minutes: number | null
    refunds: RefundJson[]
  }[]
>`coalesce((
  select json_agg(json_build_object(
    'id', ${bookingAdditionalCharges.id}, 'chargeType', ${bookingAdditionalCharges.chargeType},
    'name', ${bookingAdditionalCharges.name}, 'amount', ${bookingAdditionalCharges.amount}::text,
    'reason', ${bookingAdditionalCharges.reason}, 'minutes', ${bookingAdditionalCharges.minutes},
    'refunds', coalesce((
      select json_agg(json_build_object('amount', ${bookingAdditionalChargeRefunds.amount}::text,
        'reason', ${bookingAdditionalChargeRefunds.reason}) order by ${bookingAdditionalChargeRefunds.id})
      from ${bookingAdditionalChargeRefunds}
      where ${bookingAdditionalChargeRefunds.organizationId} = ${bookingAdditionalCharges.organizationId}
        and ${bookingAdditionalChargeRefunds.additionalChargeId} = ${bookingAdditionalCharges.id}), '[]')
  ) order by ${bookingAdditionalCharges.id})
  from ${bookingAdditionalCharges}
  where ${bookingAdditionalCharges.organizationId} = ${bookings.organizationId}
    and ${bookingAdditionalCharges.bookingId} = ${bookings.id}), '[]')`

/**
 * A booking with everything its confirmation shows — its refunds, amenities and additional charges
 * as JSON arrays — in one statement, or undefined: one round trip instead of six. Built once
 * (db/prepared.ts) and a named prepared statement: its tables cost PostgreSQL about 3 ms of planning
 * against 0.15 ms of execution, and a connection that has run it a few times keeps a generic plan.
 */
const bookingConfirmation = preparedQuery('booking_confirmation', (tx) =>
  tx
    .select({
      booking: bookings,
      organization: {
        id: organizations.id,
        name: organizations.name,
        street: organizations.street,
        city: organizations.city,
        state: organizations.state,
        postcode: organizations.postcode,
        logo: organizations.logo,
        companyRegistrationNumber: organizations.companyRegistrationNumber,
        bankingDetails: organizations.bankingDetails,
        timeFormat: organizations.timeFormat,
        mhUrl: organizations.mhUrl,
      },
      orgCountryName: orgCountry.name,
      center: {
        name: centers.name,
        timezoneId: centers.timezoneId,
        street: centers.street,
        city: centers.city,
        state: centers.state,
        postcode: centers.postcode,
        lat: centers.lat,
        lon: centers.lon,
      },
      countryName: countries.name,
      spaceName: spaces.name,
      client: {
        name: clients.name,
        externalClientId: clients.externalClientId,
        totalMinutes: clients.totalMinutes,
      },
      submitter: { firstName: submitter.firstName, lastName: submitter.lastName },
      user: { firstName: bookingUser.firstName, lastName: bookingUser.lastName, email: bookingUser.email },
      rateModifier: { firstName: rateModifier.firstName, lastName: rateModifier.lastName },
      canceller: { firstName: canceller.firstName, lastName: canceller.lastName },
      package: {
        services: packages.services,
        type: packages.type,
        startTime: packages.startTime,
        endTime: packages.endTime,
      },
      roomRefunds: roomRefundsJson,
      amenities: amenitiesJson,
      additionalCharges: additionalChargesJson,
    })
    .from(bookings)
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .leftJoin(orgCountry, eq(orgCountry.id, organizations.countryId))
    .innerJoin(centers, bookingJoins.center)
    .leftJoin(countries, eq(countries.id, centers.countryId))
    .innerJoin(spaces, bookingJoins.space)
    .innerJoin(clients, bookingJoins.client)
    .innerJoin(submitter, eq(submitter.id, bookings.submittedBy))
    .innerJoin(bookingUser, eq(bookingUser.id, bookings.userId))
    .leftJoin(rateModifier, eq(rateModifier.id, bookings.rateModifiedBy))
    .leftJoin(canceller, eq(canceller.id, bookings.cancelledBy))
    .leftJoin(packages, bookingJoins.package)
    .where(eq(bookings.id, sql.placeholder('id'))),
)

export async function findBooking(tx: Tx, id: number) {
  const [row] = await bookingConfirmation(tx, { id })
  return row
}

export function amenitiesOfBooking(tx: Tx, organizationId: number, bookingId: number) {
  return tx
    .select()
    .from(bookingAmenities)
    .where(
      and(eq(bookingAmenities.organizationId, organizationId), eq(bookingAmenities.bookingId, bookingId)),
    )
    .orderBy(asc(bookingAmenities.id))
}

export function reschedulesOf(tx: Tx, organizationId: number, bookingId: number) {
  return tx
    .select({
      entry: bookingReschedules,
      centerName: centers.name,
      timezone: centers.timezoneId,
      spaceName: spaces.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(bookingReschedules)
    .innerJoin(
      centers,
      and(
        eq(centers.organizationId, bookingReschedules.organizationId),
        eq(centers.id, bookingReschedules.centerId),
      ),
    )
    .innerJoin(
      spaces,
      and(
        eq(spaces.organizationId, bookingReschedules.organizationId),
        eq(spaces.id, bookingReschedules.spaceId),
      ),
    )
    .leftJoin(users, eq(users.id, bookingReschedules.rescheduledBy))
    .where(
      and(eq(bookingReschedules.organizationId, organizationId), eq(bookingReschedules.bookingId, bookingId)),
    )
    .orderBy(desc(bookingReschedules.createdAt), desc(bookingReschedules.id))
}

export function workflowLogsOf(tx: Tx, organizationId: number, bookingId: number) {
  return tx
    .select({
      workflow_name: bookingWorkflowLogs.workflowName,
      status: bookingWorkflowLogs.status,
      remarks: bookingWorkflowLogs.remarks,
      updatedAt: bookingWorkflowLogs.updatedAt,
    })
    .from(bookingWorkflowLogs)
    .where(
      and(
        eq(bookingWorkflowLogs.organizationId, organizationId),
        eq(bookingWorkflowLogs.bookingId, bookingId),
      ),
    )
    .orderBy(desc(bookingWorkflowLogs.updatedAt))
}

export async function countTentativeBookings(tx: Tx, organizationId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.organizationId, organizationId), eq(bookings.status, 'tentative')))
  return row?.n ?? 0
}

/** Active bookings of a space (directly or through a combined room) that start from now on. */
export async function countFutureBookingsOfSpace(tx: Tx, organizationId: number, spaceId: number, now: Date) {
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${bookingOccupancy.bookingId})::int` })
    .from(bookingOccupancy)
    .where(
      and(
        eq(bookingOccupancy.organizationId, organizationId),
        eq(bookingOccupancy.spaceId, spaceId),
        eq(bookingOccupancy.active, true),
        sql`upper(${bookingOccupancy.during}) > ${now.toISOString()}::timestamptz`,
      ),
    )
  return row?.n ?? 0
}

export async function countBookingsOfSpace(tx: Tx, spaceId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(eq(bookings.spaceId, spaceId))
  return row?.n ?? 0
}

/** Bookings of an organization in [from, to) for the dashboard. */
export function bookingsBetween(tx: Tx, organizationId: number | null, from: Date, to: Date, limit: number) {
  return tx
    .select({
      id: bookings.id,
      prefix: bookings.bookingPrefix,
      status: bookings.status,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      timezone: centers.timezoneId,
      centerName: centers.name,
      spaceName: spaces.name,
      clientName: clients.name,
      organizationName: organizations.name,
    })
    .from(bookings)
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .innerJoin(centers, bookingJoins.center)
    .innerJoin(spaces, bookingJoins.space)
    .innerJoin(clients, bookingJoins.client)
    .where(
      and(
        organizationId === null ? undefined : eq(bookings.organizationId, organizationId),
        sql`${bookings.status} <> 'cancelled'`,
        gte(bookings.startTime, from),
        lt(bookings.startTime, to),
      ),
    )
    .orderBy(asc(bookings.startTime), asc(bookings.id))
    .limit(limit)
}

/** The first instant two rooms are both held by different active bookings, or undefined. */
export async function firstSharedSlot(tx: Tx, organizationId: number, spaceA: number, spaceB: number) {
  const b = alias(bookingOccupancy, 'other_occupancy')
  const [row] = await tx
    .select({ start: sql<string>`lower(${bookingOccupancy.during})`.mapWith((v) => new Date(v)) })
    .from(bookingOccupancy)
    .innerJoin(
      b,
      and(
        eq(b.organizationId, bookingOccupancy.organizationId),
        eq(b.spaceId, spaceB),
        eq(b.active, true),
        sql`${b.bookingId} <> ${bookingOccupancy.bookingId}`,
        sql`${b.during} && ${bookingOccupancy.during}`,
      ),
    )
    .where(
      and(
        eq(bookingOccupancy.organizationId, organizationId),
        eq(bookingOccupancy.spaceId, spaceA),
        eq(bookingOccupancy.active, true),
      ),
    )
    .orderBy(sql`lower(${bookingOccupancy.during})`)
    .limit(1)
  return row?.start as Date | undefined
}

export async function countBookingsOfPackage(tx: Tx, packageId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(eq(bookings.packageId, packageId))
  return row?.n ?? 0
}

/** The spaces a package deal is offered in (the booking's packageAssociatedMeetingrooms), by name. */
export function packageSpacesOf(tx: Tx, organizationId: number, packageId: number) {
  return tx
    .select({ id: spaces.id, name: spaces.name })
    .from(packageSpaces)
    .innerJoin(
      spaces,
      and(eq(spaces.organizationId, packageSpaces.organizationId), eq(spaces.id, packageSpaces.spaceId)),
    )
    .where(and(eq(packageSpaces.organizationId, organizationId), eq(packageSpaces.packageId, packageId)))
    .orderBy(asc(spaces.name), asc(spaces.id))
}
