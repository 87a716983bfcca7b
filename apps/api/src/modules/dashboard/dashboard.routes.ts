import type { App } from '../../platform/app.ts'
import * as repo from './dashboard.repository.ts'
import { dashboardBookings } from './dashboard.service.ts'

/**
 * The landing page's figures: the actor's organization, or the platform for super users, with
 * today's and the upcoming bookings (times in each center's wall clock).
 */
export function dashboardRoutes(app: App) {
  app.get(
    '/api/dashboard',
    {
      config: { access: 'dashboard.read' },
      schema: {
        summary: 'Dashboard',
        description:
          "Summary and counts (a super user: the platform's), and today's and the next 7 days' bookings on each location's clock.",
        'x-spec-path': 'none',
        tags: ['dashboard'],
      },
    },
    (request) =>
      request.signedIn(async (ctx): Promise<object> => {
        const summary =
          ctx.actor.organizationId === null
            ? await repo.platformSummary(ctx.tx)
            : await repo.organizationSummary(ctx.tx, ctx.actor.organizationId)
        return { ...summary, bookings: await dashboardBookings(ctx) }
      }),
  )
}
