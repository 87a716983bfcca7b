import { bookedHours, reportBusyTypeLabels, weekdayNames } from '@spaceboard/domain'
import { sql } from 'drizzle-orm'
import { reportDimensionMonthFacts } from '../../../db/schema/index.ts'
import type { Ctx } from '../../../platform/context.ts'
import { reportOrganizationIds } from '../report-buckets.ts'
import type { ReportBody } from '../report-builder.ts'
import { dimensionFactsOf } from '../report-facts.repository.ts'
import type { ReportInput } from '../report-input.ts'

/**
 * Busy Day of the Week (dayOfTheWeek), of one organization or (super) All Organizations: the counted bookings of the period by the weekday of their
 * local start date (isoWeekday), as bookings or as booked hours (busy_type); a booking's hours all
 * go to the day it starts (the monthly facts: a report's period is always whole months). Always
 * Monday to Sunday, zeros included.
 * data: [{ day, total }] (total: bookings, or hours to two decimals).
 */
export async function dayOfTheWeek(ctx: Ctx, input: ReportInput): Promise<ReportBody> {
  const organizationIds = reportOrganizationIds(input)
  const t = reportDimensionMonthFacts
  const rows = await ctx.tx
    .select({
      weekday: sql<number>`${t.value}`.mapWith(Number),
      count: sql<number>`sum(${t.bookings})`.mapWith(Number),
      minutes: sql<number>`sum(${t.minutes})`.mapWith(Number),
    })
    .from(t)
    .where(dimensionFactsOf(input, organizationIds, 'weekday'))
    .groupBy(t.value)
  const byWeekday = new Map(rows.map((row) => [row.weekday, row]))
  const hours = input.busyType === 'hours'
  const data = weekdayNames.map((day, index) => {
    const row = byWeekday.get(index + 1)
    return { day, total: hours ? bookedHours(row?.minutes ?? 0) : (row?.count ?? 0) }
  })
  const kind = hours ? 'hours' : 'count'
  const title = reportBusyTypeLabels[input.busyType]
  return {
    data,
    tables: [
      {
        title: `${title} by day of the week`,
        columns: [
          { key: 'day', title: 'Day', kind: 'text' },
          { key: 'total', title, kind },
        ],
        rows: data,
      },
    ],
    charts: [
      {
        kind: 'column',
        title: `${title} by day of the week`,
        data,
        xField: 'day',
        yField: 'total',
        valueKind: kind,
      },
    ],
  }
}
