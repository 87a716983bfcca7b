import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { messages } from '@spaceboard/domain'
import { EMAIL_EXAMPLE, SIGN_IN_FAILURE_COOKIE } from '@spaceboard/domain/auth/rules'
import { SERVED_SIGN_IN_PAGE } from '@spaceboard/domain/served-page'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, DEMO_PASSWORD, logins, type TestApp } from '../helpers.ts'

/**
 * The sign-in page's native form (issue 14): the page comes with the form as markup, which works
 * before its script has run, posting to POST /admin/login; answered as a browser's form is, with a
 * redirect. (Hydrating it, and typing before the script, are the browser suite's: e2e/sign-in.test.ts.)
 */
let t: TestApp
let webDir: string
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'spaceboard-sign-in-page-'))
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>')
  writeFileSync(
    path.join(webDir, SERVED_SIGN_IN_PAGE),
    '<!doctype html><div id="root"><form method="post"></form></div>',
  )
  t = await createTestApp({ webDir })
})
afterAll(async () => {
  await t.close()
  rmSync(webDir, { recursive: true, force: true })
})

/** The form as a browser sends it from the page itself (Origin null: the app's Referrer-Policy is no-referrer). */
const post = (fields: Record<string, string>, query = '', headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/admin/login${query}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'null',
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  })

function failureOf(response: Awaited<ReturnType<typeof post>>) {
  const cookie = response.cookies.find((c) => c.name === SIGN_IN_FAILURE_COOKIE)
  return cookie && { cookie, failure: JSON.parse(decodeURIComponent(cookie.value)) }
}

describe('the sign-in page', () => {
  it('is sent with its form as markup, and the other screens with the empty page', async () => {
    for (const url of ['/admin/login', '/admin/login/', '/admin/login?redirect=/admin/book/list']) {
      const page = await t.app.inject({ method: 'GET', url })
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain('<form method="post">')
      expect(page.headers['cache-control']).toBe('no-cache')
    }
    const other = await t.app.inject({ method: 'GET', url: '/admin/forgot-password' })
    expect(other.body).toBe('<!doctype html><div id="root"></div>')
  })
})

describe('POST /admin/login (the native form)', () => {
  it('signs in and goes on to the page’s redirect, with the same session cookie as the API’s sign-in', async () => {
    const response = await post(
      { email: ` ${logins.harbourAdmin} `, password: DEMO_PASSWORD },
      `?redirect=${encodeURIComponent('/admin/book/list?page=2')}`,
    )
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/admin/book/list?page=2')
    const session = response.cookies.find((c) => c.name === 'sb_session')
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' })
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { cookie: `sb_session=${session?.value}` },
    })
    expect(profile.json().email).toBe(logins.harbourAdmin)
  })

  it.each([
    ['none', ''],
    ['another site', '?redirect=https%3A%2F%2Fevil.example%2F'],
    ['a protocol-relative one', '?redirect=%2F%2Fevil.example'],
    ['the sign-in page itself', '?redirect=%2Fadmin%2Flogin'],
    ['one a Location cannot carry', '?redirect=%2Fadmin%0D%0ASet-Cookie%3A%20x%3D1'],
    ['over 2,000 characters', `?redirect=%2Fadmin%2Fbook%2Flist%3Fsearch%3D${'x'.repeat(2000)}`],
  ])('goes on to the profile when the redirect is %s', async (_label, query) => {
    const response = await post({ email: logins.harbourAdmin, password: DEMO_PASSWORD }, query)
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/admin/profile/show')
    expect(response.headers['set-cookie']).not.toContain('x=1')
  })

  it('sends a refusal back to the page with the spec’s message and the e-mail, keeping the redirect', async () => {
    const response = await post(
      { email: logins.harbourAdmin, password: 'wrong' },
      '?redirect=%2Fadmin%2Fbook%2Flist',
    )
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/admin/login?redirect=%2Fadmin%2Fbook%2Flist')
    // A redirect the page would not follow is not sent back to it.
    const offSite = await post(
      { email: logins.harbourAdmin, password: 'wrong' },
      '?redirect=%2F%2Fevil.example',
    )
    expect(offSite.headers.location).toBe('/admin/login')
    expect(response.cookies.find((c) => c.name === 'sb_session')).toBeUndefined()
    const { cookie, failure } = failureOf(response) ?? {}
    expect(failure).toEqual({ message: messages.invalidCredentials, email: logins.harbourAdmin })
    expect(cookie).toMatchObject({ path: '/admin/login', maxAge: 60, sameSite: 'Strict' })
    expect(cookie?.httpOnly).toBeFalsy()
  })

  it.each([
    ['a malformed e-mail', { email: 'jane', password: 'x' }, messages.invalidEmailExample(EMAIL_EXAMPLE)],
    ['no password', { email: logins.harbourAdmin, password: '' }, messages.passwordRequired],
    ['no fields at all', {}, messages.invalidEmailExample(EMAIL_EXAMPLE)],
  ])('answers %s with its message, never a 500', async (_label, fields, message) => {
    const response = await post(fields)
    expect(response.statusCode).toBe(303)
    expect(failureOf(response)?.failure.message).toBe(message)
  })

  it('keeps at most 255 characters of the e-mail in the cookie', async () => {
    const response = await post({ email: 'x'.repeat(3000), password: 'x' })
    expect(failureOf(response)?.failure.email).toHaveLength(255)
  })

  it('counts toward the same lockout as the API’s sign-in, and says so', async () => {
    for (let i = 0; i < 5; i++) await post({ email: logins.summitCsr, password: 'bad' })
    const blocked = await post({ email: logins.summitCsr, password: DEMO_PASSWORD })
    expect(blocked.statusCode).toBe(303)
    expect(failureOf(blocked)?.failure.message).toBe(messages.signInRateLimited)
    expect(blocked.cookies.find((c) => c.name === 'sb_session')).toBeUndefined()
  })

  it('refuses a form sent from another site (login CSRF), and a body over 4 KB', async () => {
    const fields = { email: logins.harbourAdmin, password: DEMO_PASSWORD }
    for (const headers of [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
    ]) {
      const response = await post(fields, '', headers)
      expect(response.statusCode).toBe(403)
      expect(response.json().message).toBe(messages.crossSiteRequest)
    }
    const large = await post({ ...fields, filler: 'x'.repeat(5000) })
    expect(large.statusCode).toBe(400)
    expect(large.json().message).toBe('The request body is too large.')
  })

  it('takes form bodies on this route only', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: logins.harbourAdmin, password: DEMO_PASSWORD }).toString(),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe('Send the request body as application/json.')
  })
})
