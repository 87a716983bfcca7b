import { sql } from 'drizzle-orm'
import { intArray } from '../../db/arrays.ts'
import type { Tx } from '../../db/client.ts'
import { preparedStatement, preparedStatements } from '../../db/prepared.ts'
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
import { regionAndDescendants } from '../../platform/region-tree.repository.ts'

/**
 * The channel booking changes are announced on, heard by every API process: the trigger
 * bookings_announced (migration 0014_calendar) NOTIFYs it for every booking inserted or changed in
 * what a calendar shows, inside the change's transaction, so PostgreSQL delivers it on commit only.
 */
export const CALENDAR_CHANNEL = 'calendar_bookings'

/**
 * The channel every other change a calendar window shows is announced on (trigger function
 * announce_calendar_setup, migration 0026): the organization's id, or '' for every organization.
 */
export const CALENDAR_SETUP_CHANNEL = 'calendar_setup'

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
  openTime: string
  closeTime: string
  openAfterHours: boolean
  minimumDurationMinutes: number
}

export interface CalendarBlackoutRow {
  spaceId: number | null
  startDate: string
  endDate: string | null
}

/** What a window shows besides its bookings. */
export interface CalendarSetting {
  timeFormat: string
  organizationName: string
  spaces: CalendarSpaceRow[]
  /** The organization's (spaceId null) and the spaces' own, touching the window's days. */
  blackouts: CalendarBlackoutRow[]
}

/**
 * The organization's date order and name, the active spaces of active locations the filters pick, and the
 * blackout periods (whole days) touching [firstDay, lastDay], in one statement (the spaces and
 * blackouts as JSON, read by JSON.parse rather than row by row); undefined when the organization
 * does not exist (or is archived). One round trip instead of three: the calendar is asked again by
 * every open calendar whenever a booking of the organization changes.
 */
export async function calendarSetting(
  tx: Tx,
  f: CalendarSpaceFilter,
  firstDay: string,
  lastDay: string,
): Promise<CalendarSetting | undefined> {
  const [row] = await settingStatement(
    tx,
    { center: f.centerId !== null, space: f.spaceId !== null, region: f.regionId !== null },
    { ...f, firstDay, lastDay },
  )
  if (!row) return undefined
  return {
    timeFormat: row.timeFormat,
    organizationName: row.organizationName,
    spaces: JSON.parse(row.spaces) as CalendarSpaceRow[],
    blackouts: JSON.parse(row.blackouts) as CalendarBlackoutRow[],
  }
}

/** Which of the space filters a window applies: each combination is a prepared statement of its own. */
interface SettingShape {
  center: boolean
  space: boolean
  region: boolean
}

const settingStatement = preparedStatements<
  SettingShape,
  { timeFormat: string; organizationName: string; spaces: string; blackouts: string }
>('calendar_setting', (shape) => {
  const o = organizationBlackoutPeriods
  const b = spaceBlackoutPeriods
  const organizationId = sql.placeholder('organizationId')
  const firstDay = sql.placeholder('firstDay')
  const lastDay = sql.placeholder('lastDay')
  return sql`
    with picked as (
      select ${spaces.id} as id, ${spaces.name} as name, ${centers.id} as "centerId",
             ${centers.name} as "centerName", ${centers.timezoneId} as timezone,
             ${spaces.displayOrder} as "displayOrder", ${spaces.startTime} as "startTime",
             ${spaces.endTime} as "endTime", ${centers.openTime} as "openTime", ${centers.closeTime} as "closeTime",
             ${centers.openAfterHours} as "openAfterHours", ${spaces.minimumDurationMinutes} as "minimumDurationMinutes"
      from ${spaces}
      join ${centers} on ${centers.organizationId} = ${spaces.organizationId} and ${centers.id} = ${spaces.centerId}
      where ${spaces.organizationId} = ${organizationId} and ${spaces.deletedAt} is null and ${spaces.isActive}
        and ${centers.deletedAt} is null and ${centers.isActive}
        ${shape.center ? sql`and ${spaces.centerId} = ${sql.placeholder('centerId')}` : sql``}
        ${shape.space ? sql`and ${spaces.id} = ${sql.placeholder('spaceId')}` : sql``}
        ${
          shape.region
            ? sql`and exists (select 1 from ${centerRegions} where ${centerRegions.organizationId} = ${spaces.organizationId}
                and ${centerRegions.centerId} = ${spaces.centerId}
                and ${centerRegions.regionId} in ${regionAndDescendants(organizationId, sql.placeholder('regionId'))})`
            : sql``
        }
    ),
    blackouts as (
      select null::int as "spaceId", ${o.startDate}::text as "startDate", ${o.endDate}::text as "endDate", 0 as kind
      from ${o}
      where ${o.organizationId} = ${organizationId} and ${o.startDate} <= ${lastDay}::date
        and (${o.endDate} is null or ${o.endDate} >= ${firstDay}::date)
      union all
      select ${b.spaceId}, ${b.startDate}::text, ${b.endDate}::text, 1
      from ${b}
      where ${b.organizationId} = ${organizationId} and ${b.spaceId} in (select id from picked)
        and ${b.startDate} <= ${lastDay}::date and (${b.endDate} is null or ${b.endDate} >= ${firstDay}::date)
    )
    select ${organizations.timeFormat} as "timeFormat", ${organizations.name} as "organizationName",
           (select coalesce(json_agg(picked), '[]') from picked)::text as spaces,
           (select coalesce(json_agg(json_build_object('spaceId', "spaceId", 'startDate', "startDate", 'endDate', "endDate")
                                     order by kind, "startDate", "spaceId"), '[]') from blackouts)::text as blackouts
    from ${organizations}
    where ${organizations.id} = ${organizationId} and ${organizations.deletedAt} is null`
})

