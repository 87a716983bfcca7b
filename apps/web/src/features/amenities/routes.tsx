import { amenityListQuerySchema } from '@spaceboard/domain'
import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { listSearchValidator } from '../../platform/list-search.ts'
import { guarded } from '../../platform/route-guard.tsx'
import { idParam, signedInRoute } from '../../platform/routes.tsx'

// Amenities: the platform's catalogue, kept by super (spec 3 §2). Each screen is a chunk of its own, loaded with its route.
const amenityListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/amenities/list',
  validateSearch: listSearchValidator(amenityListQuerySchema),
  // Staff read the catalogue (spaces need it); only super changes it.
  component: guarded(
    'amenities.read',
    lazyRouteComponent(() => import('./list.tsx'), 'AmenityList'),
  ),
})

const amenityAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/amenities/add',
  component: guarded(
    'amenities.write',
    lazyRouteComponent(() => import('./form.tsx'), 'AddAmenity'),
  ),
})

const amenityEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/amenities/edit/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded(
    'amenities.write',
    lazyRouteComponent(() => import('./form.tsx'), 'EditAmenity'),
  ),
})

export const amenitiesRoutes = [amenityListRoute, amenityAddRoute, amenityEditRoute] as const
