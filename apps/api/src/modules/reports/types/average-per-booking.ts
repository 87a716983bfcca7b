import {
  averageBookingCents,
  averageBookingHours,
  bookedHours,
  reportGroupByLabels,
  reportMessages,
  reportMoney,
} from '@spaceboard/domain'
import { badRequest } from '../../../platform/errors.ts'
import type { ReportBuilder } from '../report-builder.ts'
import * as repo from '../revenue.repository.ts'

/**
 * Average per Booking: per location, space, client or user of the booking (report_value), the
 * counted bookings, their revenue, revenue ÷ bookings and booked hours ÷ bookings. `data`: [{ Key,
 * id, NumberBooking, BookingTotal, AvgBookingTotal, BookedHours, AvgBookingHours }] by name, and
 * the whole period's figures as the tables' last row.
 */
export const averagePerBooking: ReportBuilder = async (ctx, input) => {
  if (!input.organization) throw badRequest(reportMessages.selectOrganizationFirst)
  const rows = await repo.bookingsPerGroup(ctx.tx, input, input.organization.id)
  const figures = (name: string, bookings: number, cents: number, minutes: number) => ({
    Key: name,
    NumberBooking: bookings,
    BookingTotal: reportMoney(cents),
    AvgBookingTotal: reportMoney(averageBookingCents(cents, bookings)),
    BookedHours: bookedHours(minutes),
    AvgBookingHours: averageBookingHours(minutes, bookings),
  })
  const data = rows.map((row) => ({
    id: row.id,
    ...figures(row.name, row.bookings, row.revenueCents, row.minutes),
  }))
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((s, row) => s + pick(row), 0)
  const all = figures(
    'All',
    sum((row) => row.bookings),
    sum((row) => row.revenueCents),
    sum((row) => row.minutes),
  )
  const groupLabel = reportGroupByLabels[input.groupBy]
  const chartData = data.map(({ Key, AvgBookingTotal, AvgBookingHours }) => ({
    Key,
    AvgBookingTotal,
    AvgBookingHours,
  }))
  return {
    data,
    tables: [
      {
        title: `Average per booking by ${groupLabel.toLowerCase()}`,
        columns: [
          { key: 'Key', title: groupLabel, kind: 'text' },
          { key: 'NumberBooking', title: 'Bookings', kind: 'count' },
          { key: 'BookingTotal', title: 'Revenue', kind: 'money' },
          { key: 'AvgBookingTotal', title: 'Average booking value', kind: 'money' },
          { key: 'BookedHours', title: 'Booked hours', kind: 'hours' },
          { key: 'AvgBookingHours', title: 'Average booking hours', kind: 'hours' },
        ],
        rows: [...data.map(({ id: _id, ...row }) => row), all],
      },
    ],
    charts: [
      {
        kind: 'bar',
        title: `Average booking value by ${groupLabel.toLowerCase()}`,
        data: chartData,
        xField: 'Key',
        yField: 'AvgBookingTotal',
        valueKind: 'money',
      },
      {
        kind: 'bar',
        title: `Average booking hours by ${groupLabel.toLowerCase()}`,
        data: chartData,
        xField: 'Key',
        yField: 'AvgBookingHours',
        valueKind: 'hours',
      },
    ],
  }
}
