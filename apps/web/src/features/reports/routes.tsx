import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { guarded } from '../../platform/route-guard.tsx'
import { signedInRoute } from '../../platform/routes.tsx'

// Reports (spec 3 §2 "Reporting", issue 20): the report types with their filters, charts and Excel export.
const reportsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/reports',
  component: guarded(
    'reports.read',
    lazyRouteComponent(() => import('./reports.tsx'), 'Reports'),
  ),
})

export const reportsRoutes = [reportsRoute]
