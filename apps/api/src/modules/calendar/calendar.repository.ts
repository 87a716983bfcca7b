import type { CalendarEventAction } from '@spaceboard/domain'
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client.ts'
import { preparedQuery } from '../../db/prepared.ts'
import {
  bookings,
  centerRegions,
  centers,
  clients,
  organizationBlackoutPeriods,
  organizations,
  spaceBlackoutPeriods,
  spaces,
  users,
} from '../../db/schema/index.ts'

/** The channel booking changes are announced on (pg_notify), heard by every API process. */
export const CALENDAR_CHANNEL = 'calendar_bookings'

/**
 * The longest a booking lasts: a space's maximum duration is at most 1,440 minutes
 * (spaces_duration_check) and creation and reschedule refuse more. The window's bookings are
 * found by their start on the (organization, space, start) index, so a booking that began up to
 * this long before the window and still runs into it is found too.
 */
export const LONGEST_BOOKING_MS = 24 * 3_600_000

export interface CalendarSpaceFilter {
  organizationId: number
  regionId: number | null
  centerId: number | null
  spaceId: number | null
}

export interface CalendarSpaceRow {
  id: number
  name: string
  centerId: number
  centerName: string
  timezone: string
  displayOrder: number
  startTime: string
  endTime: string
  minimumDurationMinutes: number
}

/** A list of ids as an int[] literal: one bound parameter on both drivers. */
const intArray = (ids: number[]) => `{${ids.join(',')}}`

/** The organization's date order, or undefined when it does not exist (or is archived). */
export async function organizationTimeFormat(tx: Tx, organizationId: number) {
  const [row] = await tx
    .select({ timeFormat: organizations.timeFormat, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)))
  return row
}

/** The active spaces of active locations the filters pick, within the organization. */
export function calendarSpaces(tx: Tx, f: CalendarSpaceFilter): Promise<CalendarSpaceRow[]> {
  return tx
    .select({
      id: spaces.id,
      name: spaces.name,
      centerId: centers.id,
      centerName: centers.name,
      timezone: centers.timezoneId,
      displayOrder: spaces.displayOrder,
      startTime: spaces.startTime,
      endTime: spaces.endTime,
      minimumDurationMinutes: spaces.minimumDurationMinutes,
    })
    .from(spaces)
    .innerJoin(
      centers,
      and(eq(centers.organizationId, spaces.organizationId), eq(centers.id, spaces.centerId)),
    )
    .where(
      and(
        eq(spaces.organizationId, f.organizationId),
        isNull(spaces.deletedAt),
        eq(spaces.isActive, true),
        isNull(centers.deletedAt),
        eq(centers.isActive, true),
        f.centerId ? eq(spaces.centerId, f.centerId) : undefined,
        f.spaceId ? eq(spaces.id, f.spaceId) : undefined,
        f.regionId
          ? sql`exists (select 1 from ${centerRegions} where ${centerRegions.organizationId} = ${spaces.organizationId}
              and ${centerRegions.centerId} = ${spaces.centerId} and ${centerRegions.regionId} = ${f.regionId})`
          : undefined,
      ),
    )
}

