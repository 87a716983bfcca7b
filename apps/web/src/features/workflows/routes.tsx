import { workflowListQuerySchema } from '@spaceboard/domain'
import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { listSearchValidator } from '../../platform/list-search.ts'
import { guarded } from '../../platform/route-guard.tsx'
import { idParam, signedInRoute } from '../../platform/routes.tsx'

// Workflows (spec 3 §2). Each screen is a chunk of its own, loaded with its route.
const workflowListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/workflow/list',
  validateSearch: listSearchValidator(workflowListQuerySchema),
  component: guarded(
    'workflows.read',
    lazyRouteComponent(() => import('./list.tsx'), 'WorkflowList'),
  ),
})

const workflowAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/workflow/add',
  component: guarded(
    'workflows.write',
    lazyRouteComponent(() => import('./form.tsx'), 'AddWorkflow'),
  ),
})

const workflowEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/workflow/edit/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded(
    'workflows.write',
    lazyRouteComponent(() => import('./form.tsx'), 'EditWorkflow'),
  ),
})

export const workflowsRoutes = [workflowListRoute, workflowAddRoute, workflowEditRoute] as const
