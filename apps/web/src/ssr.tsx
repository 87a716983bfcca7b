import { AsyncLocalStorage } from 'node:async_hooks'
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs'
import type { BookingListRow, Profile } from '@spaceboard/domain'
import type { RenderedPage } from '@spaceboard/domain/served-page'
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query'
import { createMemoryHistory } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { AppRoot, createAppQueryClient } from './app.tsx'
import { setTransport } from './platform/api-client.ts'
import { type AppRouter, createAppRouter } from './router.tsx'

/**
 * The server's render of a page (issue 14): the API renders the screens below for a signed-in
 * person, with their data, so that on a slow line the page shows its rows while the app's
 * JavaScript is still on its way (the bookings list's first row came after ~4 s at 1.6 Mbps, most
 * of it the download). The page then starts the app with the same answers (main.tsx), whose first
 * render replaces the server's. Built apart (vite build --ssr) into dist-ssr/, which the API loads.
 */

/** The screens the server renders: those met first in a day, which the slow-line goal is about. */
const SERVER_RENDERED = new Set(['/admin/book/list'])

/** Answers an API request of the render as the server would answer the person's browser (their session, their organization). */
export type ServerCall = (path: string, init: RequestInit) => Promise<Response>

const calls = new AsyncLocalStorage<ServerCall>()
/**
 * antd's styles of what the server rendered, kept from render to render: made once (the list's
 * skeleton took 50 ms a render with a new cache, 20 with this one), and the page gets the styles of every
 * screen rendered so far, a few screens' at most.
 */
const styles = createCache()
setTransport((path, init) => {
  const call = calls.getStore()
  if (!call) return Promise.reject(new Error('An API call outside a server render.'))
  // The render only reads: a screen that writes on its first render does it from the browser.
  if ((init.method ?? 'GET') !== 'GET') return Promise.reject(new Error('A server render only reads.'))
  return call(path, init)
})

/** How many times a render waits for the calls it found: the profile, a preference, then the rows. */
const MAX_PASSES = 4

const inFlight = (queryClient: QueryClient) =>
  queryClient.getQueryCache().findAll({ fetchStatus: 'fetching' })

const enabled = (query: Query) => {
  const option = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled
  return (typeof option === 'function' ? option(query) : option) !== false
}

/**
 * The router at `url` once loaded, or null when it would go elsewhere or fails. The router writes a
 * screen's search defaults into its address (as the browser's does): that address is rendered.
 */
async function loadRouter(queryClient: QueryClient, url: string): Promise<AppRouter | null> {
  let at = url
  for (let attempt = 0; attempt < 2; attempt++) {
    const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [at] }))
    await router.load()
    // What TanStack Start reads too: a server load's outcome.
    const result = router._serverResult
    if (result?.type === 'render')
      return result.status === 200 && result.matches.every((match) => match.status === 'success')
        ? router
        : null
    const href = result?.redirect.options.href
    if (typeof href !== 'string' || href.split('?')[0] !== at.split('?')[0]) return null
    at = href
  }
  return null
}

/**
 * The page at `url` (path and query) rendered, or null when it is not a server-rendered screen or
 * would not show as such (no session, a redirect, a failed call): the browser then renders it.
 * Renders until no query of the screen waits for its answer (useQuery does not fetch on the server:
 * each pass asks what the last one found missing).
 */
export async function renderPage(url: string, call: ServerCall): Promise<RenderedPage | null> {
  const pathname = (url.split('?')[0] ?? '').replace(/\/+$/, '')
  if (!SERVER_RENDERED.has(pathname)) return null
  return calls.run(call, async () => {
    const queryClient = createAppQueryClient(true)
    const router = await loadRouter(queryClient, url)
    if (!router) return null
    for (let pass = 1; ; pass++) {
      // The calls the route started as it loaded (bookings/routes.tsx) or the last pass found missing.
      for (let fetching = inFlight(queryClient); fetching.length > 0; fetching = inFlight(queryClient))
        await Promise.all(fetching.map((query) => query.fetch().catch(() => undefined)))
      const html = renderToString(
        <StyleProvider cache={styles}>
          <AppRoot queryClient={queryClient} router={router} />
        </StyleProvider>,
      )
      const queries = queryClient.getQueryCache().getAll()
      if (queries.some((query) => query.state.status === 'error')) return null
      const waiting = queries.filter((query) => query.state.status === 'pending' && enabled(query))
      if (waiting.length === 0)
        return {
          html,
          styles: extractStyle(styles, { plain: true }),
          state: JSON.stringify(dehydrate(queryClient)),
        }
      if (pass === MAX_PASSES) return null
      for (const query of waiting) void query.fetch().catch(() => undefined)
    }
  })
}

/**
 * The bookings list rendered once with made-up answers, when the render thread starts: a thread's
 * first render took about a second (its modules compiled as they first ran, antd's styles made),
 * past a page's budget, so the first person after a start got the plain app.
 */
export async function warmUp(): Promise<void> {
  const profile: Profile = {
    id: 0,
    first_name: 'Warm',
    last_name: 'Up',
    email: 'warm-up@spaceboard.invalid',
    type: 'admin',
    createdAt: '2026-01-01T00:00:00.000Z',
    organization_id: 0,
    organizationName: 'Warm-up',
    mh_plan: 'pro',
    licensed_spaces: 1,
    time_format: 'dd/mm',
    time_zone: 'UTC',
    features: {},
    pending_email: null,
  }
  const row = (id: number): BookingListRow => ({
    bookingId: id,
    booking_prefix: 'WU-',
    reference: `WU-${id}`,
    org_id: 0,
    organizationName: 'Warm-up',
    time_format: 'dd/mm',
    centerId: 0,
    centerName: 'Warm-up',
    meetingroomId: 0,
    meetingName: 'Warm-up',
    timezone: 'UTC',
    start_time: '2026-01-01T09:00:00.000Z',
    end_time: '2026-01-01T10:00:00.000Z',
    start_date: '2026-01-01',
    start_wall: '09:00',
    end_date: '2026-01-01',
    end_wall: '10:00',
    clientId: 0,
    clientName: 'Warm-up',
    fUserName: 'Warm',
    lUserName: 'Up',
    net_amount: '0.00',
    currency: 'aud',
    status: 'confirmed',
    payment_status: 'invoice',
    is_paid: 0,
    recurringId: null,
    showStatus: true,
  })
  const answers: Record<string, unknown> = {
    '/api/profile': profile,
    '/api/preference/booking-list': { key: 'booking-list', value: null },
    '/api/center': [],
    '/api/userbooking': Array.from({ length: 20 }, (_, i) => row(i + 1)),
  }
  const answer = async (path: string) => {
    const endpoint = path.split('?')[0] ?? ''
    return endpoint in answers
      ? new Response(JSON.stringify(answers[endpoint]), {
          headers: { 'content-type': 'application/json', 'content-range': '0-19/20' },
        })
      : new Response('{"message":"Not found."}', { status: 404 })
  }
  await renderPage('/admin/book/list', answer)
}
