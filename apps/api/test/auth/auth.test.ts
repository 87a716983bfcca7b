import { messages } from '@spaceboard/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema/index.ts'
import { createTestApp, DEMO_PASSWORD, logins, type TestApp } from '../helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: payload as object, headers })

describe('sign in', () => {
  it('answers the profile and sets an httpOnly SameSite session cookie', async () => {
    const response = await login({ backend: 1, email: logins.harbourAdmin, password: DEMO_PASSWORD })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      email: logins.harbourAdmin,
      type: 'admin',
      organizationName: 'Harbour Workspaces',
    })
    const cookie = response.cookies.find((c) => c.name === 'sb_session')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' })
  })

  it('refuses a wrong password with the spec message', async () => {
    const response = await login({ backend: 1, email: logins.harbourAdmin, password: 'wrong' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: messages.invalidCredentials })
  })

  it('refuses an unknown account with the same message', async () => {
    const response = await login({ backend: 1, email: 'nobody@example.com', password: 'whatever' })
    expect(response.statusCode).toBe(401)
    expect(response.json().message).toBe(messages.invalidCredentials)
  })

  it('checks the email format with the example message', async () => {
    const response = await login({ backend: 1, email: 'not-an-email', password: 'x' })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.email).toBe('Invalid email format. Ex: jane.doe@example.com')
  })

  it('refuses unknown fields and malformed JSON without a 500', async () => {
    const unknown = await login({ backend: 1, email: logins.super, password: 'x', admin: true })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors.admin).toBe(messages.unknownField('admin'))
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().message).toBe(messages.malformedJson)
  })

  it('rotates the session at sign-in: the old cookie stops working', async () => {
    const first = await t.signIn(logins.harbourCsr)
    const again = await login(
      { backend: 1, email: logins.harbourCsr, password: DEMO_PASSWORD },
      { cookie: first },
    )
    expect(again.statusCode).toBe(200)
    const old = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: first } })
    expect(old.statusCode).toBe(401)
    expect(old.json().message).toBe(messages.sessionExpired)
  })

  it('signs out and revokes the session row', async () => {
    const cookie = await t.signIn(logins.summitCsr)
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })
    expect(out.statusCode).toBe(204)
    const after = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })
    expect(after.statusCode).toBe(401)
  })

  it('records the last login time', async () => {
    const cookie = await t.signIn(logins.summitAdmin)
    const [row] = await t.database.db
      .select({ lastLogin: users.lastLogin })
      .from(users)
      .where(eq(users.email, logins.summitAdmin))
    expect(row?.lastLogin).toBeInstanceOf(Date)
    expect(cookie).toMatch(/^sb_session=/)
  })
})

describe('sign-in rate limit', () => {
  it('answers 429 with a clear message after 5 failures for one account, even with the right password', async () => {
    const email = logins.summitCsr
    for (let i = 0; i < 5; i++) {
      expect((await login({ backend: 1, email, password: 'bad' })).statusCode).toBe(401)
    }
    const blocked = await login({ backend: 1, email, password: DEMO_PASSWORD })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().message).toBe(messages.signInRateLimited)
  })
})
