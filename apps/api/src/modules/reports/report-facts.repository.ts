import type { IsoDate } from '@spaceboard/domain'
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import {
  bookings,
  centers,
  reportClientMonthFacts,
  reportDimensionMonthFacts,
  reportOrganizationMonthFacts,
  reportSpaceMonthFacts,
  reportStaleMonths,
  reportUserMonthFacts,
  reportVersions as versions,
} from '../../db/schema/index.ts'
import { nextTurn } from '../../platform/next-turn.ts'
import { bookingJoins } from '../bookings/booking-joins.ts'
import {
  countedBookingsOf,
  gratisUsedMinutes,
  isoMonth,
  leadBand,
  leadMinutes,
  localStart,
  revenueCents,
  wallHourMinutes,
} from './facts.repository.ts'
import type { ReportInput } from './report-input.ts'

/**
 * The monthly report facts (db/schema/reports.ts): rebuilt from the bookings with the raw
 * statements' own measures (facts.repository.ts), so that a report reads the same figures from
 * either; and read by the report types whose period is whole local months.
 */

type RevenueChoice = ReportInput['revenue']
type FactTable =
  | typeof reportOrganizationMonthFacts
  | typeof reportSpaceMonthFacts
  | typeof reportDimensionMonthFacts
  | typeof reportClientMonthFacts
  | typeof reportUserMonthFacts

/** The measures of a set of counted bookings, as the fact tables keep them. */
const measuresOfBookings = {
  bookings: sql<number>`count(*)::int`,
  minutes: sql<number>`sum(${bookings.durationMinutes})`,
  revenueIncTaxIncAmenity: sql<number>`sum(${revenueCents({ tax: 'incTax', amenities: 'incAmenity' })})`,
  revenueIncTaxExAmenity: sql<number>`sum(${revenueCents({ tax: 'incTax', amenities: 'exAmenity' })})`,
  revenueExTaxIncAmenity: sql<number>`sum(${revenueCents({ tax: 'exTax', amenities: 'incAmenity' })})`,
  revenueExTaxExAmenity: sql<number>`sum(${revenueCents({ tax: 'exTax', amenities: 'exAmenity' })})`,
  gratisBookings: sql<number>`(count(*) filter (where ${gratisUsedMinutes} > 0))::int`,
  gratisMinutes: sql<number>`sum(${gratisUsedMinutes})`,
}

/** The first day of a booking's local month. */
const localMonth = sql<string>`date_trunc('month', ${localStart})::date`

