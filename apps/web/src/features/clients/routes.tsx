import { clientListQuerySchema } from '@spaceboard/domain'
import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { listSearchValidator } from '../../platform/list-search.ts'
import { guarded } from '../../platform/route-guard.tsx'
import { idParam, signedInRoute } from '../../platform/routes.tsx'

// Clients. Each screen is a chunk of its own, loaded with its route.
const clientListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/client/list',
  validateSearch: listSearchValidator(clientListQuerySchema),
  component: guarded(
    'clients.read',
    lazyRouteComponent(() => import('./list.tsx'), 'ClientList'),
  ),
})

const clientAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/client/add',
  component: guarded(
    'clients.create',
    lazyRouteComponent(() => import('./form.tsx'), 'AddClient'),
  ),
})

const clientEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/client/edit/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded(
    'clients.update',
    lazyRouteComponent(() => import('./form.tsx'), 'EditClient'),
  ),
})

export const clientsRoutes = [clientListRoute, clientAddRoute, clientEditRoute] as const
