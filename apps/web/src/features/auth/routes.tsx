import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { rootRoute } from '../../platform/routes.tsx'
import { resetPasswordSearchSchema, signInSearchSchema } from './search.ts'
import { SignIn } from './sign-in.tsx'

// Signed-out screens. Sign in is the first page most people see: it comes with the app's entry
// chunk, not one request later; the password screens load when opened.
const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin/login',
  validateSearch: signInSearchSchema,
  component: SignIn,
})

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin/forgot-password',
  component: lazyRouteComponent(() => import('./forgot-password.tsx'), 'ForgotPassword'),
})

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin/reset-password',
  validateSearch: resetPasswordSearchSchema,
  component: lazyRouteComponent(() => import('./reset-password.tsx'), 'ResetPassword'),
})

export const authRoutes = [signInRoute, forgotPasswordRoute, resetPasswordRoute] as const
