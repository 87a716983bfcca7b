import type {
  ReportBusyType,
  ReportDuration,
  ReportGroupBy,
  ReportPeriod,
  ReportType,
  RevenueOptions,
} from '@spaceboard/domain'
import type { ReportOrganization } from './reports.repository.ts'

/** A report request once checked: the organization resolved, ids verified as its own, the period fixed. */
export interface ReportInput {
  type: ReportType
  /** null for a report over every organization reported on: the super industry benchmarking, or All Organizations. */
  organization: ReportOrganization | null
  /** Super's All Organizations (org_id=All): the report covers every organization reported on. */
  allOrganizations: boolean
  duration: ReportDuration
  year: number
  /** 1–12; the month of a monthly report (a yearly one ignores it). */
  month: number
  period: ReportPeriod
  /** null for All. Verified to belong to the organization. */
  centerId: number | null
  /** null for All. Verified to belong to the organization (and to the location when one is chosen). */
  spaceId: number | null
  groupBy: ReportGroupBy
  busyType: ReportBusyType
  revenue: RevenueOptions
}
