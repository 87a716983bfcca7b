import { describe, expect, test } from 'vitest'
import { logins, PASSWORD, setupE2eApp, visible } from './support.ts'

/**
 * The bookings list rendered by the server (apps/web/src/ssr.tsx, apps/api/src/platform/server-render.ts):
 * the page comes with its rows for the signed-in person, the app starts from the same answers and
 * takes the page over. The page's contents through plain requests; the hand-over once in the browser.
 */
const app = setupE2eApp()

async function sessionCookie(email: string): Promise<string> {
  const response = await fetch(`${app.server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.server.url },
    body: JSON.stringify({ backend: 1, email, password: PASSWORD }),
  })
  expect(response.status).toBe(200)
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

async function page(path: string, cookie?: string) {
  const response = await fetch(`${app.server.url}${path}`, { headers: cookie ? { cookie } : {} })
  expect(response.status, path).toBe(200)
  const html = await response.text()
  const state = html.match(/<script type="application\/json" id="served-state">(.*?)<\/script>/s)?.[1]
  return {
    html,
    cacheControl: response.headers.get('cache-control'),
    served: html.includes('<div data-served inert>'),
    references: [...new Set(html.match(/MH-[A-Z]{3}\d+/g) ?? [])],
    state: state
      ? (JSON.parse(state) as { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> })
      : null,
  }
}

const listAnswer = (state: NonNullable<Awaited<ReturnType<typeof page>>['state']>) =>
  state.queries.find((query) => query.queryKey[0] === '/api/userbooking')?.state.data as
    | { rows: Array<{ reference: string; clientName: string; centerName: string }> }
    | undefined

describe('the bookings list rendered by the server', () => {
  test('comes with the signed-in person’s rows and answers, theirs alone and never cached', async () => {
    const harbour = await page('/admin/book/list', await sessionCookie(logins.harbourAdmin))
    expect(harbour.served).toBe(true)
    expect(harbour.cacheControl).toBe('private, no-store')
    expect(harbour.references.length).toBeGreaterThanOrEqual(20)
    expect(harbour.references.every((reference) => reference.startsWith('MH-HAR'))).toBe(true)
    expect(harbour.html).toContain('<style data-served>')
    const rows = listAnswer(harbour.state ?? { queries: [] })?.rows ?? []
    expect(rows.map((row) => row.reference)).toEqual(harbour.references.slice(0, rows.length))

    // Another organization's admin gets their own bookings, none of Harbour's.
    const summit = await page('/admin/book/list', await sessionCookie(logins.summitAdmin))
    expect(summit.served).toBe(true)
    expect(summit.references.length).toBeGreaterThan(0)
    expect(summit.references.every((reference) => reference.startsWith('MH-SUM'))).toBe(true)

    // No session, a session that is not one, a screen the server does not render: the plain app.
    for (const [path, cookie] of [
      ['/admin/book/list', undefined],
      ['/admin/book/list', 'sb_session=not-a-session'],
      ['/admin/client/list', await sessionCookie(logins.harbourAdmin)],
    ] as const) {
      const plain = await page(path, cookie)
      expect(plain.served, `${path} ${cookie}`).toBe(false)
      expect(plain.state).toBeNull()
      expect(plain.references).toEqual([])
      expect(plain.cacheControl).toBe('no-cache')
    }
  })

  test('shows a remembered location’s bookings, and what the data holds cannot end its script', async () => {
    const cookie = await sessionCookie(logins.harbourAdmin)
    await app.server.sql(
      `update clients set name = '</script><script>alert(1)</script> $& $1' where name = 'Blue Ocean Legal'`,
    )
    const preference = await fetch(`${app.server.url}/api/preference/booking-list`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json', origin: app.server.url },
      body: JSON.stringify({ business_center_id: 2 }),
    })
    expect(preference.status).toBe(200)
    const remembered = await page('/admin/book/list', cookie)
    const rows = listAnswer(remembered.state ?? { queries: [] })?.rows ?? []
    expect(rows.length).toBeGreaterThan(0)
    const locations = new Set(rows.map((row) => row.centerName))
    expect(locations.size).toBe(1)
    expect(remembered.html).toContain(`>${[...locations][0]}<`)
    // Written as text and as JSON, never as markup.
    expect(remembered.html).not.toContain('<script>alert(1)')
    expect(rows.map((row) => row.clientName)).toContain('</script><script>alert(1)</script> $& $1')
    expect(remembered.html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $1')

    await fetch(`${app.server.url}/api/preference/booking-list`, {
      method: 'DELETE',
      headers: { cookie, origin: app.server.url },
    })
    await app.server.sql(
      `update clients set name = 'Blue Ocean Legal' where name = '</script><script>alert(1)</script> $& $1'`,
    )
  })

  test('shows its rows before the app’s scripts have come; the app then takes the page over from the same answers', async () => {
    const browserPage = await app.signedInPage(logins.harbourAdmin)
    const context = browserPage.context()

    // Without the app's scripts: the rows show, and the page does not pretend to answer (inert).
    const withoutScripts = await context.newPage()
    await withoutScripts.route('**/assets/*.js', (route) => route.abort())
    await withoutScripts.goto('/admin/book/list')
    await visible(withoutScripts.locator('[data-served] .ant-table-row').first())
    expect(await withoutScripts.locator('[data-served][inert] .ant-table-row').count()).toBe(20)
    await withoutScripts.close()

    // With them: the app replaces the page with its own render of the same rows, without asking
    // the list again, and answers (sorting by booking id).
    const listCalls: string[] = []
    browserPage.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/userbooking') listCalls.push(request.url())
    })
    await browserPage.goto('/admin/book/list')
    const appRows = browserPage.locator('#root > :not([data-served]) .ant-table-row')
    await visible(appRows.first())
    expect(await appRows.count()).toBe(20)
    expect(listCalls).toEqual([])
    // The page's own styles went with its markup: antd's are the app's now.
    expect(await browserPage.locator('style[data-served]').count()).toBe(0)
    await browserPage.getByRole('columnheader', { name: 'Booking Id' }).click()
    await expect.poll(() => new URL(browserPage.url()).searchParams.get('order')).toBe('bookingId')
    await expect.poll(() => listCalls.length).toBeGreaterThan(0)
  })
})
