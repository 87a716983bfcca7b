import { bookedHours, hourSlotLabel, reportBusyTypeLabels, wallHourMinutes } from '@spaceboard/domain'
import { sql } from 'drizzle-orm'
import { bookings, centers, reportDimensionMonthFacts } from '../../../db/schema/index.ts'
import type { Ctx } from '../../../platform/context.ts'
import { bookingJoins } from '../../bookings/booking-joins.ts'
import { countedBookingsOf, localStart } from '../facts.repository.ts'
import { reportOrganizationId } from '../report-buckets.ts'
import type { ReportBody } from '../report-builder.ts'
import { dimensionFactsOf, inWholeMonths } from '../report-facts.repository.ts'
import type { ReportInput } from '../report-input.ts'

/** The bookings starting in each local hour (wallStartHour). */
async function bookingsByStartHour(ctx: Ctx, input: ReportInput): Promise<number[]> {
  const organizationId = reportOrganizationId(input)
  const t = reportDimensionMonthFacts
  const rows = inWholeMonths(input.period)
    ? await ctx.tx
        .select({
          hour: sql<number>`${t.value}`.mapWith(Number),
          value: sql<number>`sum(${t.bookings})`.mapWith(Number),
        })
        .from(t)
        .where(dimensionFactsOf(input, organizationId, 'start_hour'))
        .groupBy(t.value)
    : await ctx.tx
        .select({
          hour: sql<number>`extract(hour from ${localStart})`.mapWith(Number),
          value: sql<number>`count(*)`.mapWith(Number),
        })
        .from(bookings)
        .innerJoin(centers, bookingJoins.center)
        .where(countedBookingsOf(input, organizationId))
        .groupBy(sql`1`)
  const byHour = new Map(rows.map((row) => [row.hour, row.value]))
  return Array.from({ length: 24 }, (_, hour) => byHour.get(hour) ?? 0)
}

interface WallHourRow {
  /** Bookings whose offset stays the same throughout (the wall clock runs with elapsed time). */
  steady: boolean
  /** Steady bookings: their local start as minutes of the day, and their minutes. */
  startMinute: number | null
  minutes: number | null
  count: number
  /** A booking across a clock change: its instants (epoch ms) and zone, computed one by one. */
  fromMs: number | null
  toMs: number | null
  zone: string | null
}

/**
 * The booked minutes falling in each local hour (wallHourMinutes), from ONE aggregate: the bookings
 * whose location's offset is the same at their start and end (all but those across a clock change)
 * grouped by local start minute and length, where the wall clock runs with elapsed time, so that
 * the minutes are laid out from the start minute on; the few across a clock change are returned
 * one by one and cut by the domain's wallHourMinutes itself.
 */
async function minutesByWallHour(ctx: Ctx, input: ReportInput): Promise<number[]> {
  const result = await ctx.tx.execute(sql`
    select steady, start_minute as "startMinute", minutes, count(*)::int as count,
      from_ms as "fromMs", to_ms as "toMs", zone
    from (
      select steady,
        case when steady then extract(hour from local_start)::int * 60 + extract(minute from local_start)::int end
          as start_minute,
        case when steady then duration end as minutes,
        case when steady then null else (extract(epoch from start_time) * 1000)::float8 end as from_ms,
        case when steady then null else (extract(epoch from end_time) * 1000)::float8 end as to_ms,
        case when steady then null else zone end as zone
      from (
        select ${localStart} as local_start, ${bookings.durationMinutes} as duration,
          ${bookings.startTime} as start_time, ${bookings.endTime} as end_time, ${centers.timezoneId} as zone,
          (${bookings.endTime} - ${bookings.startTime})
            = ((${bookings.endTime} at time zone ${centers.timezoneId}) - ${localStart}) as steady
        from ${bookings}
        join ${centers} on ${bookingJoins.center}
        where ${countedBookingsOf(input, reportOrganizationId(input))}
        -- Not pulled up into the outer queries: each booking's local times are computed once.
        offset 0
      ) as counted
    ) as laid_out
    group by steady, start_minute, minutes, from_ms, to_ms, zone`)
  const minutes = Array.from({ length: 24 }, () => 0)
  for (const row of (result as unknown as { rows: WallHourRow[] }).rows) {
    if (row.steady) {
      let at = Number(row.startMinute)
      for (let left = Number(row.minutes); left > 0; ) {
        const hour = Math.floor(at / 60) % 24
        const taken = Math.min(left, 60 - (at % 60))
        minutes[hour] = (minutes[hour] ?? 0) + taken * row.count
        at += taken
        left -= taken
      }
    } else {
      const crossing = wallHourMinutes(
        new Date(Number(row.fromMs)),
        new Date(Number(row.toMs)),
        String(row.zone),
      )
      crossing.forEach((value, hour) => {
        minutes[hour] = (minutes[hour] ?? 0) + value * row.count
      })
    }
  }
  return minutes
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
  const values = hours ? await minutesByWallHour(ctx, input) : await bookingsByStartHour(ctx, input)
  const data = values.map((value, hour) => ({
    Key: hourSlotLabel(hour),
    hour,
    total: hours ? bookedHours(value) : value,
  }))
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
