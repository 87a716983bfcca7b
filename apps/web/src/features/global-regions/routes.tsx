import { globalRegionListQuerySchema } from '@spaceboard/domain'
import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { listSearchValidator } from '../../platform/list-search.ts'
import { signedInRoute } from '../../platform/routes.tsx'

// Global regions (super). Each screen is a chunk of its own, loaded with its route.
const globalRegionListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/global-region/list',
  validateSearch: listSearchValidator(globalRegionListQuerySchema),
  component: lazyRouteComponent(() => import('./list.tsx'), 'GlobalRegionList'),
})

export const globalRegionsRoutes = [globalRegionListRoute] as const
