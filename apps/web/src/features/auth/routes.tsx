import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { rootRoute } from '../../platform/routes.tsx'
import { confirmEmailSearchSchema, resetPasswordSearchSchema, signInSearchSchema } from './search.ts'
import { SignInRoute } from './sign-in-route.tsx'

// Signed-out screens. Sign in is the first page most people see: main.tsx shows it without the app;
// inside the app (after signing out, or a visit while signed out) it comes with the app's chunk.
// The password screens load when opened.
const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin/login',
  validateSearch: signInSearchSchema,
  component: SignInRoute,
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

// Signed in or not: the link of an e-mail change may be opened in any browser.
const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin/confirm-email',
  validateSearch: confirmEmailSearchSchema,
  component: lazyRouteComponent(() => import('./confirm-email.tsx'), 'ConfirmEmail'),
})

export const authRoutes = [signInRoute, forgotPasswordRoute, resetPasswordRoute, confirmEmailRoute] as const
