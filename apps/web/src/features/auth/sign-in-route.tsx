import { safeRedirect } from '@spaceboard/domain/auth/rules'
import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link, useRouter } from '@tanstack/react-router'
import { startSession } from '../../platform/session.ts'
import { SignIn } from './sign-in.tsx'

const route = getRouteApi('/admin/login')

/** The sign-in page inside the app (after signing out, when the session ends): on to `redirect`. */
export function SignInRoute() {
  const { redirect } = route.useSearch()
  const router = useRouter()
  const queryClient = useQueryClient()
  return (
    <SignIn
      onSignedIn={(profile) => {
        startSession(queryClient, profile)
        router.history.push(safeRedirect(redirect))
      }}
      forgotLink={<Link to="/admin/forgot-password">I forgot my password</Link>}
    />
  )
}
