import type { PreferenceKey, Profile } from '@spaceboard/domain'
import { safeRedirect } from '@spaceboard/domain/auth/rules'
import { SERVED_STATE_ID } from '@spaceboard/domain/served-page'
import type { DehydratedState } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { plainForgotLink, SignIn } from './features/auth/sign-in.tsx'
import { antdStylesReady } from './platform/antd-styles-ready.ts'
import { api } from './platform/api-client.ts'
import type { PreferenceAnswer } from './platform/preferences.ts'

/**
 * The entry: React and the sign-in page only (issue 14: the first page must load fast on a slow
 * line). Every other page loads the app (app.tsx: antd, the router, the features' routes) first;
 * on the sign-in page the app is fetched once the page is up, while the person types (the
 * app-preload script, vite.config.ts), and run when they have signed in.
 */
const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element.')
const loadApp = () => import('./app.tsx')

if (window.location.pathname.replace(/\/+$/, '') === '/admin/login') {
  const redirect = new URLSearchParams(window.location.search).get('redirect') ?? undefined
  const target = safeRedirect(redirect)
  const onSignedIn = async (profile: Profile) => {
    try {
      const [app] = await Promise.all([loadApp(), antdStylesReady({ apply: true })])
      window.history.replaceState(null, '', target)
      await app.mountApp(root, { profile })
    } catch {
      // The app's chunk did not come (a new deployment, the network): a full page load.
      window.location.assign(target)
    }
  }
  // The server sends the form as markup (served-sign-in.tsx; index.html's root is empty): hydrated,
  // so that what the person has typed, and where, stays as it is.
  const served = container.firstElementChild !== null
  const page = (
    <StrictMode>
      <SignIn served={served ? 'hydrate' : undefined} onSignedIn={onSignedIn} forgotLink={plainForgotLink} />
    </StrictMode>
  )
  const root = served ? hydrateRoot(container, page) : createRoot(container)
  if (!served) root.render(page)
} else {
  const root = createRoot(container)
  // A page the server rendered (the API's server-render.ts) comes with the answers it shows: the
  // app starts from them and its first render replaces the server's.
  const served = servedAnswers()
  // The profile (is there a session?) comes while the app's chunks load, not after them.
  const profile = served ? undefined : api<Profile>('/api/profile', { on401: 'error' }).catch(() => undefined)
  // The bookings list asks a non-super user's remembered location (BOOKING_LIST_PREFERENCE) before
  // it asks for its rows: that request goes with the profile's answer too, not after the chunks.
  const key: PreferenceKey = 'booking-list'
  const early =
    profile && window.location.pathname.replace(/\/+$/, '') === '/admin/book/list'
      ? profile.then((signedIn) =>
          signedIn && signedIn.type !== 'super'
            ? { key, answer: api<PreferenceAnswer<typeof key>>(`/api/preference/${key}`) }
            : undefined,
        )
      : undefined
  void Promise.all([loadApp(), profile, early, antdStylesReady()]).then(([app, signedIn, preference]) =>
    app.mountApp(root, { profile: signedIn, preference, served }),
  )
}

/** The answers a server-rendered page came with; none when it has none (or they do not read: the app then asks). */
function servedAnswers(): DehydratedState | undefined {
  const text = document.getElementById(SERVED_STATE_ID)?.textContent
  try {
    return text ? (JSON.parse(text) as DehydratedState) : undefined
  } catch {
    return undefined
  }
}
