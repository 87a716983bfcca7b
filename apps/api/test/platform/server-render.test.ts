import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

/**
 * The server render's API side (platform/server-render.ts), with a stand-in for the web build's
 * render (dist-ssr/ssr.js; the real one is tested in the browser suite, e2e/server-render.test.ts):
 * its calls answered with the page's session, the page put together without letting its content
 * out of its elements, and every failure or wait sending the plain app.
 */
const standIn = `
export async function renderPage(url, call) {
  const mode = new URL(url, 'http://page').searchParams.get('mode')
  if (mode === 'hang') return new Promise(() => {})
  if (mode === 'throw') throw new Error('a broken render')
  if (mode === 'none') return null
  if (mode === 'write') return (await call('/api/logout', { method: 'POST', headers: {} })).status
  const answer = await call('/api/profile', { headers: { accept: 'application/json' } })
  if (!answer.ok) return null
  const profile = await answer.json()
  return {
    html: '<p>' + profile.email + ' $& $1 $\\'</p>',
    styles: 'p{color:red}</style><script>alert(1)</script>',
    state: JSON.stringify({ email: profile.email, text: '</script><script>alert(1)</script>' }),
  }
}
`

let t: TestApp
let root: string
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'spaceboard-ssr-'))
  mkdirSync(path.join(root, 'dist'))
  mkdirSync(path.join(root, 'dist-ssr'))
  writeFileSync(
    path.join(root, 'dist', 'index.html'),
    '<!doctype html><html><head><title>Spaceboard</title></head><body><div id="root"></div></body></html>',
  )
  writeFileSync(path.join(root, 'dist-ssr', 'ssr.js'), standIn)
  t = await createTestApp({ webDir: path.join(root, 'dist') })
  await renderThreadUp()
})

/**
 * The render thread starts with the app, and a page waits for it within the render's budget: on a
 * busy machine its start can take longer, and the first pages then go out plain, as they should.
 * The tests start once a page comes rendered.
 */
async function renderThreadUp() {
  const cookie = await t.signIn(logins.harbourAdmin)
  const until = Date.now() + 30_000
  while ((await get('/admin/book/list', cookie)).headers['cache-control'] !== 'private, no-store') {
    if (Date.now() > until) throw new Error('no page came rendered in 30 s')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
afterAll(async () => {
  await t.close()
  rmSync(root, { recursive: true, force: true })
})

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

describe('the server render of a page', () => {
  it('renders with the page request’s session and keeps the content inside its elements', async () => {
    const cookie = await t.signIn(logins.harbourAdmin)
    const page = await get('/admin/book/list', cookie)
    expect(page.statusCode).toBe(200)
    expect(page.headers['cache-control']).toBe('private, no-store')
    expect(page.headers['content-type']).toContain('text/html')
    // `$&`, `$1`, `$'` are text, not replacement patterns.
    expect(page.body).toContain(
      `<div id="root"><div data-served inert><p>${logins.harbourAdmin} $& $1 $'</p></div></div>`,
    )
    // Neither the styles nor the answers can end their element.
    expect(page.body).toContain(
      '<style data-served>p{color:red}<\\/style><script>alert(1)<\\/script></style>',
    )
    const state = page.body.match(/<script type="application\/json" id="served-state">(.*?)<\/script>/)?.[1]
    expect(state).not.toContain('<')
    expect(JSON.parse(state ?? '')).toEqual({
      email: logins.harbourAdmin,
      text: '</script><script>alert(1)</script>',
    })

    // Another person's session, another person's page.
    const summit = await get('/admin/book/list', await t.signIn(logins.summitAdmin))
    expect(summit.body).toContain(`<p>${logins.summitAdmin} `)
    expect(summit.body).not.toContain(logins.harbourAdmin)
  })

  it('sends the plain app without a session, when the render declines, fails, writes or waits too long', async () => {
    const cookie = await t.signIn(logins.harbourAdmin)
    const cases: Array<[string, string | undefined]> = [
      ['/admin/book/list', undefined],
      ['/admin/book/list', 'sb_session=not-a-session'],
      ['/admin/book/list?mode=none', cookie],
      ['/admin/book/list?mode=throw', cookie],
      ['/admin/book/list?mode=write', cookie],
      ['/admin/book/list?mode=hang', cookie],
    ]
    for (const [url, withCookie] of cases) {
      const page = await get(url, withCookie)
      expect(page.statusCode, url).toBe(200)
      expect(page.headers['cache-control'], url).toBe('no-cache')
      expect(page.body, url).toContain('<div id="root"></div>')
      expect(page.body, url).not.toContain('data-served')
    }
    // The render's calls only read: the session it was asked to sign out is still signed in.
    expect((await t.api(cookie, 'GET', '/api/profile')).statusCode).toBe(200)
  })
})
