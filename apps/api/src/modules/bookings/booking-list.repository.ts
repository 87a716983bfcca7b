import { type BookingOrder, type ListQuery, RUN_SHEET_CELL_CHARACTERS } from '@spaceboard/domain'
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client.ts'
import { preparedQueries } from '../../db/prepared.ts'
import {
  bookingAmenities,
  bookings,
  centers,
  clients,
  organizations,
  spaces,
  users,
} from '../../db/schema/index.ts'
import { containsPattern, type ListWindow, orderBy } from '../../platform/list.ts'

/**
 * The bookings list, its Excel export and its PDF run sheet (spec 2 §2, §7): one query with its
 * joins per page or batch. A booking's day is the day of its own location's clock, so the date
 * filter has two parts: a UTC window wide enough for every zone on Earth (UTC−12 to UTC+14),
 * which the (organization, start) and (start, id) indexes serve, and the exact day in the
 * center's zone on the rows inside it.
 */
export interface BookingListFilter {
  /** null: every organization (super without a choice). */
  organizationId: number | null
  centerId?: number | undefined
  /** YYYY-MM-DD days of the booking's own location, inclusive. */
  startDate?: string | undefined
  endDate?: string | undefined
  search: string
}

const HOUR = 3_600_000

/** The earliest instant any zone's start date can begin: its midnight in UTC+14. */
function earliestInstant(date: string) {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 14 * HOUR)
}

/** The instant after which no zone is still on the end date: the next midnight in UTC−12. */
function latestInstant(date: string) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 24 * HOUR + 12 * HOUR)
}

const reference = sql<string>`${bookings.bookingPrefix} || ${bookings.id}::text`
const localDay = sql`(${bookings.startTime} at time zone ${centers.timezoneId})::date`

/** Which of the filter's conditions apply: with the order, what names a prepared statement. */
interface FilterShape {
  organization: boolean
  center: boolean
  start: boolean
  end: boolean
  search: boolean
}

function shapeOf(f: BookingListFilter): FilterShape {
  return {
    organization: f.organizationId !== null,
    center: Boolean(f.centerId),
    start: Boolean(f.startDate),
    end: Boolean(f.endDate),
    search: Boolean(f.search),
  }
}

/** The values of where()'s placeholders. */
function filterValues(f: BookingListFilter) {
  return {
    organizationId: f.organizationId,
    centerId: f.centerId ?? null,
    earliest: f.startDate ? earliestInstant(f.startDate).toISOString() : null,
    startDate: f.startDate ?? null,
    latest: f.endDate ? latestInstant(f.endDate).toISOString() : null,
    endDate: f.endDate ?? null,
    pattern: containsPattern(f.search),
  }
}

function where(shape: FilterShape): SQL | undefined {
  const value = (key: keyof ReturnType<typeof filterValues>) => sql.placeholder(key)
  const pattern = value('pattern')
  return and(
    shape.organization ? eq(bookings.organizationId, value('organizationId')) : undefined,
    shape.center ? eq(bookings.centerId, value('centerId')) : undefined,
    shape.start ? gte(bookings.startTime, sql`${value('earliest')}::timestamptz`) : undefined,
    shape.start ? sql`${localDay} >= ${value('startDate')}::date` : undefined,
    shape.end ? lt(bookings.startTime, sql`${value('latest')}::timestamptz`) : undefined,
    shape.end ? sql`${localDay} <= ${value('endDate')}::date` : undefined,
    // The names are matched in their own small tables, and a booking is kept by its ids: on the
    // embedded database, matching each of 100,000 joined rows blocked the server for over a second
    // (npm run bench pglite-blocking), and the count needs no join at all.
    shape.search
      ? or(
          ilike(reference, pattern),
          sql`${bookings.clientId} in (select ${clients.id} from ${clients} where ${ilike(clients.name, pattern)})`,
          sql`${bookings.userId} in (select ${users.id} from ${users} where ${or(
            ilike(users.firstName, pattern),
            ilike(users.lastName, pattern),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          )})`,
          sql`${bookings.spaceId} in (select ${spaces.id} from ${spaces} where ${ilike(spaces.name, pattern)})`,
          sql`${bookings.centerId} in (select ${centers.id} from ${centers} where ${ilike(centers.name, pattern)})`,
        )
      : undefined,
  )
}

