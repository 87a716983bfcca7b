import {
  ALL_ORGANIZATIONS,
  type ReportBusyType,
  type ReportDuration,
  type ReportFilterName,
  type ReportGroupBy,
  type ReportQuery,
  type ReportResult,
  type ReportType,
  reportAllowsAllOrganizations,
  reportGroupByOptions,
  reportUsesFilter,
} from '@spaceboard/domain'
import { api, queryString } from '../../platform/api-client.ts'

export const REPORTS_ENDPOINT = '/api/reports'
export const REPORTS_EXPORT_ENDPOINT = '/api/reports/export'

/** The reporting form: the spec's request fields (spec 3 §3), the type unset until one is chosen. */
export interface ReportForm {
  report_type: ReportType | undefined
  /** An organization, or super's All Organizations for the types that offer it. */
  org_id: number | typeof ALL_ORGANIZATIONS | undefined
  year: number
  month: number
  report_duration: ReportDuration
  report_value: ReportGroupBy
  busy_type: ReportBusyType
  center_id: number | 'All'
  room_id: number | 'All'
  is_tax_included: ReportQuery['is_tax_included']
  is_amenity_included: ReportQuery['is_amenity_included']
}

/**
 * A fresh form (spec 3 §9 defaults): this year and month on the organization's clock (`today`,
 * YYYY-MM-DD), monthly, all locations and spaces, tax and amenities included.
 */
export function emptyReportForm(today: string): ReportForm {
  return {
    report_type: undefined,
    org_id: undefined,
    year: Number(today.slice(0, 4)),
    month: Number(today.slice(5, 7)),
    report_duration: 'monthly',
    report_value: 'center',
    busy_type: 'bookings',
    center_id: 'All',
    room_id: 'All',
    is_tax_included: 'incTax',
    is_amenity_included: 'incAmenity',
  }
}

/**
 * The form for another type: its filters keep their values, a group by the type does not offer goes
 * back to Location, and All Organizations to no organization where the type does not offer it.
 */
export function withReportType(form: ReportForm, type: ReportType): ReportForm {
  const groupBy = reportGroupByOptions(type).includes(form.report_value) ? form.report_value : 'center'
  const organization =
    form.org_id === ALL_ORGANIZATIONS && !reportAllowsAllOrganizations(type) ? undefined : form.org_id
  return { ...form, report_type: type, report_value: groupBy, org_id: organization }
}

/** The filters a report of the form shows: no location or space across All Organizations. */
export function reportFormUsesFilter(form: ReportForm, filter: ReportFilterName): boolean {
  if (form.report_type === undefined) return false
  if (form.org_id === ALL_ORGANIZATIONS && (filter === 'location' || filter === 'space')) return false
  return reportUsesFilter(form.report_type, filter)
}

/**
 * The query of GET /api/reports and /api/reports/export: the type and only the filters it uses; the
 * organization only from super (the others always report on their own).
 */
export function reportQueryString(form: ReportForm & { report_type: ReportType }, isSuper: boolean): string {
  const uses = (filter: ReportFilterName) => reportFormUsesFilter(form, filter)
  return queryString({
    report_type: form.report_type,
    org_id: isSuper && uses('organization') ? form.org_id : undefined,
    year: uses('year') ? form.year : undefined,
    month: uses('month') ? form.month : undefined,
    report_duration: uses('duration') ? form.report_duration : undefined,
    report_value: uses('groupBy') ? form.report_value : undefined,
    busy_type: uses('busyType') ? form.busy_type : undefined,
    center_id: uses('location') ? form.center_id : undefined,
    room_id: uses('space') ? form.room_id : undefined,
    is_tax_included: uses('tax') ? form.is_tax_included : undefined,
    is_amenity_included: uses('amenities') ? form.is_amenity_included : undefined,
  })
}

/** The advanced report call (spec 3 §7): a list whose first item the screen shows. */
export async function fetchReport(query: string, signal?: AbortSignal): Promise<ReportResult | null> {
  const answer = await api<{ success: boolean; data: ReportResult[] }>(
    `${REPORTS_ENDPOINT}${query}`,
    signal ? { signal } : {},
  )
  return answer.data[0] ?? null
}
