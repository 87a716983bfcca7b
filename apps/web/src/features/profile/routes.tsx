import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { signedInRoute } from '../../platform/routes.tsx'

// My profile. Each screen is a chunk of its own, loaded with its route.
const profileRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/profile/show',
  component: lazyRouteComponent(() => import('./detail.tsx'), 'Profile'),
})

const profileEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/profile/edit',
  component: lazyRouteComponent(() => import('./form.tsx'), 'EditProfile'),
})

export const profileRoutes = [profileRoute, profileEditRoute] as const
