import { cancelRuleListQuerySchema } from '@spaceboard/domain'
import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { listSearchValidator } from '../../platform/list-search.ts'
import { guarded } from '../../platform/route-guard.tsx'
import { idParam, signedInRoute } from '../../platform/routes.tsx'

// Cancellation rules (spec 1 §2). Each screen is a chunk of its own, loaded with its route.
const cancelRuleListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/cancel-rule/list',
  validateSearch: listSearchValidator(cancelRuleListQuerySchema),
  component: guarded(
    'cancel-rules.read',
    lazyRouteComponent(() => import('./list.tsx'), 'CancelRuleList'),
  ),
})

const cancelRuleAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/cancel-rule/add',
  component: guarded(
    'cancel-rules.write',
    lazyRouteComponent(() => import('./form.tsx'), 'AddCancelRule'),
  ),
})

const cancelRuleEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/cancel-rule/edit/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded(
    'cancel-rules.write',
    lazyRouteComponent(() => import('./form.tsx'), 'EditCancelRule'),
  ),
})

export const cancelRulesRoutes = [cancelRuleListRoute, cancelRuleAddRoute, cancelRuleEditRoute] as const
