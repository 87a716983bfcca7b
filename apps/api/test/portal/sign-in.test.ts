import { messages, permissionRefusal } from '@spaceboard/domain'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients, users } from '../../src/db/schema/index.ts'
import { createTestApp, DEMO_PASSWORD, logins, portalLogins, type TestApp } from '../helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const portalLogin = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/portal/login', payload: payload as object })

const backOfficeLogin = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { backend: 1, email, password } })

const me = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/portal/me', ...(cookie ? { headers: { cookie } } : {}) })

describe('POST /api/portal/login', () => {
  it("signs a basic user in and answers the portal's profile", async () => {
    const response = await portalLogin({ email: portalLogins.harbourBasic, password: DEMO_PASSWORD })
    expect(response.statusCode).toBe(200)
    expect(response.cookies.find((c) => c.name === 'sb_session')?.httpOnly).toBe(true)
    const profile = response.json()
    expect(profile).toMatchObject({
      first_name: 'Alice',
      last_name: 'Nguyen',
      email: portalLogins.harbourBasic,
      client: { name: 'Acme Consulting', send_confirmation_only: false },
      organization: {
        name: 'Harbour Workspaces',
        basic_user_cancel: true,
        recurring_booking: true,
        user_screen_booking: true,
      },
    })
    expect(Object.keys(profile.organization).sort()).toEqual([
      'basic_user_cancel',
      'id',
      'name',
      'recurring_booking',
      'user_export_ics',
      'user_screen_booking',
      'user_weekend_bookings',
    ])
    expect(Object.keys(profile.client).sort()).toEqual([
      'access_to_private_room',
      'id',
      'name',
      'send_confirmation_only',
    ])
  })

  it('refuses staff as a wrong password is', async () => {
    for (const email of [logins.super, logins.harbourAdmin, logins.harbourCsr]) {
      const response = await portalLogin({ email, password: DEMO_PASSWORD })
      expect(response.statusCode, email).toBe(401)
      expect(response.json()).toEqual({ message: messages.invalidCredentials })
    }
    const wrong = await portalLogin({ email: portalLogins.summitBasic, password: 'wrong' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ message: messages.invalidCredentials })
  })

  it('keeps the back office closed to basic users', async () => {
    const response = await backOfficeLogin(portalLogins.harbourBasic, DEMO_PASSWORD)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: messages.invalidCredentials })
  })

  it('refuses a basic user whose client is archived', async () => {
    const [client] = await t.database.db
      .insert(clients)
      .values({
        organizationId: await organizationOf(portalLogins.harbourBasic),
        name: 'Archived Portal Client',
      })
      .returning({ id: clients.id, organizationId: clients.organizationId })
    if (!client) throw new Error('no client')
    const email = 'archived-client@portal.test'
    await t.database.db.insert(users).values({
      organizationId: client.organizationId,
      clientId: client.id,
      type: 'basic',
      firstName: 'Ari',
      lastName: 'Chive',
      email,
      passwordHash: (await passwordHashOf(portalLogins.harbourBasic)) ?? '',
    })
    expect((await portalLogin({ email, password: DEMO_PASSWORD })).statusCode).toBe(200)
    await t.database.db.update(clients).set({ deletedAt: new Date() }).where(eq(clients.id, client.id))
    const refused = await portalLogin({ email, password: DEMO_PASSWORD })
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toEqual({ message: messages.invalidCredentials })
  })

  it('shares the lockout with the back office: failures at either door count for both', async () => {
    // A demo basic user no other test of this file signs in with wrongly.
    const email = 'carlos@coraltech.test'
    for (let i = 0; i < 3; i++) expect((await portalLogin({ email, password: 'bad' })).statusCode).toBe(401)
    for (let i = 0; i < 2; i++) expect((await backOfficeLogin(email, 'bad')).statusCode).toBe(401)
    const blocked = await portalLogin({ email, password: DEMO_PASSWORD })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({ message: messages.signInRateLimited })
  })
})

describe('a portal session', () => {
  it('is refused by back-office routes', async () => {
    const cookie = await t.portalSignIn(portalLogins.harbourBasic)
    const bookings = await t.api(cookie, 'GET', '/api/userbooking')
    expect(bookings.statusCode).toBe(403)
    expect(bookings.json()).toEqual({ message: permissionRefusal('bookings.read') })
    const profile = await t.api(cookie, 'GET', '/api/profile')
    expect(profile.statusCode).toBe(403)
    // `signed-in` routes are the staff's too.
    const preference = await t.api(cookie, 'GET', '/api/preference/bookings')
    expect(preference.statusCode).toBe(403)
    expect(preference.json()).toEqual({ message: permissionRefusal('admin.access') })
  })

  it('opens GET /api/portal/me, which a staff session and no session cannot', async () => {
    const cookie = await t.portalSignIn(portalLogins.harbourBasic)
    const mine = await me(cookie)
    expect(mine.statusCode).toBe(200)
    expect(mine.json().email).toBe(portalLogins.harbourBasic)
    const anonymous = await me()
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toEqual({ message: messages.notSignedIn })
    const staff = await me(await t.signIn(logins.harbourAdmin))
    expect(staff.statusCode).toBe(403)
    expect(staff.json()).toEqual({ message: permissionRefusal('portal.access') })
  })

  it('ends on sign-out', async () => {
    const cookie = await t.portalSignIn(portalLogins.harbourBasic)
    expect((await t.api(cookie, 'POST', '/api/logout')).statusCode).toBe(204)
    expect((await me(cookie)).statusCode).toBe(401)
  })
})

async function organizationOf(email: string) {
  const [row] = await t.database.db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
  if (!row?.organizationId) throw new Error(`no organization for ${email}`)
  return row.organizationId
}

async function passwordHashOf(email: string) {
  const [row] = await t.database.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
  return row?.hash
}