export interface CalendarBookingRow {
  id: number
  bookingPrefix: string
  spaceId: number
  clientId: number
  userId: number
  status: string
  /** UTC epoch minutes: the start rounded down, the end up (bookings are whole minutes). */
  startMinute: number
  endMinute: number
  total: string
  currency: string
  imported: boolean
}

/**
 * The window's bookings: not cancelled, of the given spaces, overlapping [earliest, latest), found
 * on the (organization, start) index. Only ids and numbers per booking: the clients' and bookers'
 * names come once each from calendarNames, not once per booking.
 */
export async function bookingsOfWindow(
  tx: Tx,
  organizationId: number,
  spaceIds: number[],
  earliest: Date,
  latest: Date,
  limit: number,
): Promise<CalendarBookingRow[]> {
  return windowStatement(tx, {
    organizationId,
    spaceIds: intArray(spaceIds),
    earliestStart: new Date(earliest.getTime() - LONGEST_BOOKING_MS).toISOString(),
    latest: latest.toISOString(),
    earliest: earliest.toISOString(),
    limit,
  })
}

const windowStatement = preparedStatement<CalendarBookingRow>(
  'calendar_bookings',
  () => sql`
    select ${bookings.id} as id, ${bookings.bookingPrefix} as "bookingPrefix", ${bookings.spaceId} as "spaceId",
           ${bookings.clientId} as "clientId", ${bookings.userId} as "userId", ${bookings.status} as status,
           floor(extract(epoch from ${bookings.startTime}) / 60)::int as "startMinute",
           ceil(extract(epoch from ${bookings.endTime}) / 60)::int as "endMinute",
           ${bookings.netAmount} as total, ${bookings.currency} as currency,
           ${bookings.isMs365Booking} or ${bookings.isCalendarBooking} as imported
    from ${bookings}
    where ${bookings.organizationId} = ${sql.placeholder('organizationId')}
      and ${bookings.spaceId} = any(${sql.placeholder('spaceIds')}::int[])
      and ${bookings.startTime} >= ${sql.placeholder('earliestStart')}::timestamptz
      and ${bookings.startTime} < ${sql.placeholder('latest')}::timestamptz
      and ${bookings.endTime} > ${sql.placeholder('earliest')}::timestamptz
      and ${bookings.status} <> 'cancelled'
    order by ${bookings.startTime}, ${bookings.spaceId}, ${bookings.id}
    limit ${sql.placeholder('limit')}`,
)

export interface CalendarNameRow {
  /** 'client' or 'booker'. */
  kind: string
  id: number
  name: string
}

/**
 * The names of the given clients (the organization's own only) and bookers (first and last name),
 * in one statement.
 */
export async function calendarNames(
  tx: Tx,
  organizationId: number,
  clientIds: number[],
  userIds: number[],
): Promise<CalendarNameRow[]> {
  return namesStatement(tx, { organizationId, clientIds: intArray(clientIds), userIds: intArray(userIds) })
}

const namesStatement = preparedStatement<CalendarNameRow>(
  'calendar_names',
  () => sql`
    select 'client' as kind, ${clients.id} as id, ${clients.name} as name
    from ${clients}
    where ${clients.organizationId} = ${sql.placeholder('organizationId')}
      and ${clients.id} = any(${sql.placeholder('clientIds')}::int[])
    union all
    select 'booker', ${users.id}, ${users.firstName} || ' ' || ${users.lastName}
    from ${users}
    where ${users.id} = any(${sql.placeholder('userIds')}::int[])`,
)
