import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { guarded } from '../../platform/route-guard.tsx'
import { signedInRoute } from '../../platform/routes.tsx'

// The dashboard: its chunk and its figures load together. Each screen is a chunk of its own, loaded with its route.
const dashboardRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/dashboard',
  loader: async ({ context }) => {
    const { dashboardQuery } = await import('./dashboard.tsx')
    return context.queryClient.prefetchQuery(dashboardQuery)
  },
  component: guarded(
    'dashboard.read',
    lazyRouteComponent(() => import('./dashboard.tsx'), 'Dashboard'),
  ),
})

export const dashboardRoutes = [dashboardRoute] as const
