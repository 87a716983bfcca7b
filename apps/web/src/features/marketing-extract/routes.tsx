import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { guarded } from '../../platform/route-guard.tsx'
import { signedInRoute } from '../../platform/routes.tsx'

// The direct marketing extract (spec 3 §2): super, and admins of organizations with direct_marketing.
const marketingExtractRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/direct-marketing-extract-pro',
  component: guarded(
    'marketing.read',
    lazyRouteComponent(() => import('./extract.tsx'), 'MarketingExtract'),
  ),
})

export const marketingExtractRoutes = [marketingExtractRoute]
