import {
  DEFAULT_TIME_FORMAT,
  type ReportQuery,
  reportCreatedAt,
  reportExportMessages,
  reportFileName,
  reportHasExport,
} from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import { badRequest } from '../../platform/errors.ts'
import { firstLocationZone } from '../../platform/organization-zone.repository.ts'
import { userFullName } from './export.repository.ts'
import type { ReportMemos } from './report-memo.ts'
import { reportWorkbook } from './report-workbook.ts'
import { reportOrganization } from './reports.repository.ts'
import { buildReport } from './reports.service.ts'

/**
 * The Excel export of a report (GET /api/reports/export): the report the screen shows, built by
 * the same checks and builders, as a workbook. "Created at" is the wall clock of the organization's
 * first location in the organization's date format; a report without an organization (the super
 * industry benchmarking) or an organization without locations reads UTC, named as such.
 */
export async function reportExport(
  ctx: Ctx,
  memos: ReportMemos,
  query: ReportQuery,
  now = new Date(),
): Promise<{ filename: string; body: Buffer }> {
  if (!reportHasExport(query.report_type)) throw badRequest(reportExportMessages.noExport)
  const report = await buildReport(ctx, memos, query)
  const organization = report.organization
    ? await reportOrganization(ctx.tx, report.organization.id)
    : undefined
  const zone = (organization && (await firstLocationZone(ctx.tx, organization.id))) ?? 'UTC'
  const body = await reportWorkbook(report, {
    createdBy: await userFullName(ctx.tx, ctx.actor.userId),
    createdAt: reportCreatedAt(now, zone, organization?.timeFormat ?? DEFAULT_TIME_FORMAT),
  })
  return { filename: reportFileName(report.label, report.period.label), body }
}
