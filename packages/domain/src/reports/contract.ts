import { z } from 'zod'
import { featureNotEnabledMessage } from '../organizations/constants.ts'

/**
 * The report types (spec 3 §9), each with its label and the filters its form shows. The select lists
 * them sorted by label (`reportTypeOptions`).
 */
export const reportTypes = [
  {
    key: 'bookByOrganization',
    label: 'Organizational Booking Data',
    filters: [
      'organization',
      'year',
      'month',
      'duration',
      'groupBy',
      'location',
      'space',
      'tax',
      'amenities',
    ],
  },
  {
    key: 'clientTypeRevenue',
    label: 'Client Type Revenue',
    filters: ['organization', 'year', 'month', 'duration', 'location', 'space', 'tax', 'amenities'],
  },
  {
    key: 'averagePerBooking',
    label: 'Average per Booking',
    filters: [
      'organization',
      'year',
      'month',
      'duration',
      'groupBy',
      'location',
      'space',
      'tax',
      'amenities',
    ],
  },
  {
    key: 'leadTime',
    label: 'Booking Lead Time',
    filters: ['organization', 'year', 'month', 'duration', 'location', 'space'],
  },
  {
    key: 'dayOfTheWeek',
    label: 'Busy Day of the Week',
    filters: ['organization', 'year', 'month', 'duration', 'busyType', 'location', 'space'],
  },
  {
    key: 'centerRevenueTarget',
    label: 'Center Revenue Target',
    filters: ['organization', 'year', 'duration', 'location', 'tax', 'amenities'],
  },
  {
    key: 'gratisUsage',
    label: 'Gratis Usage',
    filters: ['organization', 'year', 'month', 'duration', 'location', 'space'],
  },
  {
    key: 'voucherUsage',
    label: 'Voucher Usage',
    filters: ['organization', 'year', 'month', 'duration', 'location', 'space'],
  },
  {
    key: 'topClients',
    label: 'Top 20 Clients',
    filters: ['organization', 'year', 'month', 'duration', 'location', 'tax', 'amenities'],
  },
  {
    key: 'timeOfTheDay',
    label: 'Busy Time of the Day',
    filters: ['organization', 'year', 'month', 'duration', 'busyType', 'location', 'space'],
  },
  {
    key: 'bcIndustryBenchmarking',
    label: 'Industry Benchmarking',
    filters: ['organization', 'year', 'month', 'duration'],
  },
  {
    key: 'superIndustryBenchmarking',
    label: 'Industry Benchmarking across Organizations',
    filters: ['year', 'month', 'duration'],
  },
] as const satisfies readonly { key: string; label: string; filters: readonly ReportFilterName[] }[]

export type ReportFilterName =
  | 'organization'
  | 'year'
  | 'month'
  | 'duration'
  | 'groupBy'
  | 'busyType'
  | 'location'
  | 'space'
  | 'tax'
  | 'amenities'

export type ReportType = (typeof reportTypes)[number]['key']
export const reportTypeKeys = reportTypes.map((type) => type.key) as [ReportType, ...ReportType[]]

export function reportTypeInfo(type: ReportType) {
  return reportTypes.find((entry) => entry.key === type) as (typeof reportTypes)[number]
}

export function reportUsesFilter(type: ReportType, filter: ReportFilterName): boolean {
  return (reportTypeInfo(type).filters as readonly ReportFilterName[]).includes(filter)
}

/** Group by choices of a type: client and user only for Average per Booking (spec 3 §9). */
export function reportGroupByOptions(type: ReportType): readonly ReportGroupBy[] {
  return type === 'averagePerBooking' ? reportGroupBys : ['center', 'room']
}

export const reportGroupBys = ['center', 'room', 'client', 'user'] as const
export type ReportGroupBy = (typeof reportGroupBys)[number]
export const reportGroupByLabels: Record<ReportGroupBy, string> = {
  center: 'Location',
  room: 'Space',
  client: 'Client',
  user: 'User',
}
export const reportDurations = ['monthly', 'yearly'] as const
export type ReportDuration = (typeof reportDurations)[number]
export const reportBusyTypes = ['bookings', 'hours'] as const
export type ReportBusyType = (typeof reportBusyTypes)[number]
export const reportBusyTypeLabels: Record<ReportBusyType, string> = {
  bookings: 'Number of bookings',
  hours: 'Booked hours',
}

/** Report types a user may choose: super every one; others without the super one, and the organization-level benchmarking only when their organization has the feature (spec 3 §6). */
export function reportTypeOptions(
  isSuper: boolean,
  industryBenchmarking: boolean,
): readonly { value: ReportType; label: string }[] {
  return reportTypes
    .filter((type) => {
      if (type.key === 'superIndustryBenchmarking') return isSuper
      if (type.key === 'bcIndustryBenchmarking') return isSuper || industryBenchmarking
      return true
    })
    .map((type) => ({ value: type.key, label: type.label }))
    .sort((a, b) => a.label.localeCompare(b.label))
}

export const FIRST_REPORT_YEAR = 1990

