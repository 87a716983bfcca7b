import type { QueryClient } from '@tanstack/react-query'
import {
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent,
  notFound,
  Outlet,
  redirect,
} from '@tanstack/react-router'
import { ApiError } from './api-client.ts'
import { NotFound } from './not-found.tsx'
import { RouteError } from './route-error.tsx'
import { profileQuery } from './session.ts'
import { SessionWatcher } from './session-watcher.tsx'

/**
 * The two routes every screen hangs from: the root (signed-out screens) and the signed-in area.
 * Each feature declares its own routes under them (features/<feature>/routes.tsx); router.tsx
 * only puts the trees together.
 */
export interface RouterContext {
  queryClient: QueryClient
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <SessionWatcher />
      <Outlet />
    </>
  ),
  notFoundComponent: NotFound,
})

/** Where a signed-in person lands. */
export const home = '/admin/profile/show'

// The signed-in area: loads the profile first; without a session, on to sign in and back.
// The shell (menu, header) is a chunk of its own: the sign-in page does not need it.
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_signed-in',
  beforeLoad: async ({ context, location }) => {
    try {
      await context.queryClient.ensureQueryData(profileQuery)
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        throw redirect({ to: '/admin/login', search: { redirect: location.href } })
      }
      throw error
    }
  },
  component: lazyRouteComponent(() => import('./app-shell.tsx'), 'AppShell'),
  errorComponent: RouteError,
  notFoundComponent: NotFound,
})

/** The id of an edit route; anything but plain decimal digits is not found. */
export const idParam = (raw: string): number => {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw notFound()
  return Number(raw)
}
