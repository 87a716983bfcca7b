import { spaceListQuerySchema } from '@spaceboard/domain'
import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { listSearchValidator } from '../../platform/list-search.ts'
import { guarded } from '../../platform/route-guard.tsx'
import { idParam, signedInRoute } from '../../platform/routes.tsx'

// Spaces (spec 3 §2): csr lists and views only. Each screen is a chunk of its own, loaded with its route.
const spaceListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/meeting-room/list',
  validateSearch: listSearchValidator(spaceListQuerySchema),
  component: guarded(
    'spaces.read',
    lazyRouteComponent(() => import('./list.tsx'), 'SpaceList'),
  ),
})

const spaceAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/meeting-room/add',
  component: guarded(
    'spaces.write',
    lazyRouteComponent(() => import('./form.tsx'), 'AddSpace'),
  ),
})

const spaceEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/meeting-room/edit/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded(
    'spaces.write',
    lazyRouteComponent(() => import('./form.tsx'), 'EditSpace'),
  ),
})

const spaceViewRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/meeting-room/view/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded(
    'spaces.read',
    lazyRouteComponent(() => import('./form.tsx'), 'ViewSpace'),
  ),
})

export const spacesRoutes = [spaceListRoute, spaceAddRoute, spaceEditRoute, spaceViewRoute] as const