export const reportMessages = {
  selectOrganizationFirst: 'Select Organization First.',
  year: (current: number) => `Choose a year from ${FIRST_REPORT_YEAR} to ${current}.`,
  notAvailable: 'This report is not available for your organization.',
  benchmarkingNotEnabled: featureNotEnabledMessage('industry_benchmarking_report'),
  excluded: 'This organization is excluded from reporting.',
  allOrganizationsFor: (type: ReportType) =>
    `${reportTypeInfo(type).label} is reported per organization: choose one organization (All Organizations is offered for ${allOrganizationsTypes.map((t) => reportTypeInfo(t).label).join(' and ')}).`,
  allOrganizationsSuperOnly: 'All Organizations is available to super users only.',
} as const

const allOrId = z.union([z.literal('All'), z.literal('AllCenter'), z.coerce.number().int().positive()])

/** org_id's "All Organizations" (super only, spec 3 §6). */
export const ALL_ORGANIZATIONS = 'All'

/**
 * The report types super may run for All Organizations (spec 3 §6 "for some reports"): those that
 * count bookings and hours, read from the monthly facts kept per organization, so the cost grows
 * with organizations × months, never with bookings. Money reports stay per organization: their
 * organizations keep different currencies.
 */
const allOrganizationsTypes: readonly ReportType[] = ['dayOfTheWeek', 'timeOfTheDay']

export function reportAllowsAllOrganizations(type: ReportType): boolean {
  return allOrganizationsTypes.includes(type)
}

/**
 * The report request (spec 3 §3: advanced_report, report_type, center_id, room_id, report_value,
 * report_duration, space_type, is_tax_included, busy_type, is_amenity_included, year, org_id,
 * month), as query parameters of GET /api/reports and GET /api/reports/export. Defaults: centre and
 * space All, month and year current (spec 3 §9), monthly, grouped by location, tax and amenities
 * included, busy by number of bookings.
 */
export const reportQuerySchema = z.object({
  advanced_report: z.string().optional(),
  report_type: z.enum(reportTypeKeys, { error: 'Choose a report type.' }),
  org_id: z
    .union([z.literal(ALL_ORGANIZATIONS), z.coerce.number().int().positive()], {
      error: `Organization must be an organization's number or ${ALL_ORGANIZATIONS}.`,
    })
    .optional(),
  center_id: allOrId.default('All'),
  room_id: allOrId.default('All'),
  report_value: z.enum(reportGroupBys).default('center'),
  report_duration: z.enum(reportDurations).default('monthly'),
  space_type: z.string().optional(),
  is_tax_included: z.enum(['incTax', 'exTax']).default('incTax'),
  is_amenity_included: z.enum(['incAmenity', 'exAmenity']).default('incAmenity'),
  busy_type: z.enum(reportBusyTypes).default('bookings'),
  year: z.coerce.number().int().optional(),
  month: z.coerce.number().int().min(1, 'Choose a month.').max(12, 'Choose a month.').optional(),
})
export type ReportQuery = z.output<typeof reportQuerySchema>

/** How a value of a column reads: the web formats it, the workbook sets its number format. */
export type ReportValueKind = 'text' | 'money' | 'count' | 'percent' | 'hours' | 'days'

export interface ReportColumn {
  key: string
  title: string
  kind: ReportValueKind
}

export type ReportCell = string | number | null
export type ReportRow = Record<string, ReportCell>

/** A table of a report: what its chart shows, readable below the chart and written to the workbook. */
export interface ReportTable {
  title: string
  columns: ReportColumn[]
  rows: ReportRow[]
}

/** A chart of a report, over rows in long form (one row per x and series). */
export type ReportChart =
  | {
      kind: 'column' | 'bar' | 'line'
      title: string
      data: ReportRow[]
      xField: string
      yField: string
      /** Several series side by side (column, bar) or several lines. */
      seriesField?: string
      valueKind: ReportValueKind
    }
  | {
      kind: 'pie'
      title: string
      data: ReportRow[]
      angleField: string
      colorField: string
      valueKind: ReportValueKind
    }
  | {
      /** The organization-level industry benchmarking: one bullet per measure (spec 3 §9 bands). */
      kind: 'bullet'
      title: string
      valueKind: ReportValueKind
      /** OrgPerformance */
      measure: number
      /** GlobalIndustry */
      target: number
      /** WorstPerformance: a low percentile of the other organizations, null when withheld. */
      worst: number | null
      /** Regional: the average of the other organizations of the region, null when withheld. */
      regional: number | null
      /** Upper bounds of the bands, in steps of 25 (occupancy), 150 (value) or 24 (duration). */
      ranges: number[]
    }

/** The period a report covers, in the organization's local dates (`to` exclusive). */
export interface ReportPeriodInfo {
  from: string
  to: string
  label: string
}

/**
 * One report (GET /api/reports answers `{ success, data: [ReportResult] }`; the spec's screen uses
 * the first item). `data` holds the type's rows under the spec's field names (spec 3 §3: Key,
 * BookingTotal, NumberBooking, Occupacy, roomsData, …); `tables` and `charts` are what the screen
 * and the workbook show.
 */
export interface ReportResult {
  report_type: ReportType
  label: string
  currency_code: string
  organization: { id: number; name: string } | null
  period: ReportPeriodInfo
  /** The filters as chosen, readable: the workbook's header rows. */
  filters: { label: string; value: string }[]
  data: unknown
  tables: ReportTable[]
  charts: ReportChart[]
  /** Sentences the screen shows above the charts: why a figure is left out. */
  notes?: string[]
}

export const REPORT_SHEET_NAME = 'Report'
