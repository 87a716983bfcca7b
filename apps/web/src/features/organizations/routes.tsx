import { organizationListQuerySchema } from '@spaceboard/domain'
import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { listSearchValidator } from '../../platform/list-search.ts'
import { guarded } from '../../platform/route-guard.tsx'
import { idParam, signedInRoute } from '../../platform/routes.tsx'
import {
  amenityOptionsQuery,
  clientTypeOptionsQuery,
  countryOptionsQuery,
  globalRegionOptionsQuery,
  organizationQuery,
} from './api.ts'

// Organizations (spec 1 §2). Each screen is a chunk of its own, loaded with its route.
const organizationListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/organization/list',
  validateSearch: listSearchValidator(organizationListQuerySchema),
  component: guarded(
    'organizations.list',
    lazyRouteComponent(() => import('./list.tsx'), 'OrganizationList'),
  ),
})

const organizationAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/organization/add',
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.prefetchQuery(clientTypeOptionsQuery(null)),
      queryClient.prefetchQuery(amenityOptionsQuery),
      queryClient.prefetchQuery(countryOptionsQuery),
      queryClient.prefetchQuery(globalRegionOptionsQuery),
    ]),
  component: guarded(
    'organizations.create',
    lazyRouteComponent(() => import('./form.tsx'), 'AddOrganization'),
  ),
})

const organizationEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/organization/edit/$id',
  loader: ({ context: { queryClient }, params }) => {
    // The record loads in the screen: another organization's id answers 404 there, not as a route error.
    const id = idParam(params.id)
    return Promise.all([
      queryClient.prefetchQuery(organizationQuery(id)),
      queryClient.prefetchQuery(amenityOptionsQuery),
      queryClient.prefetchQuery(clientTypeOptionsQuery(id)),
      queryClient.prefetchQuery(countryOptionsQuery),
      queryClient.prefetchQuery(globalRegionOptionsQuery),
    ])
  },
  component: guarded(
    'organizations.update',
    lazyRouteComponent(() => import('./form.tsx'), 'EditOrganization'),
  ),
})

export const organizationsRoutes = [
  organizationListRoute,
  organizationAddRoute,
  organizationEditRoute,
] as const
