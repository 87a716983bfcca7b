import { CLIENT_TYPE_SEPARATOR, type IsoDate, NO_CLIENT_TYPE, TOP_CLIENTS } from '@spaceboard/domain'
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client.ts'
import {
  bookings,
  centerRevenueTargets,
  centers,
  clientClientTypes,
  clients,
  clientTypes,
  reportClientMonthFacts,
  reportSpaceMonthFacts,
  reportUserMonthFacts,
  spaces,
  users,
} from '../../db/schema/index.ts'
import { bookingJoins } from '../bookings/booking-joins.ts'
import { countedBookingsOf, localBucket, localStart, revenueCents } from './facts.repository.ts'
import { clientFactsOf, factBucket, factRevenue, spaceFactsOf } from './report-facts.repository.ts'
import type { ReportInput } from './report-input.ts'

/**
 * The statements of the revenue reports (Client Type Revenue, Average per Booking, Top 20 Clients,
 * Center Revenue Target): each aggregates the counted bookings in SQL (one row per group), on the
 * (organization_id, start_time) and (organization_id, center_id, start_time) indexes.
 */

const toNumber = (value: unknown) => Number(value ?? 0)

/** The counted bookings of the input's location and space, from `from` to `to` (local dates) instead of its period. */
function countedBetween(input: ReportInput, organizationId: number, from: IsoDate, to: IsoDate) {
  return countedBookingsOf({ ...input, period: { ...input.period, from, to } }, organizationId)
}

type GroupKey = 'center' | 'room' | 'client' | 'user'

/**
 * The counted bookings of the report per key (a location, space, client or user), and per bucket
 * when `bucketed`: their number, revenue in cents and booked minutes. From the monthly facts when
 * they hold them (buckets of months, a key they keep, and no space filter for the per-client
 * facts), else from the bookings: the same sums either way. A report's period is always whole
 * months (reportPeriod).
 */
function perKey(tx: Tx, input: ReportInput, organizationId: number, key: GroupKey, bucketed: boolean) {
  const monthBuckets = !bucketed || input.duration === 'yearly'
  if (monthBuckets) {
    if (key === 'center' || key === 'room') {
      const t = reportSpaceMonthFacts
      return factSums(
        tx,
        t,
        key === 'center' ? t.centerId : t.spaceId,
        spaceFactsOf(input, organizationId),
        input,
        bucketed,
      )
    }
    if (key === 'client' && input.spaceId === null) {
      const t = reportClientMonthFacts
      return factSums(tx, t, t.clientId, clientFactsOf(input, organizationId), input, bucketed)
    }
    if (key === 'user' && input.spaceId === null) {
      const t = reportUserMonthFacts
      return factSums(tx, t, t.userId, clientFactsOf(input, organizationId, t), input, bucketed)
    }
  }
  const id = groupKey(key)
  return tx
    .select({
      id: sql<number>`${id}`.as('key_id'),
      bucket: (bucketed ? localBucket(input.duration) : sql<string>`''`).as('bucket'),
      bookings: sql<number>`count(*)::int`.as('bookings'),
      revenue: sql<number>`sum(${revenueCents(input.revenue)})`.as('revenue'),
      minutes: sql<number>`sum(${bookings.durationMinutes})`.as('minutes'),
    })
    .from(bookings)
    .innerJoin(centers, bookingJoins.center)
    .where(countedBookingsOf(input, organizationId))
    .groupBy(id, sql`2`)
    .as('per_key')
}

function factSums(
  tx: Tx,
  t: typeof reportSpaceMonthFacts | typeof reportClientMonthFacts | typeof reportUserMonthFacts,
  id: AnyPgColumn,
  where: SQL,
  input: ReportInput,
  bucketed: boolean,
) {
  return tx
    .select({
      id: sql<number>`${id}`.as('key_id'),
      bucket: (bucketed ? factBucket(t) : sql<string>`''`).as('bucket'),
      bookings: sql<number>`sum(${t.bookings})::int`.as('bookings'),
      revenue: sql<number>`sum(${factRevenue(t, input.revenue)})`.as('revenue'),
      minutes: sql<number>`sum(${t.minutes})`.as('minutes'),
    })
    .from(t)
    .where(where)
    .groupBy(id, sql`2`)
    .as('per_key')
}