/** The first day of the month after a month's first day (yyyy-MM-01). */
function nextMonth(month: string): IsoDate {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number]
  return monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`
}

/** The counted bookings of one organization starting in a local month (yyyy-MM-01). */
function countedInMonth(organizationId: number, month: string): SQL {
  return countedBookingsOf(
    { period: { from: month, to: nextMonth(month) }, centerId: null, spaceId: null },
    organizationId,
  )
}

/**
 * Brings one month of a fact table in line with `fresh` (its rows: the keys, then the measures, in
 * that order): new keys are inserted, changed measures updated, and keys no longer there deleted.
 * Rows that did not change are not written at all. A booking change alters a few of a month's
 * thousands of rows, and rewriting them all would leave the rest as dead rows and dead index
 * entries: PGlite runs no autovacuum, and on PostgreSQL a year's read walked 20,000 index entries
 * of dead rows for 11,000 live ones until a vacuum came by.
 */
async function mergeMonth<T extends FactTable>(
  tx: Tx,
  table: T,
  keys: (keyof T['$inferInsert'] & string)[],
  measures: (keyof T['$inferInsert'] & string)[],
  fresh: SQLWrapper,
  at: { organizationId: number; month: string },
) {
  const column = (key: string) =>
    sql`${sql.identifier((table[key as keyof T] as unknown as { name: string }).name)}`
  const keyColumns = keys.map(column)
  const measureColumns = measures.map(column)
  const list = (columns: SQL[], of?: string) =>
    sql.join(
      columns.map((c) => (of ? sql`${sql.identifier(of)}.${c}` : c)),
      sql`, `,
    )
  const every = list([...keyColumns, ...measureColumns])
  await tx.execute(sql`
    with fresh (${every}) as (${fresh}),
    written as (
      insert into ${table} as facts (${every}) select * from fresh
      on conflict (${list(keyColumns)}) do update
        set ${sql.join(
          measureColumns.map((c) => sql`${c} = excluded.${c}`),
          sql`, `,
        )}
        where (${list(measureColumns, 'facts')}) is distinct from (${list(measureColumns, 'excluded')})
    )
    delete from ${table} as facts
    where facts.organization_id = ${at.organizationId} and facts.month = ${at.month}::date
      -- NOT IN is a hashed subplan whatever the estimates; NOT EXISTS was planned, on the
      -- statistics of a table just rewritten, as a nested loop over 1,600 × 1,600 rows (415 ms).
      and (${list(keyColumns, 'facts')}) not in (select ${list(keyColumns, 'fresh')} from fresh)`)
  await nextTurn()
}

/**
 * A month's rows are written in the order of their table's key (organization, month, location,
 * space or party), so that a report reading a dimension or a location of a year finds them on a
 * few pages per month.
 */
const inKeyOrder = sql`1, 4, 2, 3`

/** Whether any month (of one organization, or of any for null) waits to be rebuilt. */
export async function staleMonths(tx: Db, organizationId: number | null) {
  return tx
    .selectDistinct({ organizationId: reportStaleMonths.organizationId, month: reportStaleMonths.month })
    .from(reportStaleMonths)
    .where(organizationId === null ? undefined : eq(reportStaleMonths.organizationId, organizationId))
    .orderBy(reportStaleMonths.organizationId, reportStaleMonths.month)
}

/**
 * Takes a stale month (deletes its marks) and rebuilds its facts, in the caller's transaction.
 * false: another rebuild took it first (its marks were gone once theirs committed).
 */
export async function rebuildMonth(tx: Tx, organizationId: number, month: string): Promise<boolean> {
  const taken = await tx
    .delete(reportStaleMonths)
    .where(and(eq(reportStaleMonths.organizationId, organizationId), eq(reportStaleMonths.month, month)))
    .returning({ month: reportStaleMonths.month })
  if (!taken.length) return false
  // The delete of vanished keys (mergeMonth) is a hashed NOT IN only while PostgreSQL's estimate of
  // the fresh rows fits in work_mem, and the wall hours' generate_series is estimated at 1,000 rows
  // a booking: 214,000 rows for a month of 2,750 bookings (actual: 2,830), over the default 4 MB,
  // so each of the month's rows scanned the fresh ones (2,830 × 1,416: 560 of the rebuild's 600 ms
  // at 1,000,000 bookings). A limit, not an allocation: the hash holds the actual rows.
  await tx.execute(sql`set local work_mem = '256MB'`)
  // Whatever a kept report answer of the organization read may change now (report-memo.ts).
  await tx
    .insert(versions)
    .values({ organizationId, facts: sql`nextval('report_versions_seq')` })
    .onConflictDoUpdate({ target: versions.organizationId, set: { facts: sql`excluded.facts` } })
  const at = { organizationId, month }
  const counted = countedInMonth(organizationId, month)
  const measureKeys = Object.keys(measuresOfBookings) as (keyof typeof measuresOfBookings)[]
  await mergeMonth(
    tx,
    reportSpaceMonthFacts,
    ['organizationId', 'centerId', 'spaceId', 'month'],
    measureKeys,
    tx
      .select({
        organizationId: bookings.organizationId,
        centerId: bookings.centerId,
        spaceId: bookings.spaceId,
        month: localMonth,
        ...measuresOfBookings,
      })
      .from(bookings)
      .innerJoin(centers, bookingJoins.center)
      .where(counted)
      .groupBy(bookings.organizationId, bookings.centerId, bookings.spaceId, sql`4`)
      .orderBy(inKeyOrder),
    at,
  )
  // The organization's month: its spaces' facts summed.
  const s = reportSpaceMonthFacts
  await mergeMonth(
    tx,
    reportOrganizationMonthFacts,
    ['organizationId', 'month'],
    measureKeys,
    sql`select ${s.organizationId}, ${s.month}, ${sql.join(
      measureKeys.map((key) => sql`sum(${s[key]})`),
      sql`, `,
    )}
    from ${s} where ${s.organizationId} = ${organizationId} and ${s.month} = ${month}::date
    group by 1, 2`,
    at,
  )
  // One row per booking and dimension (none for a booking without a voucher), grouped; then the
  // booked minutes in each local hour, whose bookings are those with minutes in it.
  await mergeMonth(
    tx,
    reportDimensionMonthFacts,
    ['organizationId', 'dimension', 'month', 'centerId', 'spaceId', 'value'],
    ['bookings', 'minutes', 'leadMinutes', 'voucherCents'],
    sql`(select ${bookings.organizationId}, d.dimension, ${localMonth}, ${bookings.centerId}, ${bookings.spaceId},
        d.value, count(*)::int, sum(${bookings.durationMinutes}), sum(${leadMinutes}),
        sum(round(${bookings.voucherDiscount} * 100))
      from ${bookings}
      join ${centers} on ${bookingJoins.center}
      cross join lateral (values
        ('weekday', extract(isodow from ${localStart})::int::text),
        ('start_hour', extract(hour from ${localStart})::int::text),
        ('lead_band', (${leadBand})::text),
        ('voucher', nullif(${bookings.voucherCode}, ''))
      ) as d(dimension, value)
      where ${counted} and d.value is not null
      group by 1, 2, 3, 4, 5, 6)
    union all
      (select ${bookings.organizationId}, 'wall_hour', ${localMonth}, ${bookings.centerId}, ${bookings.spaceId},
        wall_hour.hour::text, count(distinct ${bookings.id})::int, round(sum(wall_hour.minutes)), 0, 0
      from ${bookings}
      join ${centers} on ${bookingJoins.center}
      cross join ${wallHourMinutes}
      where ${counted} and wall_hour.minutes > 0
      group by 1, 2, 3, 4, 5, 6)
    order by 1, 2, 3, 4, 5, 6`,
    at,
  )
  // The facts per location and client, and per location and user: the same sums by another key.
  const parties = [
    { table: reportClientMonthFacts, key: 'clientId', column: bookings.clientId },
    { table: reportUserMonthFacts, key: 'userId', column: bookings.userId },
  ] as const
  for (const { table, key, column } of parties)
    await mergeMonth(
      tx,
      table,
      ['organizationId', 'centerId', key, 'month'] as never,
      measureKeys as never,
      tx
        .select({
          organizationId: bookings.organizationId,
          centerId: bookings.centerId,
          party: column,
          month: localMonth,
          ...measuresOfBookings,
        })
        .from(bookings)
        .innerJoin(centers, bookingJoins.center)
        .where(counted)
        .groupBy(bookings.organizationId, bookings.centerId, column, sql`4`)
        .orderBy(inKeyOrder),
      at,
    )
  return true
}

/**
 * The versions of an organization's master data and report facts together: a report answer kept
 * under it still holds while it is the same.
 */
export async function answerVersion(tx: Tx, organizationId: number): Promise<string> {
  const [row] = await tx
    .select({
      version: sql<string>`coalesce(max(${versions.master}), 0) || '.' || coalesce(max(${versions.facts}), 0)`,
    })
    .from(versions)
    .where(eq(versions.organizationId, organizationId))
  return row?.version ?? '0.0'
}

/**
 * The version of an organization's (null: of every organization's) master data (reportVersions):
 * it changes with every committed change to what bookable time is made of.
 */
export async function masterVersion(tx: Tx, organizationId: number | null): Promise<string> {
  const [row] = await tx
    .select({
      master: sql<string>`coalesce(max(${versions.master}), 0)::text`,
    })
    .from(versions)
    .where(organizationId === null ? undefined : eq(versions.organizationId, organizationId))
  return row?.master ?? '0'
}

/** The revenue column of a fact table for a tax and amenity choice. */
export function factRevenue(
  table:
    | typeof reportOrganizationMonthFacts
    | typeof reportSpaceMonthFacts
    | typeof reportClientMonthFacts
    | typeof reportUserMonthFacts,
  revenue: RevenueChoice,
) {
  if (revenue.tax === 'incTax')
    return revenue.amenities === 'incAmenity' ? table.revenueIncTaxIncAmenity : table.revenueIncTaxExAmenity
  return revenue.amenities === 'incAmenity' ? table.revenueExTaxIncAmenity : table.revenueExTaxExAmenity
}

/** The rows of a fact table for the report's organization(s) and period (whole local months). */
export function periodFactsOf(
  input: Pick<ReportInput, 'period'>,
  organizationIds: number | SQL,
  t: FactTable = reportOrganizationMonthFacts,
) {
  return and(
    typeof organizationIds === 'number'
      ? eq(t.organizationId, organizationIds)
      : sql`${t.organizationId} in (${organizationIds})`,
    sql`${t.month} >= ${input.period.from}::date`,
    sql`${t.month} < ${input.period.to}::date`,
  ) as SQL
}

/** The facts rows of a report's period (whole local months) and location and space filters. */
export function spaceFactsOf(
  input: ReportInput,
  organizationIds: number | SQL,
  t: typeof reportSpaceMonthFacts | typeof reportDimensionMonthFacts = reportSpaceMonthFacts,
) {
  return and(
    periodFactsOf(input, organizationIds, t),
    input.centerId === null ? undefined : eq(t.centerId, input.centerId),
    input.spaceId === null ? undefined : eq(t.spaceId, input.spaceId),
  ) as SQL
}

/** The client (or user) facts rows of a report's period (whole local months) and location filter. */
export function clientFactsOf(
  input: ReportInput,
  organizationId: number,
  t: typeof reportClientMonthFacts | typeof reportUserMonthFacts = reportClientMonthFacts,
) {
  return and(
    eq(t.organizationId, organizationId),
    sql`${t.month} >= ${input.period.from}::date`,
    sql`${t.month} < ${input.period.to}::date`,
    input.centerId === null ? undefined : eq(t.centerId, input.centerId),
  ) as SQL
}

/** The local month (yyyy-MM) of a facts row, as the yearly reports' buckets are keyed. */
export const factBucket = (table: FactTable) => isoMonth(table.month)

/** A dimension of the report's facts (reportDimensionMonthFacts), for its period and filters. */
export function dimensionFactsOf(
  input: ReportInput,
  organizationIds: number | SQL,
  dimension: FactDimension,
) {
  const t = reportDimensionMonthFacts
  return and(eq(t.dimension, dimension), spaceFactsOf(input, organizationIds, t)) as SQL
}

export type FactDimension = 'weekday' | 'start_hour' | 'wall_hour' | 'lead_band' | 'voucher'
