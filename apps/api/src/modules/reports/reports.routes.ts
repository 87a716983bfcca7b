import { reportQuerySchema } from '@spaceboard/domain'
import type { App } from '../../platform/app.ts'
import { attachment } from '../../platform/xlsx.ts'
import * as exportService from './export.service.ts'
import { createReportMemos } from './report-memo.ts'
import * as service from './reports.service.ts'

const tags = ['reports']

export function reportRoutes(app: App) {
  const memos = createReportMemos()
  /** The advanced report call (spec 3 §7): a list whose first item the screen shows. */
  app.get(
    '/api/reports',
    {
      config: { access: 'reports.read' },
      schema: {
        tags,
        summary: 'Advanced report',
        description:
          "One report: `{success, data: [{report_type, label, currency_code, organization, period, filters, data, tables, charts}]}`, `data` under the spec's field names.",
        'x-spec-path': 'not shown',
        querystring: reportQuerySchema,
      },
    },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(await request.signedIn((ctx) => service.reportAnswer(ctx, memos, request.query))),
  )

  /** The report as an xlsx workbook (spec 3 §9: sheet Report, header rows, then the tables). */
  app.get(
    '/api/reports/export',
    {
      config: { access: 'reports.read' },
      schema: {
        tags,
        summary: 'Export a report',
        description:
          'The report\'s query: the report as "<label> <period>.xlsx" (sheet "Report": Created by, Created at, the filters, then each table). 400 for the organization-level industry benchmarking.',
        'x-spec-path': 'none',
        querystring: reportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await request.signedIn((ctx) => exportService.reportExport(ctx, memos, request.query))
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', attachment(file.filename))
        .header('Cache-Control', 'no-store')
        .send(file.body)
    },
  )
}
