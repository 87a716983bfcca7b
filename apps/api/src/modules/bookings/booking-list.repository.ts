import { type BookingOrder, type ListQuery, RUN_SHEET_CELL_CHARACTERS } from '@spaceboard/domain'
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  or,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm'
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client.ts'
import { preparedQueries, preparedQuery } from '../../db/prepared.ts'
import {
  bookingAmenities,
  bookingCounts,
  bookings,
  centers,
  clients,
  organizations,
  spaces,
  users,
} from '../../db/schema/index.ts'
import { containsPattern, type ListWindow, orderBy } from '../../platform/list.ts'
import { bookingJoins } from './booking-joins.ts'

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
/** The booking's day on its location's clock, where the query joins centers. */
const localDay = sql`(${bookings.startTime} at time zone ${centers.timezoneId})::date`
/**
 * The same, with the location's zone looked up row by row: a page's ids can then be read in start
 * order from the (organization, start) index, stopping at the page's end. Joined, the planner read
 * every booking of the month through the (organization, location, start) index and sorted them
 * (3,829 buffers against 496 for a month of 3,660 bookings).
 */
const localDayLookedUp = sql`(${bookings.startTime} at time zone (select ${centers.timezoneId} from ${centers}
  where ${centers.organizationId} = ${bookings.organizationId} and ${centers.id} = ${bookings.centerId}))::date`

/** How where() writes the day on the location's clock: joined, looked up, or not at all (estimates). */
type LocalDays = 'joined' | 'looked-up' | 'none'
/** As the trigram index on users has it. */
const userName = sql`${users.firstName} || ' ' || ${users.lastName}`

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
type FilterValues = ReturnType<typeof filterValues>
/** How where() writes a value: a placeholder of a prepared statement, or the value itself. */
type ValueOf = (key: keyof FilterValues) => SQL | Placeholder

const placeholderOf: ValueOf = (key) => sql.placeholder(key)

/** The clients, bookers, spaces and locations whose names match a search, by (organization, id). */
export interface NameMatches {
  clients: OrganizationRows
  users: OrganizationRows
  spaces: OrganizationRows
  centers: OrganizationRows
}
interface OrganizationRows {
  organizationIds: number[]
  ids: number[]
}

/**
 * The rows of the small tables whose names match the search (the trigram indexes of clients and
 * users serve it), in one statement, within the organization when there is one.
 */
export async function nameMatches(tx: Tx, filter: BookingListFilter): Promise<NameMatches> {
  const pattern = containsPattern(filter.search)
  const within = (column: AnyPgColumn) =>
    filter.organizationId === null ? sql`true` : sql`${column} = ${filter.organizationId}`
  const matching = (
    kind: string,
    table: PgTable,
    organizationId: AnyPgColumn,
    id: AnyPgColumn,
    text: SQL | AnyPgColumn,
  ) =>
    sql`select ${kind} as kind, ${organizationId} as organization_id, ${id} as id from ${table}
        where ${text} ilike ${pattern} and ${within(organizationId)}`
  const result = await tx.execute(sql`
    ${matching('clients', clients, clients.organizationId, clients.id, clients.name)}
    union all ${matching('users', users, users.organizationId, users.id, userName)}
    union all ${matching('spaces', spaces, spaces.organizationId, spaces.id, spaces.name)}
    union all ${matching('centers', centers, centers.organizationId, centers.id, centers.name)}`)
  const rows = (
    result as unknown as { rows: { kind: keyof NameMatches; organization_id: number | null; id: number }[] }
  ).rows
  const matches: NameMatches = {
    clients: { organizationIds: [], ids: [] },
    users: { organizationIds: [], ids: [] },
    spaces: { organizationIds: [], ids: [] },
    centers: { organizationIds: [], ids: [] },
  }
  for (const row of rows) {
    // A super user belongs to no organization and books nothing.
    if (row.organization_id === null) continue
    const of = matches[row.kind]
    if (!of.organizationIds.includes(row.organization_id)) of.organizationIds.push(row.organization_id)
    of.ids.push(row.id)
  }
  return matches
}

