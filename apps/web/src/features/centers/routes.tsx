import { centerListQuerySchema } from '@spaceboard/domain'
import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { listSearchValidator } from '../../platform/list-search.ts'
import { guarded } from '../../platform/route-guard.tsx'
import { signedInRoute } from '../../platform/routes.tsx'

// Locations / centers (spec 1 §2). The add route is the spec's CenterAdd; csr only lists and views. Each screen is a chunk of its own, loaded with its route.
const centerListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/centers/list',
  validateSearch: listSearchValidator(centerListQuerySchema),
  component: guarded(
    'centers.read',
    lazyRouteComponent(() => import('./list.tsx'), 'CenterList'),
  ),
})

const centerAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/center/add',
  component: guarded(
    'centers.create',
    lazyRouteComponent(() => import('./form.tsx'), 'AddCenter'),
  ),
})

const centerEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/center/edit/$id',
  component: guarded(
    'centers.update',
    lazyRouteComponent(() => import('./form.tsx'), 'EditCenter'),
  ),
})

const centerDetailRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/center/detail/$id',
  component: guarded(
    'centers.read',
    lazyRouteComponent(() => import('./detail.tsx'), 'CenterDetail'),
  ),
})

export const centersRoutes = [centerListRoute, centerAddRoute, centerEditRoute, centerDetailRoute] as const
