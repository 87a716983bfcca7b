import { and, ne, sql } from 'drizzle-orm'
import { bookings, centers, reportDimensionMonthFacts } from '../../../db/schema/index.ts'
import type { Ctx } from '../../../platform/context.ts'
import { bookingJoins } from '../../bookings/booking-joins.ts'
import { countedBookingsOf, localBucket } from '../facts.repository.ts'
import { bucketColumn, reportOrganizationId } from '../report-buckets.ts'
import type { ReportBody } from '../report-builder.ts'
import { dimensionFactsOf, factBucket } from '../report-facts.repository.ts'
import type { ReportInput } from '../report-input.ts'

/**
 * Voucher Usage (voucherUsage): per voucher code, the counted bookings of the period using it
 * (usesVoucher: a voucher code on the booking) and the voucher discount they were given
 * (bookings.voucher_discount, in cents, summed), over the period and per bucket.
 * data: { vouchers: [{ name, NumberBooking, total }] (most discount first, then by code),
 * buckets: [{ Key, label, name, NumberBooking, total }] (only buckets and codes with bookings) },
 * money as decimal numbers of the organization's currency.
 */
export async function voucherUsage(ctx: Ctx, input: ReportInput): Promise<ReportBody> {
  const organizationId = reportOrganizationId(input)
  const t = reportDimensionMonthFacts
  const rows =
    input.duration === 'yearly'
      ? await ctx.tx
          .select({
            bucket: factBucket(t),
            code: t.value,
            count: sql<number>`sum(${t.bookings})`.mapWith(Number),
            cents: sql<number>`sum(${t.voucherCents})`.mapWith(Number),
          })
          .from(t)
          .where(dimensionFactsOf(input, organizationId, 'voucher'))
          .groupBy(sql`1, 2`)
      : await ctx.tx
          .select({
            bucket: localBucket(input.duration),
            code: bookings.voucherCode,
            count: sql<number>`count(*)`.mapWith(Number),
            cents: sql<number>`sum(round(${bookings.voucherDiscount} * 100))`.mapWith(Number),
          })
          .from(bookings)
          .innerJoin(centers, bookingJoins.center)
          .where(and(countedBookingsOf(input, organizationId), ne(bookings.voucherCode, '')))
          .groupBy(sql`1, 2`)

  const perCode = new Map<string, { count: number; cents: number }>()
  for (const row of rows) {
    const code = perCode.get(row.code) ?? { count: 0, cents: 0 }
    code.count += row.count
    code.cents += row.cents
    perCode.set(row.code, code)
  }
  const vouchers = [...perCode]
    .sort(([a, x], [b, y]) => y.cents - x.cents || (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, code]) => ({ name, NumberBooking: code.count, total: code.cents / 100 }))
  const labels = new Map(input.period.buckets.map((bucket, index) => [bucket.key, { bucket, index }]))
  const buckets = rows
    .map((row) => ({
      Key: row.bucket,
      label: labels.get(row.bucket)?.bucket.label ?? row.bucket,
      name: row.code,
      NumberBooking: row.count,
      total: row.cents / 100,
    }))
    .sort(
      (a, b) =>
        (labels.get(a.Key)?.index ?? 0) - (labels.get(b.Key)?.index ?? 0) ||
        (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    )
  return {
    data: { vouchers, buckets },
    tables: [
      {
        title: 'Vouchers used',
        columns: [
          { key: 'name', title: 'Voucher code', kind: 'text' },
          { key: 'NumberBooking', title: 'Bookings', kind: 'count' },
          { key: 'total', title: 'Discount given', kind: 'money' },
        ],
        rows: vouchers,
      },
      {
        title: input.duration === 'monthly' ? 'Vouchers used per day' : 'Vouchers used per month',
        columns: [
          bucketColumn(input),
          { key: 'name', title: 'Voucher code', kind: 'text' },
          { key: 'NumberBooking', title: 'Bookings', kind: 'count' },
          { key: 'total', title: 'Discount given', kind: 'money' },
        ],
        rows: buckets,
      },
    ],
    charts: [
      {
        kind: 'column',
        title: 'Voucher discount given',
        data: buckets,
        xField: 'label',
        yField: 'total',
        seriesField: 'name',
        valueKind: 'money',
      },
    ],
  }
}
