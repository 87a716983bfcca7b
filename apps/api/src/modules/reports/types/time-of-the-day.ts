import { bookedHours, hourSlotLabel, reportBusyTypeLabels } from '@spaceboard/domain'
import { sql } from 'drizzle-orm'
import { reportDimensionMonthFacts } from '../../../db/schema/index.ts'
import type { Ctx } from '../../../platform/context.ts'
import { reportOrganizationIds } from '../report-buckets.ts'
import type { ReportBody } from '../report-builder.ts'
import { dimensionFactsOf } from '../report-facts.repository.ts'
import type { ReportInput } from '../report-input.ts'

/**
 * Per local hour 0–23, the counted bookings starting in it (start_hour) or the minutes booked in it
 * (wall_hour), from the monthly facts: a report's period is always whole months.
 */
async function byHour(ctx: Ctx, input: ReportInput, hours: boolean): Promise<number[]> {
  const t = reportDimensionMonthFacts
  const rows = await ctx.tx
    .select({
      hour: sql<number>`${t.value}`.mapWith(Number),
      value: sql<number>`sum(${hours ? t.minutes : t.bookings})`.mapWith(Number),
    })
    .from(t)
    .where(dimensionFactsOf(input, reportOrganizationIds(input), hours ? 'wall_hour' : 'start_hour'))
    .groupBy(t.value)
  const byHour = new Map(rows.map((row) => [row.hour, row.value]))
  return Array.from({ length: 24 }, (_, hour) => byHour.get(hour) ?? 0)
}

/**
 * Busy Time of the Day (timeOfTheDay), of one organization or (super) All Organizations: by the
 * location's wall-clock hour 0–23, the counted bookings
 * of the period starting in it (busy_type bookings) or the booked hours falling in it (hours; a
 * 09:30–11:00 booking gives 0.5 h to 9 and 1 h to 10; on a daylight-saving day the repeated hour
 * collects both of its passes and the skipped hour nothing). Always 24 rows.
 * data: [{ Key: "09:00", hour, total }] (total: bookings, or hours to two decimals).
 */
export async function timeOfTheDay(ctx: Ctx, input: ReportInput): Promise<ReportBody> {
  const hours = input.busyType === 'hours'
  const values = await byHour(ctx, input, hours)
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
