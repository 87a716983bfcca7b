import type { PreferenceKey, Profile } from '@spaceboard/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type AnyRoute, RouterProvider } from '@tanstack/react-router'
import { App, ConfigProvider } from 'antd'
import enGB from 'antd/locale/en_GB'
import { StrictMode } from 'react'
import type { Root } from 'react-dom/client'
import { ApiError } from './platform/api-client.ts'
import { type PreferenceAnswer, seedPreference } from './platform/preferences.ts'
import { startSession } from './platform/session.ts'
import { appTheme } from './platform/theme.ts'
import { createAppRouter } from './router.tsx'

/**
 * The app: antd, the router and every feature's routes. main.tsx loads it (a chunk of its own) for
 * every page but the first sign-in page, and after signing in there; `profile` is the one the
 * sign-in answered with, so the profile request is not made twice; `preference` one a screen of this
 * page will ask for, already asked (main.tsx).
 */
export function mountApp<K extends PreferenceKey>(
  root: Root,
  profile?: Profile,
  preference?: { key: K; answer: Promise<PreferenceAnswer<K>> },
): void {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change by asking again.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })

  if (profile) startSession(queryClient, profile)
  if (preference) seedPreference(queryClient, preference.key, preference.answer)
  const router = createAppRouter(queryClient)
  // The screen's chunks (shell, screen) load beside the signed-in area's profile check, not after it.
  for (const match of router.matchRoutes(router.latestLocation)) {
    void router
      .loadRouteChunk((router.routesById as Record<string, AnyRoute>)[match.routeId] as AnyRoute)
      ?.catch(() => undefined)
  }

  root.render(
    <StrictMode>
      <ConfigProvider locale={enGB} theme={appTheme}>
        <App message={{ maxCount: 3 }}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </App>
      </ConfigProvider>
    </StrictMode>,
  )
}
