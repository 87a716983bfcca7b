import { averageLeadDays, leadBands, sharePercent } from '@spaceboard/domain'
import { sql } from 'drizzle-orm'
import { bookings, centers, reportDimensionMonthFacts } from '../../../db/schema/index.ts'
import type { Ctx } from '../../../platform/context.ts'
import { bookingJoins } from '../../bookings/booking-joins.ts'
import { countedBookingsOf, leadBand, leadMinutes, localBucket } from '../facts.repository.ts'
import { bucketColumn, everyBucket, reportOrganizationId } from '../report-buckets.ts'
import type { ReportBody } from '../report-builder.ts'
import { dimensionFactsOf, factBucket } from '../report-facts.repository.ts'
import type { ReportInput } from '../report-input.ts'

/**
 * Booking Lead Time (leadTime): per bucket of the period the counted bookings starting in it and
 * their average lead in days (minutes ÷ 1440); and the bookings of the period by lead band.
 * data: { buckets: [{ Key, label, NumberBooking, AvgLeadTime }], bands: [{ Key, NumberBooking, share }] }.
 */
export async function leadTime(ctx: Ctx, input: ReportInput): Promise<ReportBody> {
  const organizationId = reportOrganizationId(input)
  const t = reportDimensionMonthFacts
  const rows =
    input.duration === 'yearly'
      ? await ctx.tx
          .select({
            bucket: factBucket(t),
            band: sql<number>`${t.value}`.mapWith(Number),
            count: sql<number>`sum(${t.bookings})`.mapWith(Number),
            minutes: sql<number>`sum(${t.leadMinutes})`.mapWith(Number),
          })
          .from(t)
          .where(dimensionFactsOf(input, organizationId, 'lead_band'))
          .groupBy(sql`1, 2`)
      : await ctx.tx
          .select({
            bucket: localBucket(input.duration),
            band: sql<number>`${leadBand}`.mapWith(Number),
            count: sql<number>`count(*)`.mapWith(Number),
            minutes: sql<number>`sum(${leadMinutes})`.mapWith(Number),
          })
          .from(bookings)
          .innerJoin(centers, bookingJoins.center)
          .where(countedBookingsOf(input, organizationId))
          .groupBy(sql`1, 2`)

  const perBucket = new Map<string, { count: number; minutes: number }>()
  const perBand = leadBands.map(() => 0)
  for (const row of rows) {
    const bucket = perBucket.get(row.bucket) ?? { count: 0, minutes: 0 }
    bucket.count += row.count
    bucket.minutes += row.minutes
    perBucket.set(row.bucket, bucket)
    perBand[row.band] = (perBand[row.band] ?? 0) + row.count
  }
  const total = perBand.reduce((sum, count) => sum + count, 0)
  const buckets = everyBucket(
    input,
    new Map(
      [...perBucket].map(([key, bucket]) => [
        key,
        { NumberBooking: bucket.count, AvgLeadTime: averageLeadDays(bucket.minutes, bucket.count) },
      ]),
    ),
    () => ({ NumberBooking: 0, AvgLeadTime: 0 }),
  )
  const bands = leadBands.map((band, index) => ({
    Key: band.label,
    NumberBooking: perBand[index] ?? 0,
    share: sharePercent(perBand[index] ?? 0, total),
  }))
  return {
    data: { buckets, bands },
    tables: [
      {
        title: 'Average lead time',
        columns: [
          bucketColumn(input),
          { key: 'NumberBooking', title: 'Bookings', kind: 'count' },
          { key: 'AvgLeadTime', title: 'Average lead time (days)', kind: 'days' },
        ],
        rows: buckets,
      },
      {
        title: 'Bookings by lead time',
        columns: [
          { key: 'Key', title: 'Lead time', kind: 'text' },
          { key: 'NumberBooking', title: 'Bookings', kind: 'count' },
          { key: 'share', title: 'Share', kind: 'percent' },
        ],
        rows: bands,
      },
    ],
    charts: [
      {
        kind: 'line',
        title: 'Average lead time (days)',
        data: buckets,
        xField: 'label',
        yField: 'AvgLeadTime',
        valueKind: 'days',
      },
      {
        kind: 'column',
        title: 'Bookings by lead time',
        data: bands,
        xField: 'Key',
        yField: 'NumberBooking',
        valueKind: 'count',
      },
    ],
  }
}
