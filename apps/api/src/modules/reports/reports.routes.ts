import { reportQuerySchema } from '@spaceboard/domain'
import type { App } from '../../platform/app.ts'
import * as service from './reports.service.ts'

const tags = ['reports']

export function reportRoutes(app: App) {
  /** The advanced report call (spec 3 §7): a list whose first item the screen shows. */
  app.get(
    '/api/reports',
    { config: { access: 'reports.read' }, schema: { tags, querystring: reportQuerySchema } },
    async (request) => ({
      success: true,
      data: [await request.signedIn((ctx) => service.buildReport(ctx, request.query))],
    }),
  )
}
