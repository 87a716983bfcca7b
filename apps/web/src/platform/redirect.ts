// Without react-query or the router: the light sign-in page (main.tsx) uses it too.

/** A same-origin path to return to after signing in; anything else falls back to the profile. */
export function safeRedirect(redirect: string | undefined): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) {
    return '/admin/profile/show'
  }
  if (redirect.startsWith('/admin/login')) return '/admin/profile/show'
  return redirect
}
