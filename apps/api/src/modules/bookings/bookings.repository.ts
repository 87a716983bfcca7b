// A booking's parts read one at a time (organization, center, space and its rates, blackouts,
// combined rooms, room type, client, packages, amenities, voucher), the rooms' busy ranges and
// locks, gratis minutes, and the rows a booking is written as: for making, offering and moving
// bookings. The create's own one-statement read is booking-context.repository.ts.
import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { preparedQueries, preparedQuery } from '../../db/prepared.ts'
import {
  amenities,
  bookingAmenities,
  bookingOccupancy,
  bookings,
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
  vouchers,
} from '../../db/schema/index.ts'
import { bookingJoins } from './booking-joins.ts'
import { mailBookingColumns, mailOrganizationColumns } from './booking-mails.ts'

/** What a booking needs of its organization (and its confirmation mails: MailSource). */
export const bookingOrganization = {
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

export function amenitiesOfBooking(tx: Tx, organizationId: number, bookingId: number) {
  return tx
    .select()
    .from(bookingAmenities)
    .where(
      and(eq(bookingAmenities.organizationId, organizationId), eq(bookingAmenities.bookingId, bookingId)),
    )
    .orderBy(asc(bookingAmenities.id))
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
