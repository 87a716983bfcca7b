import type { App } from '../../app.ts'
import * as repo from './dashboard.repository.ts'

/** The landing page's figures: the actor's organization, or the platform for super users. */
export function dashboardRoutes(app: App) {
  app.get(
    '/api/dashboard',
    { config: { access: 'dashboard.read' }, schema: { tags: ['dashboard'] } },
    (request) =>
      request.signedIn(
        async ({ tx, actor }): Promise<object> =>
          actor.organizationId === null
            ? repo.platformSummary(tx)
            : repo.organizationSummary(tx, actor.organizationId),
      ),
  )
}
