import { type ReportBucket, type ReportColumn, reportMessages } from '@spaceboard/domain'
import { badRequest } from '../../platform/errors.ts'
import type { ReportInput } from './report-input.ts'

/** The organization of a one-organization report (every type but the super industry benchmarking). */
export function reportOrganizationId(input: ReportInput): number {
  if (!input.organization) throw badRequest(reportMessages.selectOrganizationFirst)
  return input.organization.id
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
