import type { ReportChart, ReportTable } from '@spaceboard/domain'
import { organizationBenchmarks } from '../benchmark-figures.ts'
import type { ReportBuilder } from '../report-builder.ts'

/**
 * Industry Benchmarking across Organizations (superIndustryBenchmarking, super only): every
 * organization reported on (not excluded, not archived), with its average booking value (revenue
 * without tax ÷ bookings, in its own currency), average booking hours and occupancy over the
 * period (a yearly one is the calendar year). Two aggregate statements over all organizations.
 *
 * data: [{ OrganizationName, AvgBookingTotal, AvgBookingHours, AvgOccupacy, currency_code }], by name.
 */
export const superIndustryBenchmarking: ReportBuilder = async (ctx, input, memos) => {
  const everyone = await organizationBenchmarks(ctx, memos, input, null)
  const data = everyone.map((entry) => ({
    OrganizationName: entry.name,
    AvgBookingTotal: entry.measures.averagebookingvalue,
    AvgBookingHours: entry.measures.averagebookingduration,
    AvgOccupacy: entry.measures.averageoccupancy,
    currency_code: entry.currencyCode,
  }))
  const tables: ReportTable[] = [
    {
      title: 'Organizations',
      columns: [
        { key: 'OrganizationName', title: 'Organization', kind: 'text' },
        { key: 'AvgBookingTotal', title: 'Average Booking Value', kind: 'money' },
        { key: 'currency_code', title: 'Currency', kind: 'text' },
        { key: 'AvgBookingHours', title: 'Average Booking Duration (hours)', kind: 'hours' },
        { key: 'AvgOccupacy', title: 'Average Occupancy (%)', kind: 'percent' },
      ],
      rows: data.map((row) => ({ ...row, currency_code: row.currency_code.toUpperCase() })),
    },
  ]
  // Booking values are in each organization's currency: charted only where they compare, hours and occupancy.
  const charts: ReportChart[] = [
    {
      kind: 'bar',
      title: 'Average Occupancy (%)',
      data: data.map((row) => ({ OrganizationName: row.OrganizationName, AvgOccupacy: row.AvgOccupacy })),
      xField: 'OrganizationName',
      yField: 'AvgOccupacy',
      valueKind: 'percent',
    },
    {
      kind: 'bar',
      title: 'Average Booking Duration (hours)',
      data: data.map((row) => ({
        OrganizationName: row.OrganizationName,
        AvgBookingHours: row.AvgBookingHours,
      })),
      xField: 'OrganizationName',
      yField: 'AvgBookingHours',
      valueKind: 'hours',
    },
  ]
  return { data, tables, charts }
}
