import { regionListQuerySchema } from '@spaceboard/domain'
import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { listSearchValidator } from '../../platform/list-search.ts'
import { signedInRoute } from '../../platform/routes.tsx'

// Regions. Each screen is a chunk of its own, loaded with its route.
const regionListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/region/list',
  validateSearch: listSearchValidator(regionListQuerySchema),
  component: lazyRouteComponent(() => import('./list.tsx'), 'RegionList'),
})

const regionAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/region/add',
  component: lazyRouteComponent(() => import('./form.tsx'), 'AddRegion'),
})

const regionEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/region/edit/$id',
  component: lazyRouteComponent(() => import('./form.tsx'), 'EditRegion'),
})

export const regionsRoutes = [regionListRoute, regionAddRoute, regionEditRoute] as const
