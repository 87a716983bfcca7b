import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { guarded } from '../../platform/route-guard.tsx'
import { idParam, signedInRoute } from '../../platform/routes.tsx'
import { userListSearch } from './search.ts'

// Users (spec 1 §2). Each screen is a chunk of its own, loaded with its route.
const userListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/user/list',
  validateSearch: userListSearch,
  component: guarded(
    'users.read',
    lazyRouteComponent(() => import('./list.tsx'), 'UserList'),
  ),
})

const userAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/user/add',
  component: guarded(
    'users.create',
    lazyRouteComponent(() => import('./form.tsx'), 'AddUser'),
  ),
})

const userEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/user/edit/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded(
    'users.update',
    lazyRouteComponent(() => import('./form.tsx'), 'EditUser'),
  ),
})

const userDetailRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/user/detail/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded(
    'users.read',
    lazyRouteComponent(() => import('./detail.tsx'), 'UserDetail'),
  ),
})

export const usersRoutes = [userListRoute, userAddRoute, userEditRoute, userDetailRoute] as const
