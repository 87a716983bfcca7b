import { packageListQuerySchema } from '@spaceboard/domain'
import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { listSearchValidator } from '../../platform/list-search.ts'
import { guarded } from '../../platform/route-guard.tsx'
import { idParam, signedInRoute } from '../../platform/routes.tsx'

// Package deals (spec 1 §2): csr lists and views only. Each screen is a chunk of its own, loaded with its route.
const packageListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/package/list',
  validateSearch: listSearchValidator(packageListQuerySchema),
  component: guarded(
    'packages.read',
    lazyRouteComponent(() => import('./list.tsx'), 'PackageList'),
  ),
})

const packageAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/package/add',
  component: guarded(
    'packages.write',
    lazyRouteComponent(() => import('./form.tsx'), 'AddPackage'),
  ),
})

const packageEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/package/edit/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded(
    'packages.write',
    lazyRouteComponent(() => import('./form.tsx'), 'EditPackage'),
  ),
})

const packageDetailRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/package/detail/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded(
    'packages.read',
    lazyRouteComponent(() => import('./detail.tsx'), 'PackageDetail'),
  ),
})

export const packagesRoutes = [
  packageListRoute,
  packageAddRoute,
  packageEditRoute,
  packageDetailRoute,
] as const
