import { and, asc, eq, gte, isNull, lt, ne, type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { bookings, centers, clients, organizations, users } from '../../db/schema/index.ts'
import { bookingJoins } from '../bookings/booking-joins.ts'
import { localStart } from '../reports/facts.repository.ts'

const HOUR = 3_600_000

/** The organization an extract is about, with its features, or undefined (unknown or archived). */
export async function extractOrganization(tx: Tx, organizationId: number) {
  const [row] = await tx
    .select({ id: organizations.id, features: organizations.features })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)))
  return row
}

export interface ExtractFilter {
  organizationId: number
  /** yyyy-MM-dd, inclusive, in each booking's location's zone. */
  startDate: string
  endDate: string
  /** null for All Locations. Verified to belong to the organization. */
  centerId: number | null
}

/** Where the next batch starts: after this person in the extract's order (the keys as the database wrote them). */
export interface ExtractCursor {
  clientKey: string
  clientId: number
  lastKey: string
  firstKey: string
  userId: number
}

/**
 * The (client, user) pairs of the organization's bookings that are not cancelled and start on a
 * local date of the range (at the chosen location). The instant bounds (14 hours before the first
 * day in UTC, 12 after the last: every zone's day lies within) let the (organization_id,
 * start_time) or (organization_id, center_id, start_time) index do the work; the local date, in
 * the booking's location's zone, then decides exactly.
 */
function peopleOf(tx: Tx, filter: ExtractFilter) {
  const from = new Date(Date.parse(`${filter.startDate}T00:00:00Z`) - 14 * HOUR)
  const to = new Date(Date.parse(`${filter.endDate}T00:00:00Z`) + 36 * HOUR)
  return tx
    .selectDistinct({ clientId: bookings.clientId, userId: bookings.userId })
    .from(bookings)
    .innerJoin(centers, bookingJoins.center)
    .where(
      and(
        eq(bookings.organizationId, filter.organizationId),
        ne(bookings.status, 'cancelled'),
        gte(bookings.startTime, from),
        lt(bookings.startTime, to),
        sql`${localStart}::date between ${filter.startDate}::date and ${filter.endDate}::date`,
        filter.centerId === null ? undefined : eq(bookings.centerId, filter.centerId),
      ),
    )
    .as('people')
}

/**
 * The next batch of the extract: one row per distinct person (a client and the booking's user)
 * who booked in the range, ordered by client name, client, last and first name, user (names
 * without regard to case), after `cursor`. Each batch is its own short statement, so a range of
 * any size is read a bounded batch at a time. Archived clients and users are left out, and so are
 * users flagged exclude_from_reporting (as the user export leaves them out: spec 1 §9).
 */
export async function extractBatch(
  tx: Tx,
  filter: ExtractFilter,
  cursor: ExtractCursor | null,
  limit: number,
) {
  const people = peopleOf(tx, filter)
  const clientKey = sql<string>`lower(${clients.name})`
  const lastKey = sql<string>`lower(${users.lastName})`
  const firstKey = sql<string>`lower(${users.firstName})`
  const after: SQL | undefined =
    cursor === null
      ? undefined
      : sql`(${clientKey}, ${clients.id}, ${lastKey}, ${firstKey}, ${users.id}) > (${cursor.clientKey}::text, ${cursor.clientId}::integer, ${cursor.lastKey}::text, ${cursor.firstKey}::text, ${cursor.userId}::integer)`
  return tx
    .select({
      clientId: clients.id,
      clientName: clients.name,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      clientKey,
      lastKey,
      firstKey,
    })
    .from(people)
    .innerJoin(
      clients,
      and(eq(clients.organizationId, filter.organizationId), eq(clients.id, people.clientId)),
    )
    .innerJoin(users, eq(users.id, people.userId))
    .where(
      and(isNull(clients.deletedAt), isNull(users.deletedAt), eq(users.excludeFromReporting, false), after),
    )
    .orderBy(asc(clientKey), asc(clients.id), asc(lastKey), asc(firstKey), asc(users.id))
    .limit(limit)
}
export type ExtractDbRow = Awaited<ReturnType<typeof extractBatch>>[number]
