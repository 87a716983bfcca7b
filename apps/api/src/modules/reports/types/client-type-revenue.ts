import { type ReportRow, reportMessages, reportMoney, sharePercent } from '@spaceboard/domain'
import { badRequest } from '../../../platform/errors.ts'
import type { ReportBuilder } from '../report-builder.ts'
import * as repo from '../revenue.repository.ts'

interface Group {
  key: string
  bookings: number
  cents: number
  buckets: Map<string, { bookings: number; cents: number }>
}

/**
 * Client Type Revenue: the counted bookings and their revenue per client type group (the client's
 * types, "No client type" without one), over the period and per bucket (days of a month, months of
 * a financial year). `data`: [{ Key, NumberBooking, BookingTotal, Share, KeyData: [{ day, label,
 * TotalBooking, revenue }] }], largest revenue first; money in the organization's currency.
 */
export const clientTypeRevenue: ReportBuilder = async (ctx, input) => {
  if (!input.organization) throw badRequest(reportMessages.selectOrganizationFirst)
  const rows = await repo.clientTypeRevenue(ctx.tx, input, input.organization.id)
  const groups = new Map<string, Group>()
  for (const row of rows) {
    const group = groups.get(row.group) ?? { key: row.group, bookings: 0, cents: 0, buckets: new Map() }
    group.bookings += row.bookings
    group.cents += row.revenueCents
    group.buckets.set(row.bucket, { bookings: row.bookings, cents: row.revenueCents })
    groups.set(row.group, group)
  }
  const ordered = [...groups.values()].sort(
    (a, b) => b.cents - a.cents || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  )
  const totalCents = ordered.reduce((sum, group) => sum + group.cents, 0)
  const totalBookings = ordered.reduce((sum, group) => sum + group.bookings, 0)
  const buckets = input.period.buckets

  const data = ordered.map((group) => ({
    Key: group.key,
    NumberBooking: group.bookings,
    BookingTotal: reportMoney(group.cents),
    Share: sharePercent(group.cents, totalCents),
    KeyData: buckets.map((bucket) => {
      const figures = group.buckets.get(bucket.key)
      return {
        day: bucket.key,
        label: bucket.label,
        TotalBooking: figures?.bookings ?? 0,
        revenue: reportMoney(figures?.cents ?? 0),
      }
    }),
  }))

  const bucketTitle = input.duration === 'monthly' ? 'Day' : 'Month'
  const perBucketTitle = `Revenue per ${bucketTitle.toLowerCase()} by client type`
  const groupColumn = (index: number) => `type${index}`
  const perBucketRows: ReportRow[] = buckets.map((bucket) => {
    const row: ReportRow = { bucket: bucket.label }
    let cents = 0
    ordered.forEach((group, index) => {
      const figures = group.buckets.get(bucket.key)
      row[groupColumn(index)] = reportMoney(figures?.cents ?? 0)
      cents += figures?.cents ?? 0
    })
    row.total = reportMoney(cents)
    return row
  })

  return {
    data,
    tables: [
      {
        title: 'Revenue by client type',
        columns: [
          { key: 'Key', title: 'Client type', kind: 'text' },
          { key: 'NumberBooking', title: 'Bookings', kind: 'count' },
          { key: 'BookingTotal', title: 'Revenue', kind: 'money' },
          { key: 'Share', title: 'Share', kind: 'percent' },
        ],
        rows: [
          ...data.map(({ Key, NumberBooking, BookingTotal, Share }) => ({
            Key,
            NumberBooking,
            BookingTotal,
            Share,
          })),
          {
            Key: 'Total',
            NumberBooking: totalBookings,
            BookingTotal: reportMoney(totalCents),
            Share: totalCents > 0 ? 100 : 0,
          },
        ],
      },
      {
        title: perBucketTitle,
        columns: [
          { key: 'bucket', title: bucketTitle, kind: 'text' },
          ...ordered.map((group, index) => ({
            key: groupColumn(index),
            title: group.key,
            kind: 'money' as const,
          })),
          { key: 'total', title: 'Total', kind: 'money' },
        ],
        rows: perBucketRows,
      },
    ],
    charts: [
      {
        kind: 'pie',
        title: 'Revenue share by client type',
        data: data.map(({ Key, BookingTotal }) => ({ Key, BookingTotal })),
        angleField: 'BookingTotal',
        colorField: 'Key',
        valueKind: 'money',
      },
      {
        kind: 'column',
        title: perBucketTitle,
        data: data.flatMap((group) =>
          group.KeyData.map((bucket) => ({ bucket: bucket.label, Key: group.Key, revenue: bucket.revenue })),
        ),
        xField: 'bucket',
        yField: 'revenue',
        seriesField: 'Key',
        valueKind: 'money',
      },
    ],
  }
}