/**
 * The search (spec 2 §5): the reference, or the client, booker, space or location by name. With the
 * matching names resolved first, each part is an index condition on the bookings — the reference
 * through its trigram index, the others by (organization, id) — so that the planner reads exactly
 * the matching bookings for a rare term and the newest ones in start order for a common one. The
 * arrays make every search a statement of its own, planned for its values.
 */
function searchOf(pattern: SQL | Placeholder, matches: NameMatches) {
  const through = (column: AnyPgColumn, rows: OrganizationRows) =>
    rows.ids.length
      ? and(
          sql`${bookings.organizationId} = any(${sql.param(rows.organizationIds)}::int[])`,
          sql`${column} = any(${sql.param(rows.ids)}::int[])`,
        )
      : undefined
  return or(
    ilike(reference, pattern),
    through(bookings.clientId, matches.clients),
    through(bookings.userId, matches.users),
    through(bookings.spaceId, matches.spaces),
    through(bookings.centerId, matches.centers),
  )
}

/**
 * The filter's conditions. With `localDays` 'none' only the ones the indexes answer (no day of the
 * location's clock): what the planner is asked to estimate; 'joined' where the query joins centers.
 * A search needs its `matches` (nameMatches).
 */
function where(
  shape: FilterShape,
  matches: NameMatches | null,
  value: ValueOf = placeholderOf,
  localDays: LocalDays = 'joined',
): SQL | undefined {
  if (shape.search && !matches) throw new Error('a search needs its name matches')
  const day = localDays === 'joined' ? localDay : localDayLookedUp
  return and(
    shape.organization ? eq(bookings.organizationId, value('organizationId')) : undefined,
    shape.center ? eq(bookings.centerId, value('centerId')) : undefined,
    shape.start ? gte(bookings.startTime, sql`${value('earliest')}::timestamptz`) : undefined,
    shape.start && localDays !== 'none' ? sql`${day} >= ${value('startDate')}::date` : undefined,
    shape.end ? lt(bookings.startTime, sql`${value('latest')}::timestamptz`) : undefined,
    shape.end && localDays !== 'none' ? sql`${day} <= ${value('endDate')}::date` : undefined,
    shape.search && matches ? searchOf(value('pattern'), matches) : undefined,
  )
}

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
    .innerJoin(centers, bookingJoins.center)
    .innerJoin(spaces, bookingJoins.space)
    .innerJoin(clients, bookingJoins.client)
    .innerJoin(users, eq(users.id, bookings.userId))
}

type ListShape = FilterShape & Pick<ListQuery<BookingOrder>, 'order' | 'direct'>

/** The table each order key reads besides bookings. */
const orderTable: Partial<
  Record<BookingOrder, 'organizations' | 'centers' | 'spaces' | 'clients' | 'users'>
> = {
  organizationName: 'organizations',
  centerName: 'centers',
  meetingName: 'spaces',
  clientName: 'clients',
  fUserName: 'users',
  lUserName: 'users',
}

/** A column of the one row of `table` that `on` finds, as a scalar subquery. */
const lookup = <T>(table: PgTable, column: AnyPgColumn | SQL, on: SQL | undefined) =>
  sql<T>`(select ${column} from ${table} where ${on})`

const ofOrganization = <T>(column: AnyPgColumn | SQL) =>
  lookup<T>(organizations, column, eq(organizations.id, bookings.organizationId))
const ofCenter = <T>(column: AnyPgColumn) => lookup<T>(centers, column, bookingJoins.center)
const ofUser = <T>(column: AnyPgColumn) => lookup<T>(users, column, eq(users.id, bookings.userId))

/**
 * listColumns with the names looked up row by row: joined, the six tables cost PostgreSQL 6–30 ms
 * of planning per page at a million bookings (its join search), looked up 0.2–0.3 ms.
 */
const pageColumns = {
  ...listColumns,
  organizationName: ofOrganization<string>(organizations.name),
  timeFormat: ofOrganization<string>(organizations.timeFormat),
  screensBookings: ofOrganization<boolean>(screensBookings),
  centerName: ofCenter<string>(centers.name),
  timezone: ofCenter<string>(centers.timezoneId),
  spaceName: lookup<string>(spaces, spaces.name, bookingJoins.space),
  clientName: lookup<string>(clients, clients.name, bookingJoins.client),
  userFirstName: ofUser<string>(users.firstName),
  userLastName: ofUser<string>(users.lastName),
}