/** An instant as the answer writes it: ISO 8601 in UTC, made by PostgreSQL (no Date per row). */
const isoInstant = (column: typeof bookings.startTime) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`

/**
 * The one statement of a window's bookings: not cancelled, of the given spaces (an int[] literal),
 * overlapping [earliest, latest). The (organization, space, start) index serves the space list and
 * the start range; the end bound is checked on those rows.
 */
const windowBookings = preparedQuery('calendar_window_bookings', (tx) =>
  tx
    .select({
      id: bookings.id,
      bookingPrefix: bookings.bookingPrefix,
      spaceId: bookings.spaceId,
      clientName: clients.name,
      bookerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      status: bookings.status,
      start: isoInstant(bookings.startTime),
      end: isoInstant(bookings.endTime),
      startMs: sql<number>`(extract(epoch from ${bookings.startTime}) * 1000)::float8`.mapWith(Number),
      endMs: sql<number>`(extract(epoch from ${bookings.endTime}) * 1000)::float8`.mapWith(Number),
      total: bookings.netAmount,
      currency: bookings.currency,
      imported: sql<boolean>`${bookings.isMs365Booking} or ${bookings.isCalendarBooking}`,
    })
    .from(bookings)
    .innerJoin(
      clients,
      and(eq(clients.organizationId, bookings.organizationId), eq(clients.id, bookings.clientId)),
    )
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        eq(bookings.organizationId, sql.placeholder('organizationId')),
        sql`${bookings.spaceId} = any(${sql.placeholder('spaceIds')}::int[])`,
        sql`${bookings.startTime} >= ${sql.placeholder('earliestStart')}::timestamptz`,
        sql`${bookings.startTime} < ${sql.placeholder('latest')}::timestamptz`,
        sql`${bookings.endTime} > ${sql.placeholder('earliest')}::timestamptz`,
        sql`${bookings.status} <> 'cancelled'`,
      ),
    )
    .orderBy(asc(bookings.startTime), asc(bookings.spaceId), asc(bookings.id)),
)

export type CalendarBookingRow = Awaited<ReturnType<typeof windowBookings>>[number]

export function bookingsOfWindow(
  tx: Tx,
  organizationId: number,
  spaceIds: number[],
  earliest: Date,
  latest: Date,
): Promise<CalendarBookingRow[]> {
  return windowBookings(tx, {
    organizationId,
    spaceIds: intArray(spaceIds),
    earliestStart: new Date(earliest.getTime() - LONGEST_BOOKING_MS).toISOString(),
    earliest: earliest.toISOString(),
    latest: latest.toISOString(),
  })
}

/**
 * The blackout periods (whole days) touching [firstDay, lastDay]: the spaces' own and the
 * organization's (spaceId null).
 */
export async function blackoutsOfWindow(
  tx: Tx,
  organizationId: number,
  spaceIds: number[],
  firstDay: string,
  lastDay: string,
) {
  const touches = (start: AnyPgColumn, end: AnyPgColumn) =>
    and(sql`${start} <= ${lastDay}::date`, or(isNull(end), sql`${end} >= ${firstDay}::date`))
  const ofSpaces = spaceIds.length
    ? await tx
        .select({
          spaceId: spaceBlackoutPeriods.spaceId,
          startDate: spaceBlackoutPeriods.startDate,
          endDate: spaceBlackoutPeriods.endDate,
        })
        .from(spaceBlackoutPeriods)
        .where(
          and(
            eq(spaceBlackoutPeriods.organizationId, organizationId),
            sql`${spaceBlackoutPeriods.spaceId} = any(${intArray(spaceIds)}::int[])`,
            touches(spaceBlackoutPeriods.startDate, spaceBlackoutPeriods.endDate),
          ),
        )
        .orderBy(asc(spaceBlackoutPeriods.startDate), asc(spaceBlackoutPeriods.spaceId))
    : []
  const ofOrganization = await tx
    .select({
      startDate: organizationBlackoutPeriods.startDate,
      endDate: organizationBlackoutPeriods.endDate,
    })
    .from(organizationBlackoutPeriods)
    .where(
      and(
        eq(organizationBlackoutPeriods.organizationId, organizationId),
        touches(organizationBlackoutPeriods.startDate, organizationBlackoutPeriods.endDate),
      ),
    )
    .orderBy(asc(organizationBlackoutPeriods.startDate))
  return [...ofOrganization.map((b) => ({ spaceId: null, ...b })), ...ofSpaces]
}

/**
 * Announces changed bookings to every API process: a NOTIFY on CALENDAR_CHANNEL per booking, with
 * its organization and its space (plus `earlierSpaceIds`, where a move took it from). Sent inside
 * the change's transaction, PostgreSQL delivers it only when that commits, never on a rollback.
 */
export async function announceBookings(
  tx: Tx,
  action: CalendarEventAction,
  bookingIds: number[],
  earlierSpaceIds: number[] = [],
): Promise<void> {
  if (bookingIds.length === 0) return
  await tx.execute(sql`select pg_notify(${CALENDAR_CHANNEL}, json_build_object(
      'action', ${action}::text,
      'bookingId', b.id,
      'spaceIds', (select json_agg(distinct s) from unnest(array[b.space_id] || ${intArray(earlierSpaceIds)}::int[]) s),
      'organizationId', b.organization_id)::text)
    from ${bookings} b where b.id = any(${intArray(bookingIds)}::int[])`)
}