/** Client Type Revenue: per client type group and bucket, bookings and revenue in cents. */
export async function clientTypeRevenue(tx: Tx, input: ReportInput, organizationId: number) {
  const perClient = perKey(tx, input, organizationId, 'client', true)
  // Each client's group once (not once per bucket), joined to the clients that booked.
  const groups = tx
    .select({
      clientId: sql<number>`${clientClientTypes.clientId}`.as('typed_client_id'),
      name: sql<string>`string_agg(${clientTypes.name}, ${CLIENT_TYPE_SEPARATOR} order by ${clientTypes.name} collate "C")`.as(
        'type_names',
      ),
    })
    .from(clientClientTypes)
    .innerJoin(clientTypes, eq(clientTypes.id, clientClientTypes.clientTypeId))
    .where(eq(clientClientTypes.organizationId, organizationId))
    .groupBy(clientClientTypes.clientId)
    .as('client_groups')
  return tx
    .select({
      group: sql<string>`coalesce(${groups.name}, ${NO_CLIENT_TYPE})`.as('client_type'),
      bucket: perClient.bucket,
      bookings: sql<number>`sum(${perClient.bookings})::int`.mapWith(toNumber),
      revenueCents: sql<number>`sum(${perClient.revenue})::bigint`.mapWith(toNumber),
    })
    .from(perClient)
    .leftJoin(groups, eq(groups.clientId, perClient.id))
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1`, sql`2`)
}

/** Average per Booking: per location, space, client or user (the booking's), bookings, revenue in cents and booked minutes. */
export async function bookingsPerGroup(tx: Tx, input: ReportInput, organizationId: number) {
  const perGroup = perKey(tx, input, organizationId, input.groupBy, false)
  const named = (name: SQL, table: typeof centers | typeof spaces | typeof clients | typeof users) =>
    tx
      .select({
        id: perGroup.id,
        name: sql<string>`${name}`,
        bookings: sql<number>`${perGroup.bookings}`.mapWith(toNumber),
        revenueCents: sql<number>`${perGroup.revenue}::bigint`.mapWith(toNumber),
        minutes: sql<number>`${perGroup.minutes}::bigint`.mapWith(toNumber),
      })
      .from(perGroup)
      .innerJoin(table, eq(table.id, perGroup.id))
      .orderBy(sql`${name} collate "C"`, perGroup.id)
  switch (input.groupBy) {
    case 'room':
      return named(sql`${spaces.name}`, spaces)
    case 'client':
      return named(sql`${clients.name}`, clients)
    case 'user':
      return named(sql`trim(${users.firstName} || ' ' || ${users.lastName})`, users)
    default:
      return named(sql`${centers.name}`, centers)
  }
}

function groupKey(groupBy: GroupKey) {
  switch (groupBy) {
    case 'room':
      return bookings.spaceId
    case 'client':
      return bookings.clientId
    case 'user':
      return bookings.userId
    default:
      return bookings.centerId
  }
}

/** Top 20 Clients of a period: bookings and revenue in cents, ranked (TOP_CLIENTS). */
export async function topClientsOfPeriod(tx: Tx, input: ReportInput, organizationId: number) {
  const perClient = perKey(tx, input, organizationId, 'client', false)
  return tx
    .select({
      id: clients.id,
      name: clients.name,
      bookings: sql<number>`${perClient.bookings}`.mapWith(toNumber),
      revenueCents: sql<number>`${perClient.revenue}::bigint`.mapWith(toNumber),
    })
    .from(perClient)
    .innerJoin(clients, and(eq(clients.organizationId, organizationId), eq(clients.id, perClient.id)))
    .orderBy(sql`${perClient.revenue} desc`, sql`${clients.name} collate "C"`, clients.id)
    .limit(TOP_CLIENTS)
}

/**
 * Top 20 Clients of financial years (oldest first, the ranked one last): the last year's top clients
 * with their bookings that year and their revenue in cents in every one of the years.
 */
export async function topClientsOfYears(
  tx: Tx,
  input: ReportInput,
  organizationId: number,
  years: readonly { from: IsoDate; to: IsoDate }[],
) {
  const first = years[0]
  const last = years.at(-1)
  if (!first || !last) return []
  // The monthly facts of the years, or the bookings themselves for one space (the client facts keep no space).
  const facts = input.spaceId === null
  const t = reportClientMonthFacts
  const source = facts
    ? { day: sql`${t.month}`, bookings: sql`${t.bookings}`, revenue: sql`${factRevenue(t, input.revenue)}` }
    : { day: sql`${localStart}::date`, bookings: sql`1`, revenue: sql`${revenueCents(input.revenue)}` }
  const inYear = (year: { from: IsoDate; to: IsoDate }) =>
    sql`${source.day} >= ${year.from}::date and ${source.day} < ${year.to}::date`
  const selection = {
    clientId: sql<number>`${facts ? t.clientId : bookings.clientId}`.as('client_id'),
    bookings: sql<number>`coalesce(sum(${source.bookings}) filter (where ${inYear(last)}), 0)`.as('bookings'),
    ...Object.fromEntries(
      years.map((year, index) => [
        `y${index}`,
        sql<number>`coalesce(sum(${source.revenue}) filter (where ${inYear(year)}), 0)`.as(`y${index}`),
      ]),
    ),
  }
  const perClient = facts
    ? tx
        .select(selection)
        .from(t)
        .where(
          clientFactsOf(
            { ...input, period: { ...input.period, from: first.from, to: last.to } },
            organizationId,
          ),
        )
        .groupBy(t.clientId)
        .as('per_client')
    : tx
        .select(selection)
        .from(bookings)
        .innerJoin(centers, bookingJoins.center)
        .where(countedBetween(input, organizationId, first.from, last.to))
        .groupBy(bookings.clientId)
        .as('per_client')
  const fields = perClient as unknown as Record<string, SQL.Aliased<number>>
  const lastYear = fields[`y${years.length - 1}`] as SQL.Aliased<number>
  const rows = await tx
    .select({
      id: clients.id,
      name: clients.name,
      bookings: sql<number>`${perClient.bookings}::int`.mapWith(toNumber),
      totals: sql<string[]>`array[${sql.join(
        years.map((_, index) => sql`${fields[`y${index}`]}::bigint::text`),
        sql`, `,
      )}]`,
    })
    .from(perClient)
    .innerJoin(clients, and(eq(clients.organizationId, organizationId), eq(clients.id, perClient.clientId)))
    .where(sql`${perClient.bookings} > 0`)
    .orderBy(sql`${lastYear} desc`, sql`${clients.name} collate "C"`, clients.id)
    .limit(TOP_CLIENTS)
  return rows.map((row) => ({ ...row, totalsCents: row.totals.map(toNumber) }))
}

/** The organization's locations (or the chosen one), by name, with whether they are archived. */
export function reportCenters(tx: Tx, organizationId: number, centerId: number | null) {
  return tx
    .select({ id: centers.id, name: centers.name, archived: sql<boolean>`${centers.deletedAt} is not null` })
    .from(centers)
    .where(
      and(
        eq(centers.organizationId, organizationId),
        centerId === null ? undefined : eq(centers.id, centerId),
      ),
    )
    .orderBy(sql`${centers.name} collate "C"`, centers.id)
}

/** Revenue in cents per location and local month (yyyy-MM), from `from` to `to` (first days of months). */
export function revenuePerCenterMonth(
  tx: Tx,
  input: ReportInput,
  organizationId: number,
  from: IsoDate,
  to: IsoDate,
) {
  const t = reportSpaceMonthFacts
  return tx
    .select({
      centerId: t.centerId,
      month: factBucket(t),
      revenueCents: sql<number>`coalesce(sum(${factRevenue(t, input.revenue)}), 0)::bigint`.mapWith(toNumber),
    })
    .from(t)
    .where(spaceFactsOf({ ...input, period: { ...input.period, from, to } }, organizationId))
    .groupBy(t.centerId, sql`2`)
}

/** The monthly revenue targets (calendar year and month) of the locations in the given months. */
export function revenueTargets(
  tx: Tx,
  organizationId: number,
  centerIds: readonly number[],
  months: readonly { year: number; month: number }[],
) {
  const first = months[0]
  const last = months.at(-1)
  if (!first || !last || !centerIds.length) return Promise.resolve([])
  const at = sql`${centerRevenueTargets.year} * 12 + ${centerRevenueTargets.monthId}`
  return tx
    .select({
      centerId: centerRevenueTargets.centerId,
      year: centerRevenueTargets.year,
      month: centerRevenueTargets.monthId,
      revenue: centerRevenueTargets.revenue,
    })
    .from(centerRevenueTargets)
    .where(
      and(
        eq(centerRevenueTargets.organizationId, organizationId),
        inArray(centerRevenueTargets.centerId, [...centerIds]),
        sql`${at} between ${first.year * 12 + first.month} and ${last.year * 12 + last.month}`,
      ),
    )
    .orderBy(asc(centerRevenueTargets.centerId))
}
