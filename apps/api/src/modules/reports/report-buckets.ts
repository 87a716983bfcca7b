import { type ReportBucket, type ReportColumn, reportMessages } from '@spaceboard/domain'
import type { SQL } from 'drizzle-orm'
import { badRequest } from '../../platform/errors.ts'
import { reportedOrganizationIds } from './occupancy.repository.ts'
import type { ReportInput } from './report-input.ts'

/** The organization of a one-organization report (every type but the super industry benchmarking). */
export function reportOrganizationId(input: ReportInput): number {
  if (!input.organization) throw badRequest(reportMessages.selectOrganizationFirst)
  return input.organization.id
}

/**
 * The organizations a report type that super may run for All Organizations covers: the chosen one,
 * or every organization reported on (a subquery of ids) for All.
 */
export function reportOrganizationIds(input: ReportInput): number | SQL {
  return input.allOrganizations ? reportedOrganizationIds(null) : reportOrganizationId(input)
}

/** The first column of a per-bucket table: the day of a monthly report, the month of a yearly one. */
export function bucketColumn(input: ReportInput): ReportColumn {
  return { key: 'label', title: input.duration === 'monthly' ? 'Day' : 'Month', kind: 'text' }
}

/** One row per bucket of the period, in order, zeros where the statement found no booking. */
export function everyBucket<Row>(
  input: ReportInput,
  found: Map<string, Row>,
  empty: () => Row,
): (Row & { Key: string; label: string })[] {
  return input.period.buckets.map((bucket: ReportBucket) => ({
    Key: bucket.key,
    label: bucket.label,
    ...(found.get(bucket.key) ?? empty()),
  }))
}
