import { messages } from '@spaceboard/domain'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { organizations, sessions, users } from '../../src/db/schema/index.ts'
import { hashPassword } from '../../src/platform/passwords.ts'
import { createTestApp, DEMO_PASSWORD, logins, type TestApp } from '../helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const login = (email: string, password = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { backend: 1, email, password } })

const profileWith = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })

async function organizationId(name: string) {
  const [row] = await t.database.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, name))
  if (!row) throw new Error(`no organization ${name}`)
  return row.id
}

describe('sessions', () => {
  it('answers 401 with "Please sign in." without a cookie and with a session-expired message for a dead one', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/profile' })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toEqual({ message: messages.notSignedIn })
    const forged = await profileWith('sb_session=forged-token')
    expect(forged.statusCode).toBe(401)
    expect(forged.json()).toEqual({ message: messages.sessionExpired })
    const oversized = await profileWith(`sb_session=${'x'.repeat(500)}`)
    expect(oversized.statusCode).toBe(401)
  })

  it('refuses an expired session row', async () => {
    const cookie = await t.signIn(logins.summitCsr)
    const [user] = await t.database.db.select().from(users).where(eq(users.email, logins.summitCsr))
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user?.id ?? 0))
    const response = await profileWith(cookie)
    expect(response.statusCode).toBe(401)
    expect(response.json().message).toBe(messages.sessionExpired)
  })

  it('stops the session of an archived user at once, and the user cannot sign in', async () => {
    const cookie = await t.signIn(logins.harbourCsr)
    expect((await profileWith(cookie)).statusCode).toBe(200)
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, logins.harbourCsr))

    const after = await profileWith(cookie)
    expect(after.statusCode).toBe(401)
    const countries = await t.app.inject({ method: 'GET', url: '/api/country', headers: { cookie } })
    expect(countries.statusCode).toBe(401)
    const signIn = await login(logins.harbourCsr)
    expect(signIn.statusCode).toBe(401)
    expect(signIn.json()).toEqual({ message: messages.invalidCredentials })
  })

  it('refuses sign-in to a user of an archived organization and ends their sessions', async () => {
    const orgId = await organizationId('Summit Business Centres')
    const cookie = await t.signIn(logins.summitAdmin)
    await t.database.db
      .update(organizations)
      .set({ deletedAt: new Date() })
      .where(eq(organizations.id, orgId))
    try {
      expect((await profileWith(cookie)).statusCode).toBe(401)
      const signIn = await login(logins.summitAdmin)
      expect(signIn.statusCode).toBe(401)
      expect(signIn.json()).toEqual({ message: messages.invalidCredentials })
      // The super user belongs to no organization and is unaffected.
      expect((await login(logins.super)).statusCode).toBe(200)
    } finally {
      await t.database.db.update(organizations).set({ deletedAt: null }).where(eq(organizations.id, orgId))
    }
    expect((await login(logins.summitAdmin)).statusCode).toBe(200)
  })

  it('refuses a basic user at the back office, even with the right password', async () => {
    const [basic] = await t.database.db
      .insert(users)
      .values({
        email: 'basic@harbour.test',
        type: 'basic',
        organizationId: await organizationId('Harbour Workspaces'),
        firstName: 'Bea',
        lastName: 'Basic',
        passwordHash: await hashPassword(DEMO_PASSWORD),
      })
      .returning({ id: users.id })
    const response = await login('basic@harbour.test')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: messages.invalidCredentials })
    expect(response.cookies.find((c) => c.name === 'sb_session')).toBeUndefined()
    const [row] = await t.database.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, basic?.id ?? 0))
    expect(row?.n).toBe(0)
  })

  it('signs in case-insensitively by email', async () => {
    const response = await login('ADMIN@Harbour.TEST')
    expect(response.statusCode).toBe(200)
    expect(response.json().email).toBe(logins.harbourAdmin)
  })

  it('stores only the hash of the session token', async () => {
    const cookie = await t.signIn(logins.harbourAdmin)
    const token = cookie.replace('sb_session=', '')
    const rows = await t.database.db.select({ id: sessions.id }).from(sessions)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.some((r) => r.id === token)).toBe(false)
  })
})