/** A row of an organization's table that this booking points at (the composite foreign keys). */
const sameOrg = (organizationId: AnyPgColumn, id: AnyPgColumn, column: AnyPgColumn) =>
  and(eq(organizationId, bookings.organizationId), eq(id, column))

const sortable: Record<BookingOrder, SQL | typeof bookings.id> = {
  bookingId: bookings.id,
  organizationName: sql`${organizations.name}`,
  centerName: sql`${centers.name}`,
  meetingName: sql`${spaces.name}`,
  start_time: sql`${bookings.startTime}`,
  end_time: sql`${bookings.endTime}`,
  clientName: sql`${clients.name}`,
  fUserName: sql`${users.firstName}`,
  lUserName: sql`${users.lastName}`,
  net_amount: sql`${bookings.netAmount}`,
  status: sql`${bookings.status}`,
}

const screensBookings = sql<boolean>`coalesce((${organizations.features} ->> 'user_screen_booking')::boolean, false)`

const listColumns = {
  id: bookings.id,
  bookingPrefix: bookings.bookingPrefix,
  organizationId: bookings.organizationId,
  organizationName: organizations.name,
  timeFormat: organizations.timeFormat,
  screensBookings,
  centerId: bookings.centerId,
  centerName: centers.name,
  timezone: centers.timezoneId,
  spaceId: bookings.spaceId,
  spaceName: spaces.name,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  clientId: bookings.clientId,
  clientName: clients.name,
  userFirstName: users.firstName,
  userLastName: users.lastName,
  netAmount: bookings.netAmount,
  currency: bookings.currency,
  status: bookings.status,
  paymentStatus: bookings.paymentStatus,
  isPaid: bookings.isPaid,
  recurringId: bookings.recurringId,
}

/** The joins every row needs; the foreign keys make each inner join match exactly one row. */
function withJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .innerJoin(centers, sameOrg(centers.organizationId, centers.id, bookings.centerId))
    .innerJoin(spaces, sameOrg(spaces.organizationId, spaces.id, bookings.spaceId))
    .innerJoin(clients, sameOrg(clients.organizationId, clients.id, bookings.clientId))
    .innerJoin(users, eq(users.id, bookings.userId))
}

type ListShape = FilterShape & Pick<ListQuery<BookingOrder>, 'order' | 'direct'>

