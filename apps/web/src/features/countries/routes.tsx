import { countryListQuerySchema } from '@spaceboard/domain'
import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { listSearchValidator } from '../../platform/list-search.ts'
import { signedInRoute } from '../../platform/routes.tsx'

// Countries (super). Each screen is a chunk of its own, loaded with its route.
const countryListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/country/list',
  validateSearch: listSearchValidator(countryListQuerySchema),
  component: lazyRouteComponent(() => import('./list.tsx'), 'CountryList'),
})

export const countriesRoutes = [countryListRoute] as const
