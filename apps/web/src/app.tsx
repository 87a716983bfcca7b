import type { PreferenceKey, Profile } from '@spaceboard/domain'
import { SERVED_MARK } from '@spaceboard/domain/served-page'
import { type DehydratedState, hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type AnyRoute, RouterProvider } from '@tanstack/react-router'
import { App, ConfigProvider } from 'antd'
import enGB from 'antd/locale/en_GB'
import { StrictMode, useEffect } from 'react'
import type { Root } from 'react-dom/client'
import { ApiError } from './platform/api-client.ts'
import { type PreferenceAnswer, seedPreference } from './platform/preferences.ts'
import { startSession } from './platform/session.ts'
import { appTheme } from './platform/theme.ts'
import { type AppRouter, createAppRouter } from './router.tsx'

/** How long the answers a page came with (the server's render) count as fresh: its screen does not ask them again on its first render. */
const SERVED_FRESH_MS = 10_000

/**
 * The app's query cache. `served`: the answers the server rendered the page with (ssr.tsx); true on
 * the server itself, whose single render must not show its answers as being asked again.
 */
export function createAppQueryClient(served?: DehydratedState | true): QueryClient {
  const servedQueries = new Set(
    served === true || !served ? [] : served.queries.map((query) => query.queryHash),
  )
  const servedUntil = Date.now() + SERVED_FRESH_MS
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change by asking again.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
        // Fresh for a while from the page's start, whatever the server's clock said of them.
        staleTime: (query) =>
          served === true || (servedQueries.has(query.queryHash) && Date.now() < servedUntil)
            ? Number.POSITIVE_INFINITY
            : 0,
      },
      mutations: { retry: false },
    },
  })
  if (served && served !== true) hydrate(queryClient, served)
  return queryClient
}

/**
 * Drops the styles a server-rendered page came with once the app has replaced its markup: antd has
 * its own by then (the build's sheet and what it made), and the same rules twice would slow every
 * later style recalculation of the page.
 */
function ServedStylesGone() {
  useEffect(() => {
    document.querySelector(`style[${SERVED_MARK}]`)?.remove()
  }, [])
  return null
}

/** The app's tree: antd's theme and locale, the query cache and the router (the page's and the server's, ssr.tsx). */
export function AppRoot({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <StrictMode>
      <ServedStylesGone />
      <ConfigProvider locale={enGB} theme={appTheme}>
        <App message={{ maxCount: 3 }}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </App>
      </ConfigProvider>
    </StrictMode>
  )
}

/** What the page starts with: the profile the sign-in answered, a preference already asked, or the server's render's data. */
export interface AppStart<K extends PreferenceKey> {
  profile?: Profile
  preference?: { key: K; answer: Promise<PreferenceAnswer<K>> }
  served?: DehydratedState
}

/**
 * The app: antd, the router and every feature's routes. main.tsx loads it (a chunk of its own) for
 * every page but the first sign-in page, and after signing in there; `profile` is the one the
 * sign-in answered with, so the profile request is not made twice; `preference` one a screen of this
 * page will ask for, already asked (main.tsx); `served` the answers the server rendered the page
 * with (ssr.tsx), so the page shows at once what the server showed.
 */
export async function mountApp<K extends PreferenceKey>(root: Root, start: AppStart<K> = {}): Promise<void> {
  const queryClient = createAppQueryClient(start.served)
  if (start.profile) startSession(queryClient, start.profile)
  if (start.preference) seedPreference(queryClient, start.preference.key, start.preference.answer)
  const router = createAppRouter(queryClient)
  // The screen's chunks (shell, screen) load beside the signed-in area's profile check, not after it.
  for (const match of router.matchRoutes(router.latestLocation)) {
    void router
      .loadRouteChunk((router.routesById as Record<string, AnyRoute>)[match.routeId] as AnyRoute)
      ?.catch(() => undefined)
  }
  // The server's render stays on screen until the app's first render replaces it whole: that
  // render must be the screen, not the router's pending state.
  if (start.served) await router.load().catch(() => undefined)
  root.render(<AppRoot queryClient={queryClient} router={router} />)
}