const pageOfBookings = preparedQueries('booking_list', (tx, shape: ListShape) =>
  withJoins(tx.select(listColumns).from(bookings).$dynamic())
    .where(where(shape))
    .orderBy(...orderBy(sortable, shape, 'start_time', bookings.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
)

/**
 * One page, newest start first unless another whitelisted order is asked for: a named prepared
 * statement per shape of filter and order (db/prepared.ts), built once and planned once per connection.
 */
export function listBookings(
  tx: Tx,
  filter: BookingListFilter,
  query: Pick<ListQuery<BookingOrder>, 'order' | 'direct'>,
  window: ListWindow,
) {
  return pageOfBookings(
    tx,
    { ...shapeOf(filter), order: query.order, direct: query.direct },
    { ...filterValues(filter), limit: window.limit, offset: window.offset },
  )
}
export type BookingListDbRow = Awaited<ReturnType<typeof listBookings>>[number]

const countOfBookings = preparedQueries('booking_count', (tx, shape: FilterShape) => {
  // The day filter reads the location's time zone; nothing else needs a join.
  let query = tx.select({ n: count() }).from(bookings).$dynamic()
  if (shape.start || shape.end)
    query = query.innerJoin(centers, sameOrg(centers.organizationId, centers.id, bookings.centerId))
  return query.where(where(shape))
})

/**
 * The total of the filtered rows. A separate query rather than `count(*) over ()`: the window
 * function would join every matching booking to return twenty, while this touches only the
 * tables the filter reads (bookings alone for an organization, an index-only count).
 */
export async function countBookings(tx: Tx, filter: BookingListFilter) {
  const [row] = await countOfBookings(tx, shapeOf(filter), filterValues(filter))
  return row?.n ?? 0
}

export interface ExportCursor {
  startTime: Date
  id: number
}

const exportColumns = {
  ...listColumns,
  userEmail: users.email,
  attendees: bookings.attendees,
  durationMinutes: bookings.durationMinutes,
  transactionId: bookings.transactionId,
  notes: bookings.notes,
}

/** With the filter's, what names a prepared statement of the export: its order, first batch or not. */
interface ExportShape extends FilterShape {
  direction: 'asc' | 'desc'
  after: boolean
}

/**
 * A named prepared statement per shape (db/prepared.ts): built once, and on PostgreSQL planned
 * once per connection, however many batches an export reads.
 */
const batchOfExport = preparedQueries('booking_export', (tx, shape: ExportShape) => {
  const dir = shape.direction === 'desc' ? desc : asc
  const key = sql`(${bookings.startTime}, ${bookings.id})`
  const cursor = sql`(${sql.placeholder('afterStart')}::timestamptz, ${sql.placeholder('afterId')}::integer)`
  const after = shape.after
    ? shape.direction === 'desc'
      ? sql`${key} < ${cursor}`
      : sql`${key} > ${cursor}`
    : undefined
  return withJoins(tx.select(exportColumns).from(bookings).$dynamic())
    .where(and(where(shape), after))
    .orderBy(dir(bookings.startTime), dir(bookings.id))
    .limit(sql.placeholder('limit'))
})

/**
 * One batch of the Excel export in start-time order, after `cursor` (keyset paging: memory and
 * the cost of each batch stay flat whatever the size of the export).
 */
export function exportBatch(
  tx: Tx,
  filter: BookingListFilter,
  direction: 'asc' | 'desc',
  cursor: ExportCursor | null,
  size: number,
) {
  return batchOfExport(
    tx,
    { ...shapeOf(filter), direction, after: cursor !== null },
    {
      ...filterValues(filter),
      afterStart: cursor?.startTime.toISOString() ?? null,
      afterId: cursor?.id ?? null,
      limit: size,
    },
  )
}
export type BookingExportDbRow = Awaited<ReturnType<typeof exportBatch>>[number]

/** The run sheet's bookings: by location, then start; at most `limit` (the caller refuses more). */
/**
 * The start of a free-text field, as much as a run sheet cell prints and one more character (so it
 * knows to end with an ellipsis): a part's 2,500 bookings with 5,000-character notes would
 * otherwise be ~75 MB of strings on the HTTP thread.
 */
const firstCharacters = (column: AnyPgColumn) =>
  sql<string>`left(${column}, ${RUN_SHEET_CELL_CHARACTERS + 1})`

/** One part of the run sheet's bookings: by location, then start. */
export function runSheetBookings(tx: Tx, filter: BookingListFilter, offset: number, limit: number) {
  const columns = {
    ...exportColumns,
    notes: firstCharacters(bookings.notes),
    specialRequirement: firstCharacters(bookings.specialRequirement),
    postBookingNotes: firstCharacters(bookings.postBookingNotes),
  }
  return withJoins(tx.select(columns).from(bookings).$dynamic())
    .where(where(shapeOf(filter)))
    .orderBy(asc(centers.name), asc(bookings.centerId), asc(bookings.startTime), asc(bookings.id))
    .offset(offset)
    .limit(limit)
    .execute(filterValues(filter))
}
export type RunSheetDbRow = Awaited<ReturnType<typeof runSheetBookings>>[number]

/** The amenities booked with these bookings (of one organization each), in booking order. */
export function amenitiesOfBookings(tx: Tx, pairs: { organizationId: number; id: number }[]) {
  if (!pairs.length) return Promise.resolve([])
  const organizationIds = [...new Set(pairs.map((p) => p.organizationId))]
  return tx
    .select({
      bookingId: bookingAmenities.bookingId,
      name: bookingAmenities.name,
      quantity: bookingAmenities.quantity,
      type: bookingAmenities.type,
    })
    .from(bookingAmenities)
    .where(
      and(
        inArray(bookingAmenities.organizationId, organizationIds),
        inArray(
          bookingAmenities.bookingId,
          pairs.map((p) => p.id),
        ),
      ),
    )
    .orderBy(asc(bookingAmenities.bookingId), asc(bookingAmenities.id))
}
