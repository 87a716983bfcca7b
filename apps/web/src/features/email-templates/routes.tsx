import { emailTemplateListQuerySchema } from '@spaceboard/domain'
import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { listSearchValidator } from '../../platform/list-search.ts'
import { signedInRoute } from '../../platform/routes.tsx'

// Email templates (spec 3 §2). Each screen is a chunk of its own; the editor is one more, loaded by the form.
const emailTemplateListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/email-template/list',
  validateSearch: listSearchValidator(emailTemplateListQuerySchema),
  component: lazyRouteComponent(() => import('./list.tsx'), 'EmailTemplateList'),
})

const emailTemplateAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/email-template/add',
  component: lazyRouteComponent(() => import('./form.tsx'), 'AddEmailTemplate'),
})

const emailTemplateEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/email-template/edit/$id',
  component: lazyRouteComponent(() => import('./form.tsx'), 'EditEmailTemplate'),
})

export const emailTemplatesRoutes = [
  emailTemplateListRoute,
  emailTemplateAddRoute,
  emailTemplateEditRoute,
] as const
