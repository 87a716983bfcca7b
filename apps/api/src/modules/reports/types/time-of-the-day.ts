import { bookedHours, hourSlotLabel, reportBusyTypeLabels } from '@spaceboard/domain'
import { sql } from 'drizzle-orm'
import { bookings, centers } from '../../../db/schema/index.ts'
import type { Ctx } from '../../../platform/context.ts'
import { bookingCenterJoin, countedBookingsOf, localStart } from '../facts.repository.ts'
import { reportOrganizationId } from '../report-buckets.ts'
import type { ReportInput } from '../report-input.ts'
import type { ReportBody } from './index.ts'

/** The bookings starting in each local hour (wallStartHour). */
async function bookingsByStartHour(ctx: Ctx, input: ReportInput) {
  return ctx.tx
    .select({
      hour: sql<number>`extract(hour from ${localStart})`.mapWith(Number),
      value: sql<number>`count(*)`.mapWith(Number),
    })
    .from(bookings)
    .innerJoin(centers, bookingCenterJoin)
    .where(countedBookingsOf(input, reportOrganizationId(input)))
    .groupBy(sql`1`)
}

/**
 * The booked minutes falling in each local hour (wallHourMinutes). A booking is cut at each UTC
 * hour and, inside it, at the location's hour boundary (an offset of :30 or :45 puts it inside the
 * UTC hour): each piece lies within one local hour, the hour its start shows on the location's
 * clock. A clock change happens at the top of a local hour, so it falls on a cut too.
 */
async function minutesByWallHour(ctx: Ctx, input: ReportInput) {
  const result = await ctx.tx.execute(sql`
    select extract(hour from (piece.from_at at time zone ${centers.timezoneId}))::int as hour,
      sum(extract(epoch from (least(${bookings.endTime}, piece.to_at)
        - greatest(${bookings.startTime}, piece.from_at))) / 60)::float8 as value
    from ${bookings}
    join ${centers} on ${bookingCenterJoin}
    cross join lateral generate_series(
      date_trunc('hour', ${bookings.startTime}, 'UTC'), ${bookings.endTime}, interval '1 hour') as utc_hour(at)
    cross join lateral (select utc_hour.at + ((60 - extract(minute from
      (utc_hour.at at time zone ${centers.timezoneId}))::int) % 60) * interval '1 minute' as at) as local_hour
    cross join lateral (values (utc_hour.at, local_hour.at), (local_hour.at, utc_hour.at + interval '1 hour'))
      as piece(from_at, to_at)
    where ${countedBookingsOf(input, reportOrganizationId(input))}
      and piece.from_at < piece.to_at
      and piece.from_at < ${bookings.endTime} and piece.to_at > ${bookings.startTime}
    group by 1`)
  return (result as unknown as { rows: { hour: number; value: number }[] }).rows
}

/**
 * Busy Time of the Day (timeOfTheDay): by the location's wall-clock hour 0–23, the counted bookings
 * of the period starting in it (busy_type bookings) or the booked hours falling in it (hours; a
 * 09:30–11:00 booking gives 0.5 h to 9 and 1 h to 10; on a daylight-saving day the repeated hour
 * collects both of its passes and the skipped hour nothing). Always 24 rows.
 * data: [{ Key: "09:00", hour, total }] (total: bookings, or hours to two decimals).
 */
export async function timeOfTheDay(ctx: Ctx, input: ReportInput): Promise<ReportBody> {
  const hours = input.busyType === 'hours'
  const rows = hours ? await minutesByWallHour(ctx, input) : await bookingsByStartHour(ctx, input)
  const byHour = new Map(rows.map((row) => [Number(row.hour), Number(row.value)]))
  const data = Array.from({ length: 24 }, (_, hour) => {
    const value = byHour.get(hour) ?? 0
    return { Key: hourSlotLabel(hour), hour, total: hours ? bookedHours(value) : value }
  })
  const kind = hours ? 'hours' : 'count'
  const title = reportBusyTypeLabels[input.busyType]
  return {
    data,
    tables: [
      {
        title: `${title} by time of the day`,
        columns: [
          { key: 'Key', title: 'Hour', kind: 'text' },
          { key: 'total', title, kind },
        ],
        rows: data,
      },
    ],
    charts: [
      {
        kind: 'column',
        title: `${title} by time of the day`,
        data,
        xField: 'Key',
        yField: 'total',
        valueKind: kind,
      },
    ],
  }
}
