import { messages } from '@spaceboard/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { multipartForm, pngImage } from '../upload.ts'

// Issue 15 item 24: CSRF rested on SameSite alone; a foreign Origin / Sec-Fetch-Site is refused.

let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn(logins.harbourAdmin)
})
afterAll(() => t.close())

const profileBody = { first_name: 'Harbour', last_name: 'Admin', email: logins.harbourAdmin }

function putProfile(headers: Record<string, string>) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: { cookie, host: 'localhost:3000', ...headers },
    payload: profileBody,
  })
}

describe('state-changing requests from another site', () => {
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['Origin: null from another site', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    [
      'a same-origin Sec-Fetch-Site with a foreign Origin',
      { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
    ],
  ])('are refused with 403 (%s)', async (_label, headers) => {
    const response = await putProfile(headers)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ message: messages.crossSiteRequest })
  })

  it('are refused on a multipart upload too, before the file is read', async () => {
    const { body, contentType } = multipartForm([
      { name: 'a.png', body: await pngImage(), type: 'image/png' },
    ])
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/organization/logo',
      headers: {
        cookie,
        'content-type': contentType,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      payload: body,
    })
    expect(response.statusCode).toBe(403)
    expect(response.json().message).toBe(messages.crossSiteRequest)
  })

  it('refuses sign-in and logout from another site as well (login CSRF)', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://evil.example' },
      payload: { backend: 1, email: logins.harbourAdmin, password: 'x' },
    })
    expect(login.statusCode).toBe(403)
  })

  it("lets the app's own native form through: Origin null (Referrer-Policy no-referrer) from the same origin", async () => {
    const response = await putProfile({ origin: 'null', 'sec-fetch-site': 'same-origin' })
    expect(response.statusCode).toBe(200)
  })

  it('lets a cross-site GET through (it changes nothing)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(response.statusCode).toBe(200)
  })
})

describe('state-changing requests from the app itself', () => {
  it.each([
    ['the public origin', { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }],
    ['the origin the request was addressed to (dev proxy)', { origin: 'http://localhost:3000' }],
    ['no Origin nor Sec-Fetch-Site (not a browser)', {}],
    ['Sec-Fetch-Site: none (typed by the person)', { 'sec-fetch-site': 'none' }],
  ])('are accepted (%s)', async (_label, headers) => {
    const response = await putProfile(headers)
    expect(response.statusCode).toBe(200)
  })
})

describe('HSTS', () => {
  it('is not sent when PUBLIC_URL is http', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })

  it('is sent when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ publicUrl: 'https://spaceboard.example' })
    try {
      const response = await https.app.inject({ method: 'GET', url: '/api/health' })
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/)
    } finally {
      await https.close()
    }
  })
})
