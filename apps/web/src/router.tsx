import type { QueryClient } from '@tanstack/react-query'
import { createRoute, createRouter, type RouterHistory, redirect } from '@tanstack/react-router'
import { amenitiesRoutes } from './features/amenities/routes.tsx'
import { authRoutes } from './features/auth/routes.tsx'
import { benchmarkingRoutes } from './features/benchmarking/routes.tsx'
import { billingRoutes } from './features/billing/routes.tsx'
import { bookingsRoutes } from './features/bookings/routes.tsx'
import { calendarRoutes } from './features/calendar/routes.tsx'
import { cancelRulesRoutes } from './features/cancel-rules/routes.tsx'
import { centersRoutes } from './features/centers/routes.tsx'
import { clientTypesRoutes } from './features/client-types/routes.tsx'
import { clientsRoutes } from './features/clients/routes.tsx'
import { countriesRoutes } from './features/countries/routes.tsx'
import { dashboardRoutes } from './features/dashboard/routes.tsx'
import { emailTemplatesRoutes } from './features/email-templates/routes.tsx'
import { globalRegionsRoutes } from './features/global-regions/routes.tsx'
import { marketingExtractRoutes } from './features/marketing-extract/routes.tsx'
import { organizationsRoutes } from './features/organizations/routes.tsx'
import { packagesRoutes } from './features/packages/routes.tsx'
import { profileRoutes } from './features/profile/routes.tsx'
import { regionsRoutes } from './features/regions/routes.tsx'
import { reportsRoutes } from './features/reports/routes.tsx'
import { spacesRoutes } from './features/spaces/routes.tsx'
import { usersRoutes } from './features/users/routes.tsx'
import { vouchersRoutes } from './features/vouchers/routes.tsx'
import { workflowsRoutes } from './features/workflows/routes.tsx'
import { NotFound } from './platform/not-found.tsx'
import { RouteError } from './platform/route-error.tsx'
import { RoutePending } from './platform/route-pending.tsx'
import { home, rootRoute, signedInRoute } from './platform/routes.tsx'

export type { RouterContext } from './platform/routes.tsx'

/**
 * The app's routes, put together: each feature declares its screens (features/<feature>/routes.tsx,
 * each screen a lazy chunk) under the root or the signed-in area (platform/routes.tsx).
 */
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: home })
  },
})

// Any other /admin path: /admin itself goes to the profile, the rest is not found (inside the shell).
const adminOtherRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/$',
  beforeLoad: ({ params }) => {
    if (!params._splat?.replace(/\/+$/, '')) throw redirect({ to: home })
  },
  component: NotFound,
})

const routeTree = rootRoute.addChildren([
  indexRoute,
  ...authRoutes,
  signedInRoute.addChildren([
    ...profileRoutes,
    ...countriesRoutes,
    ...globalRegionsRoutes,
    ...clientTypesRoutes,
    ...regionsRoutes,
    ...dashboardRoutes,
    ...bookingsRoutes,
    ...calendarRoutes,
    ...billingRoutes,
    ...reportsRoutes,
    ...organizationsRoutes,
    ...usersRoutes,
    ...clientsRoutes,
    ...centersRoutes,
    ...spacesRoutes,
    ...amenitiesRoutes,
    ...emailTemplatesRoutes,
    ...packagesRoutes,
    ...cancelRulesRoutes,
    ...vouchersRoutes,
    ...workflowsRoutes,
    ...marketingExtractRoutes,
    ...benchmarkingRoutes,
    adminOtherRoute,
  ]),
])

/** The app's router; on the server (ssr.tsx) with the requested page's history. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,

    context: { queryClient },
    defaultPreload: false,
    // A screen's chunk on a slow network: a skeleton after a moment, not a blank page.
    defaultPendingComponent: RoutePending,
    defaultPendingMs: 300,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
    // On the server (ssr.tsx): its page's address; no scroll restoration (its inline script).
    ...(history ? { history, scrollRestoration: false } : {}),
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
