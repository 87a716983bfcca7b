import { clientTypeListQuerySchema } from '@spaceboard/domain'
import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { listSearchValidator } from '../../platform/list-search.ts'
import { signedInRoute } from '../../platform/routes.tsx'

// Client types. Each screen is a chunk of its own, loaded with its route.
const clientTypeListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/client-types/list',
  validateSearch: listSearchValidator(clientTypeListQuerySchema),
  component: lazyRouteComponent(() => import('./list.tsx'), 'ClientTypeList'),
})

const clientTypeAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/client-types/add',
  component: lazyRouteComponent(() => import('./form.tsx'), 'AddClientType'),
})

const clientTypeEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/client-types/edit/$id',
  component: lazyRouteComponent(() => import('./form.tsx'), 'EditClientType'),
})

export const clientTypesRoutes = [clientTypeListRoute, clientTypeAddRoute, clientTypeEditRoute] as const