/**
 * The page's ids first, in order, from bookings and only the tables its filter and order read (a
 * location's clock, a sorted name): page 50 skips 980 bookings, not 980 bookings joined to five
 * tables. Then their rows, in the order of the ids (unnest … with ordinality).
 */
function pageQuery(tx: Tx, shape: ListShape, matches: NameMatches | null) {
  const needs = orderTable[shape.order === '' ? 'start_time' : shape.order]
  let ids = tx.select({ id: bookings.id }).from(bookings).$dynamic()
  if (needs === 'centers') ids = ids.innerJoin(centers, bookingJoins.center)
  if (needs === 'organizations')
    ids = ids.innerJoin(organizations, eq(organizations.id, bookings.organizationId))
  if (needs === 'spaces') ids = ids.innerJoin(spaces, bookingJoins.space)
  if (needs === 'clients') ids = ids.innerJoin(clients, bookingJoins.client)
  if (needs === 'users') ids = ids.innerJoin(users, eq(users.id, bookings.userId))
  const page = ids
    .where(where(shape, matches, placeholderOf, needs === 'centers' ? 'joined' : 'looked-up'))
    .orderBy(...orderBy(sortable, shape, 'start_time', bookings.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
  return inOrderOf(tx.select(pageColumns).from(idsInOrder(page)).$dynamic())
}

/** The ids a query selects, in its order, as rows (id, position). */
const idsInOrder = (ids: SQLWrapper) => sql`unnest(array(${ids})) with ordinality as page(id, position)`

/** The bookings of idsInOrder, in that order. */
function inOrderOf<T extends PgSelect>(query: T) {
  return query.innerJoin(bookings, sql`${bookings.id} = page.id`).orderBy(sql`page.position`)
}

const preparedPage = preparedQueries('booking_list', (tx, shape: ListShape) => pageQuery(tx, shape, null))

/**
 * One page, newest start first unless another whitelisted order is asked for: without a search a
 * named prepared statement per shape of filter and order (db/prepared.ts), built once and planned
 * once per connection; a search is planned for its own matches.
 */
export async function listBookings(
  tx: Tx,
  filter: BookingListFilter,
  query: Pick<ListQuery<BookingOrder>, 'order' | 'direct'>,
  window: ListWindow,
) {
  const shape = { ...shapeOf(filter), order: query.order, direct: query.direct }
  const values = { ...filterValues(filter), limit: window.limit, offset: window.offset }
  if (!shape.search) return preparedPage(tx, shape, values)
  return pageQuery(tx, shape, await nameMatches(tx, filter)).execute(values)
}
export type BookingListDbRow = Awaited<ReturnType<typeof listBookings>>[number]

/** Up to this many filtered bookings are counted; beyond, the total is the planner's estimate. */
export const EXACT_TOTAL_LIMIT = 1_000
/** A planner's estimate above this is taken without counting the first EXACT_TOTAL_LIMIT. */
const ESTIMATE_TRUSTED_ABOVE = 10 * EXACT_TOTAL_LIMIT

/** The filtered bookings counted up to `cap`: bookings alone, with centers for the local days. */
function cappedCountQuery(tx: Tx, shape: FilterShape, matches: NameMatches | null) {
  let matching = tx.select({ one: sql`1` }).from(bookings).$dynamic()
  if (shape.start || shape.end) matching = matching.innerJoin(centers, bookingJoins.center)
  return tx
    .select({ n: count() })
    .from(matching.where(where(shape, matches)).limit(sql.placeholder('cap')).as('matching'))
}

const preparedCappedCount = preparedQueries('booking_count', (tx, shape: FilterShape) =>
  cappedCountQuery(tx, shape, null),
)

/**
 * In one statement: the filtered bookings counted up to `cap`, and the bookings of the filter's
 * index conditions alone (the UTC window, no day of the location's clock: every filtered booking
 * and the few of the window's edges) counted up to `windowCap` from the (organization, start) index.
 */
const preparedCounts = preparedQueries('booking_counts', (tx, shape: FilterShape) => {
  const inWindow = tx
    .select({ one: sql`1` })
    .from(bookings)
    .where(where(shape, null, placeholderOf, 'none'))
    .limit(sql.placeholder('windowCap'))
  let matching = tx.select({ one: sql`1` }).from(bookings).$dynamic()
  if (shape.start || shape.end) matching = matching.innerJoin(centers, bookingJoins.center)
  return tx
    .select({
      n: count(),
      inWindow: sql<number>`(select count(*) from (${inWindow}) as in_window)`.mapWith(Number),
    })
    .from(matching.where(where(shape, null)).limit(sql.placeholder('cap')).as('matching'))
})

const organizationTotal = preparedQuery('booking_total_of_organization', (tx) =>
  tx
    .select({ n: bookingCounts.bookings })
    .from(bookingCounts)
    .where(eq(bookingCounts.organizationId, sql.placeholder('organizationId'))),
)

const everyTotal = preparedQuery('booking_total', (tx) =>
  tx
    .select({ n: sql<number>`coalesce(sum(${bookingCounts.bookings}), 0)`.mapWith(Number) })
    .from(bookingCounts),
)

/** The planner's estimate of the filtered bookings (of the conditions its indexes answer). */
async function estimatedCount(tx: Tx, shape: FilterShape, matches: NameMatches | null, values: FilterValues) {
  const literal: ValueOf = (key) => sql`${values[key]}`
  const query = tx
    .select({ one: sql`1` })
    .from(bookings)
    .where(where(shape, matches, literal, 'none'))
  const result = await tx.execute(sql`explain (format json) ${query}`)
  const [row] = (result as unknown as { rows: { 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }[] }).rows
  return Math.round(row?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0)
}

export interface BookingTotal {
  total: number
  /** True when the total is the planner's estimate (more than EXACT_TOTAL_LIMIT match). */
  estimated: boolean
}

/**
 * The total of the filtered rows without counting a million of them on every page: an
 * organization's (or every organization's) bookings from the counts the triggers keep; a filtered
 * set counted exactly up to EXACT_TOTAL_LIMIT and estimated beyond — by the count of its UTC window
 * up to ESTIMATE_TRUSTED_ABOVE, by the planner past that (a search: by the planner) — unless
 * `exact` is asked (a page past the end, where the pager needs the true last page).
 */
export async function countBookings(tx: Tx, filter: BookingListFilter, exact = false): Promise<BookingTotal> {
  const shape = shapeOf(filter)
  if (!shape.center && !shape.start && !shape.end && !shape.search) {
    const [row] =
      filter.organizationId === null
        ? await everyTotal(tx)
        : await organizationTotal(tx, { organizationId: filter.organizationId })
    return { total: Number(row?.n ?? 0), estimated: false }
  }
  const values = filterValues(filter)
  const matches = shape.search ? await nameMatches(tx, filter) : null
  if (!matches && !exact) {
    const [row] = await preparedCounts(tx, shape, {
      ...values,
      cap: EXACT_TOTAL_LIMIT + 1,
      windowCap: ESTIMATE_TRUSTED_ABOVE + 1,
    })
    const counted = row?.n ?? 0
    const inWindow = row?.inWindow ?? 0
    if (counted <= EXACT_TOTAL_LIMIT) return { total: counted, estimated: false }
    // Without dates the window is the filter itself; with them, an upper bound a day's bookings or
    // so above the total, counted where the planner's estimate would cost a plan per request.
    const dated = shape.start || shape.end
    if (inWindow <= ESTIMATE_TRUSTED_ABOVE) return { total: inWindow, estimated: Boolean(dated) }
    const estimate = await estimatedCount(tx, shape, null, values)
    return { total: Math.max(estimate, inWindow), estimated: true }
  }
  // A large set is surely large: its estimate (a plan, no rows read) is the answer.
  const estimate = exact ? 0 : await estimatedCount(tx, shape, matches, values)
  if (estimate > ESTIMATE_TRUSTED_ABOVE) return { total: estimate, estimated: true }
  const countUpTo = async (limit: number) => {
    const cap = limit + 1
    const [row] = matches
      ? await cappedCountQuery(tx, shape, matches).execute({ ...values, cap })
      : await preparedCappedCount(tx, shape, { ...values, cap })
    return row?.n ?? 0
  }
  if (exact) return { total: await countUpTo(Number.MAX_SAFE_INTEGER - 1), estimated: false }
  const counted = await countUpTo(EXACT_TOTAL_LIMIT)
  if (counted <= EXACT_TOTAL_LIMIT) return { total: counted, estimated: false }
  if (estimate > counted) return { total: estimate, estimated: true }
  // The planner knows less than was just counted (statistics missing or stale): count on, up to
  // where its word would have been taken.
  const further = await countUpTo(ESTIMATE_TRUSTED_ABOVE)
  return { total: further, estimated: further > ESTIMATE_TRUSTED_ABOVE }
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
  cancellationRefundAmount: bookings.cancellationRefundAmount,
}

/** With the filter's, what names a prepared statement of the export: its order, first batch or not. */
interface ExportShape extends FilterShape {
  direction: 'asc' | 'desc'
  after: boolean
}

/**
 * Without a search, a named prepared statement per shape (db/prepared.ts): built once, and on
 * PostgreSQL planned once per connection, however many batches an export reads.
 */
function exportQuery(tx: Tx, shape: ExportShape, matches: NameMatches | null) {
  const dir = shape.direction === 'desc' ? desc : asc
  const key = sql`(${bookings.startTime}, ${bookings.id})`
  const cursor = sql`(${sql.placeholder('afterStart')}::timestamptz, ${sql.placeholder('afterId')}::integer)`
  const after = shape.after
    ? shape.direction === 'desc'
      ? sql`${key} < ${cursor}`
      : sql`${key} > ${cursor}`
    : undefined
  return withJoins(tx.select(exportColumns).from(bookings).$dynamic())
    .where(and(where(shape, matches), after))
    .orderBy(dir(bookings.startTime), dir(bookings.id))
    .limit(sql.placeholder('limit'))
}

const batchOfExport = preparedQueries('booking_export', (tx, shape: ExportShape) =>
  exportQuery(tx, shape, null),
)

/**
 * One batch of the Excel export in start-time order, after `cursor` (keyset paging: memory and
 * the cost of each batch stay flat whatever the size of the export).
 */
export async function exportBatch(
  tx: Tx,
  filter: BookingListFilter,
  direction: 'asc' | 'desc',
  cursor: ExportCursor | null,
  size: number,
) {
  const shape = { ...shapeOf(filter), direction, after: cursor !== null }
  const values = {
    ...filterValues(filter),
    afterStart: cursor?.startTime.toISOString() ?? null,
    afterId: cursor?.id ?? null,
    limit: size,
  }
  if (!filter.search) return batchOfExport(tx, shape, values)
  return exportQuery(tx, shape, await nameMatches(tx, filter)).execute(values)
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

/**
 * The ids of one part of the run sheet's bookings: by location, then start, sorted with only the
 * location's name beside them (sorting every booking with its joins and notes held the embedded
 * database's thread 300–470 ms at 100,000 bookings: npm run bench pglite-blocking).
 */
export async function runSheetIds(tx: Tx, filter: BookingListFilter, offset: number, limit: number) {
  const matches = filter.search ? await nameMatches(tx, filter) : null
  const rows = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(centers, bookingJoins.center)
    .where(where(shapeOf(filter), matches))
    .orderBy(asc(centers.name), asc(bookings.centerId), asc(bookings.startTime), asc(bookings.id))
    .offset(offset)
    .limit(limit)
    .execute(filterValues(filter))
  return rows.map((row) => row.id)
}

const runSheetColumns = {
  ...pageColumns,
  userEmail: ofUser<string>(users.email),
  attendees: bookings.attendees,
  durationMinutes: bookings.durationMinutes,
  transactionId: bookings.transactionId,
  notes: firstCharacters(bookings.notes),
  specialRequirement: firstCharacters(bookings.specialRequirement),
  postBookingNotes: firstCharacters(bookings.postBookingNotes),
}

const runSheetRowsOf = preparedQuery('run_sheet_rows', (tx) =>
  inOrderOf(
    tx
      .select(runSheetColumns)
      .from(sql`unnest(${sql.placeholder('ids')}::int[]) with ordinality as page(id, position)`)
      .$dynamic(),
  ),
)

/** The run sheet's rows of these bookings, in the order of `ids` (a few hundred at a time). */
export function runSheetBookings(tx: Tx, ids: number[]) {
  return runSheetRowsOf(tx, { ids })
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
