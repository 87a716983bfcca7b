import type { IsoDate, ReportDuration } from '@spaceboard/domain'
import { and, asc, count, eq, isNull, not, or, type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { selectRows } from '../../db/prepared.ts'
import {
  bookings,
  centers,
  organizations,
  reportOrganizationMonthFacts,
  reportSpaceMonthFacts,
  spaces,
} from '../../db/schema/index.ts'
import { bookingJoins } from '../bookings/booking-joins.ts'
import { countedBookingsOf, dateBucket, localStart, revenueCents } from './facts.repository.ts'
import { factBucket, factRevenue, periodFactsOf, spaceFactsOf } from './report-facts.repository.ts'
import type { ReportInput } from './report-input.ts'

/**
 * The SQL of occupancy (packages/domain/src/reports/occupancy.ts defines it): bookable minutes of
 * spaces over a period, and the booked minutes, revenue and count of the counted bookings, each in
 * ONE aggregate statement grouped by organization, group (location or space) and bucket.
 */

/** What occupancy is grouped by: the whole organization, its locations or its spaces. */
export type OccupancyGroup = 'organization' | 'center' | 'room'

/** The organizations a statement covers: one, or every one reported on (not excluded, not archived) and optionally one more. */
export type OrganizationScope = { id: number } | { reported: true; also: number | null }

export interface BookableScope {
  from: IsoDate
  /** Exclusive. */
  to: IsoDate
  organizations: OrganizationScope
  centerId: number | null
  spaceId: number | null
  groupBy: OccupancyGroup
  /** Per day (monthly), per month (yearly), or the whole period in one bucket '' (null). */
  bucket: ReportDuration | null
}

export interface MinutesRow {
  organizationId: number
  /** The location or space id; 0 when grouped by organization. */
  groupId: number
  bucket: string
  minutes: number
}

/** The organizations reported on: not excluded from reporting (spec 3 §6), not archived; and `also`. */
export function reportedOrganizationIds(also: number | null): SQL {
  return sql`select ${organizations.id} from ${organizations} where ${and(
    isNull(organizations.deletedAt),
    or(not(organizations.excludeFromReporting), also === null ? undefined : eq(organizations.id, also)),
  )}`
}

const spaceGroup: Record<OccupancyGroup, SQL> = {
  organization: sql`0`,
  center: sql`s.center_id`,
  room: sql`s.id`,
}

/** The minutes of a space's daily window (`of`: a row with zone, start_time, end_time) on a local day: 23- and 25-hour days included. */
function windowMinutes(day: SQL, of: SQL): SQL {
  return sql`extract(epoch from ((${day} + ${of}.end_time::time) at time zone ${of}.zone)
          - ((${day} + ${of}.start_time::time) at time zone ${of}.zone)) / 60`
}

/**
 * Bookable minutes by organization, group and bucket. Spaces of the same window, zone and archive
 * day are counted together (their count times the window of each day), so the day-by-day work is
 * per distinct window, not per space; blackout days are then taken off per space, each day once.
 */
export async function bookableMinutes(tx: Tx, scope: BookableScope): Promise<MinutesRow[]> {
  const from = sql`${scope.from}::date`
  const to = sql`${scope.to}::date`
  const organizationFilter =
    'id' in scope.organizations
      ? sql`s.organization_id = ${scope.organizations.id}`
      : sql`s.organization_id in (${reportedOrganizationIds(scope.organizations.also)})`
  const archived = sql`least(s.deleted_at, c.deleted_at)`
  const blackoutDays = (start: SQL, end: SQL) =>
    sql`generate_series(greatest(${start}, ${from})::timestamp, least(coalesce(${end}, ${start}), ${to} - 1)::timestamp, interval '1 day')`
  const result = await tx.execute(sql`
    with counted as (
      select s.id, s.organization_id, ${spaceGroup[scope.groupBy]} as group_id, s.start_time, s.end_time,
        c.timezone_id as zone, (${archived} at time zone c.timezone_id)::date as archived_on,
        coalesce((o.features ->> 'blackout_period')::boolean, false) as org_blackouts
      from spaces s
      join centers c on c.organization_id = s.organization_id and c.id = s.center_id
      join organizations o on o.id = s.organization_id
      where ${organizationFilter}
        ${scope.centerId === null ? sql`` : sql`and s.center_id = ${scope.centerId}`}
        ${scope.spaceId === null ? sql`` : sql`and s.id = ${scope.spaceId}`}
        and (${archived} is null or (${archived} at time zone c.timezone_id)::date > ${from})
    ),
    days as (
      select d::date as day from generate_series(${from}::timestamp, (${to} - 1)::timestamp, interval '1 day') d
    ),
    windows as (
      select w.zone, w.start_time, w.end_time, days.day, ${windowMinutes(sql`days.day`, sql`w`)} as minutes
      from (select distinct zone, start_time, end_time from counted) w cross join days
    ),
    classes as (
      select organization_id, group_id, zone, start_time, end_time, archived_on, count(*) as spaces
      from counted group by organization_id, group_id, zone, start_time, end_time, archived_on
    ),
    -- Each window's minutes summed per bucket first, so that the classes open all period (nearly
    -- all) join a row per bucket rather than per day; those archived within it count day by day.
    window_buckets as (
      select zone, start_time, end_time, ${dateBucket(scope.bucket, sql`day`)} as bucket, sum(minutes) as minutes
      from windows group by 1, 2, 3, 4
    ),
    open_time as (
      select organization_id, group_id, bucket, sum(minutes) as minutes from (
        select k.organization_id, k.group_id, w.bucket, w.minutes * k.spaces as minutes
        from classes k
        join window_buckets w on w.zone = k.zone and w.start_time = k.start_time and w.end_time = k.end_time
        where k.archived_on is null or k.archived_on >= ${to}
        union all
        select k.organization_id, k.group_id, ${dateBucket(scope.bucket, sql`w.day`)}, w.minutes * k.spaces
        from classes k
        join windows w on w.zone = k.zone and w.start_time = k.start_time and w.end_time = k.end_time
        where k.archived_on < ${to} and w.day < k.archived_on
      ) as open_minutes
      group by 1, 2, 3
    ),
    dark_days as (
      select s.id, g.day::date as day from counted s
        join space_blackout_periods p on p.organization_id = s.organization_id and p.space_id = s.id
        cross join lateral ${blackoutDays(sql`p.start_date`, sql`p.end_date`)} g(day)
      union
      select s.id, g.day::date from counted s
        join organization_blackout_periods p on p.organization_id = s.organization_id
        cross join lateral ${blackoutDays(sql`p.start_date`, sql`p.end_date`)} g(day)
        where s.org_blackouts
    ),
    -- A dark day's window computed for that day alone: a join with every window's days on the
    -- window first would pair each dark day with the whole period.
    dark_time as (
      select s.organization_id, s.group_id, ${dateBucket(scope.bucket, sql`d.day`)} as bucket,
        sum(${windowMinutes(sql`d.day`, sql`s`)}) as minutes
      from dark_days d
      join counted s on s.id = d.id
      where s.archived_on is null or d.day < s.archived_on
      group by 1, 2, 3
    )
    select o.organization_id as "organizationId", o.group_id as "groupId", o.bucket,
      (o.minutes - coalesce(d.minutes, 0))::float8 as minutes
    from open_time o
    left join dark_time d on d.organization_id = o.organization_id and d.group_id = o.group_id and d.bucket = o.bucket`)
  return (result as unknown as { rows: MinutesRow[] }).rows
}

export interface BookingFiguresRow {
  organizationId: number
  groupId: number
  bucket: string
  bookings: number
  revenueCents: number
  bookedMinutes: number
}

const bookingGroup: Record<OccupancyGroup, SQL> = {
  organization: sql`0`,
  center: sql`${bookings.centerId}`,
  room: sql`${bookings.spaceId}`,
}

/**
 * Counted bookings of the report's period (its location and space filters too): their number,
 * revenue in cents (as `revenue` asks) and booked minutes, by organization, group and bucket.
 */
export async function bookingFigures(
  tx: Tx,
  input: ReportInput,
  options: {
    organizations: OrganizationScope
    groupBy: OccupancyGroup
    bucket: ReportDuration | null
    revenue: ReportInput['revenue']
  },
): Promise<BookingFiguresRow[]> {
  const scope = options.organizations
  // Buckets of months (or none): the monthly facts hold the same sums.
  if (options.bucket !== 'monthly') return bookingFiguresOfFacts(tx, input, options)
  const bucket = dateBucket(options.bucket, localStart)
  const group = bookingGroup[options.groupBy]
  return selectRows(
    tx,
    tx
      .select({
        organizationId: bookings.organizationId,
        groupId: sql<number>`${group}`.mapWith(Number),
        bucket: sql<string>`${bucket}`,
        bookings: count(),
        revenueCents: sql<number>`coalesce(sum(${revenueCents(options.revenue)}), 0)::float8`.mapWith(Number),
        bookedMinutes: sql<number>`coalesce(sum(${bookings.durationMinutes}), 0)::float8`.mapWith(Number),
      })
      .from(bookings)
      .innerJoin(centers, bookingJoins.center)
      .where(
        'id' in scope
          ? countedBookingsOf(input, scope.id)
          : and(
              countedBookingsOf(input, null),
              sql`${bookings.organizationId} in (${reportedOrganizationIds(scope.also)})`,
            ),
      )
      .groupBy(
        bookings.organizationId,
        // Grouping by a constant would read as a column position: only what varies.
        ...(options.groupBy === 'organization' ? [] : [group]),
        ...(options.bucket === null ? [] : [bucket]),
      ),
  )
}

/** bookingFigures from the monthly facts of the period's months (yearly buckets or none). */
async function bookingFiguresOfFacts(
  tx: Tx,
  input: ReportInput,
  options: Parameters<typeof bookingFigures>[2],
): Promise<BookingFiguresRow[]> {
  const scope = options.organizations
  const organizationIds = 'id' in scope ? scope.id : reportedOrganizationIds(scope.also)
  // Whole organizations: their own facts, a row a month each.
  const whole = options.groupBy === 'organization' && input.centerId === null && input.spaceId === null
  const t = whole ? reportOrganizationMonthFacts : reportSpaceMonthFacts
  const s = reportSpaceMonthFacts
  const group = { organization: sql`0`, center: sql`${s.centerId}`, room: sql`${s.spaceId}` }[options.groupBy]
  const bucket = options.bucket === null ? sql`''` : factBucket(t)
  return selectRows(
    tx,
    tx
      .select({
        organizationId: t.organizationId,
        groupId: sql<number>`${group}`.mapWith(Number),
        bucket: sql<string>`${bucket}`,
        bookings: sql<number>`sum(${t.bookings})`.mapWith(Number),
        revenueCents: sql<number>`sum(${factRevenue(t, options.revenue)})::float8`.mapWith(Number),
        bookedMinutes: sql<number>`sum(${t.minutes})::float8`.mapWith(Number),
      })
      .from(t)
      .where(whole ? periodFactsOf(input, organizationIds) : spaceFactsOf(input, organizationIds))
      .groupBy(
        t.organizationId,
        ...(options.groupBy === 'organization' ? [] : [group]),
        ...(options.bucket === null ? [] : [bucket]),
      ),
  )
}

/** Names of an organization's locations or spaces by id, for the groups of a report. */
export async function groupNames(
  tx: Tx,
  organizationId: number,
  groupBy: 'center' | 'room',
): Promise<Map<number, string>> {
  const table = groupBy === 'center' ? centers : spaces
  const rows = await tx
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(eq(table.organizationId, organizationId))
    .orderBy(asc(table.name), asc(table.id))
  return new Map(rows.map((row) => [row.id, row.name]))
}

/** The organizations reported on (and `also`), with what the benchmarking compares them by. */
export function reportedOrganizations(tx: Tx, also: number | null) {
  return tx
    .select({
      id: organizations.id,
      name: organizations.name,
      currencyCode: organizations.currencyCode,
      regionId: organizations.organizationRegionId,
      excluded: organizations.excludeFromReporting,
    })
    .from(organizations)
    .where(sql`${organizations.id} in (${reportedOrganizationIds(also)})`)
    .orderBy(asc(organizations.name), asc(organizations.id))
}
