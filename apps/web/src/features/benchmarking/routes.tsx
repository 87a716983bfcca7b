import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { guarded } from '../../platform/route-guard.tsx'
import { signedInRoute } from '../../platform/routes.tsx'

// Benchmarking settings (spec 3 §2; route not shown there, ours): the industry averages, super only.
const benchmarkingRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/benchmarking',
  component: guarded(
    'benchmarking.write',
    lazyRouteComponent(() => import('./settings.tsx'), 'BenchmarkingSettings'),
  ),
})

export const benchmarkingRoutes = [benchmarkingRoute]
