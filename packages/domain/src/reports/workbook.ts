import type { TimeFormat } from '../organizations/constants.ts'
import { wallClock } from '../time.ts'
import type { ReportType, ReportValueKind } from './contract.ts'

/**
 * The report workbook (spec 3 §9: one sheet named Report, header rows for who made it, when, in the
 * organization's time format, and the filters; no file author), defined once for the API's writer
 * and the screen's Excel button.
 */

/** Every report but the organization-level industry benchmarking exports (spec 3 §2). */
export function reportHasExport(type: ReportType): boolean {
  return type !== 'bcIndustryBenchmarking'
}

export const reportExportMessages = {
  noExport: 'The Industry Benchmarking report has no Excel export.',
} as const

/** "Booking Lead Time April 2026.xlsx" */
export function reportFileName(label: string, periodLabel: string): string {
  return `${label} ${periodLabel}.xlsx`
}

/**
 * When a workbook was made, as its "Created at" row reads it: the wall clock of `zone` (the
 * organization's first location) written dd-MM-yyyy HH:mm, or MM-dd-yyyy HH:mm for an mm/dd
 * organization, followed by the zone's name so that the time is never ambiguous.
 */
export function reportCreatedAt(now: Date, zone: string, timeFormat: TimeFormat | string): string {
  const { date, time } = wallClock(now, zone)
  const [y, m, d] = date.split('-')
  const day = timeFormat === 'mm/dd' ? `${m}-${d}-${y}` : `${d}-${m}-${y}`
  return `${day} ${time} (${zone})`
}

/**
 * The number format of a column's cells by its kind. Percent cells hold the fraction (45.5 % is
 * written 0.455) so that a spreadsheet computes with them as percentages.
 */
export const reportNumberFormats: Record<ReportValueKind, string | null> = {
  text: null,
  money: '#,##0.00',
  count: '#,##0',
  percent: '0.00%',
  hours: '#,##0.00',
  days: '#,##0.00',
}
