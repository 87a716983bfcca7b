import { messages } from '@spaceboard/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema/index.ts'
import { createTestApp, DEMO_PASSWORD, logins, type TestApp } from '../helpers.ts'

let t: TestApp
const cookies: Record<keyof typeof logins, string> = {} as never
beforeAll(async () => {
  t = await createTestApp()
  for (const [key, email] of Object.entries(logins)) {
    cookies[key as keyof typeof logins] = await t.signIn(email)
  }
})
afterAll(() => t.close())

const getProfile = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/profile', ...(cookie ? { headers: { cookie } } : {}) })

const putProfile = (payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/profile',
    payload: payload as object,
    ...(cookie ? { headers: { cookie } } : {}),
  })

async function userRow(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email))
  return row
}

describe('GET /api/profile', () => {
  it('answers name, email, role, register date, plan and licensed spaces of an organization user', async () => {
    const response = await getProfile(cookies.harbourAdmin)
    expect(response.statusCode).toBe(200)
    const profile = response.json()
    expect(profile).toMatchObject({
      first_name: 'Hannah',
      last_name: 'Harbour',
      email: logins.harbourAdmin,
      type: 'admin',
      organizationName: 'Harbour Workspaces',
      mh_plan: 'pro',
      licensed_spaces: 25,
      features: { blackout_period: true, recurring_booking: true },
      // The organization's clock (its first location's): "today" where no location applies.
      time_zone: 'Australia/Sydney',
    })
    expect(profile.features.direct_marketing).toBeUndefined()
    expect(profile.organization_id).toEqual(expect.any(Number))
    expect(new Date(profile.createdAt).toISOString()).toBe(profile.createdAt)
    expect(profile).not.toHaveProperty('passwordHash')
    expect(profile).not.toHaveProperty('password_hash')
    expect(JSON.stringify(profile)).not.toContain('argon2')
  })

  it("answers each role's own type and own organization", async () => {
    const csr = (await getProfile(cookies.summitCsr)).json()
    expect(csr).toMatchObject({
      email: logins.summitCsr,
      type: 'csr',
      organizationName: 'Summit Business Centres',
      mh_plan: 'free',
      licensed_spaces: 3,
      time_zone: 'America/Denver',
    })
    const admin = (await getProfile(cookies.summitAdmin)).json()
    expect(admin.organization_id).toBe(csr.organization_id)
    const harbour = (await getProfile(cookies.harbourCsr)).json()
    expect(harbour.organization_id).not.toBe(csr.organization_id)
  })

  it('answers nulls for plan, licensed spaces and organization of a super user', async () => {
    const response = await getProfile(cookies.super)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      email: logins.super,
      type: 'super',
      organization_id: null,
      organizationName: null,
      mh_plan: null,
      licensed_spaces: null,
      features: {},
      time_zone: 'UTC',
    })
  })

  it('answers 401 to an anonymous caller', async () => {
    const response = await getProfile()
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: messages.notSignedIn })
  })
})

describe('PUT /api/profile', () => {
  it('saves first name, last name and email, and the change persists', async () => {
    const response = await putProfile(
      { first_name: 'Chrissy', last_name: 'Harbourside', email: 'chrissy@harbour.test' },
      cookies.harbourCsr,
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      first_name: 'Chrissy',
      last_name: 'Harbourside',
      email: 'chrissy@harbour.test',
      type: 'csr',
      organizationName: 'Harbour Workspaces',
    })
    const again = await getProfile(cookies.harbourCsr)
    expect(again.json()).toMatchObject({ first_name: 'Chrissy', email: 'chrissy@harbour.test' })
    const row = await userRow('chrissy@harbour.test')
    expect(row).toMatchObject({ firstName: 'Chrissy', lastName: 'Harbourside' })
    expect(await userRow(logins.harbourCsr)).toBeUndefined()

    // The new email signs in; the old one no longer does.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { backend: 1, email: 'chrissy@harbour.test', password: DEMO_PASSWORD },
    })
    expect(signIn.statusCode).toBe(200)
  })

  it('trims the values', async () => {
    const response = await putProfile(
      { first_name: '  Adam ', last_name: ' Summit  ', email: ` ${logins.summitAdmin} ` },
      cookies.summitAdmin,
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      first_name: 'Adam',
      last_name: 'Summit',
      email: logins.summitAdmin,
    })
  })

  it('keeps the own email, even typed in another case', async () => {
    const response = await putProfile(
      { first_name: 'Sam', last_name: 'Super', email: 'SUPER@spaceboard.test' },
      cookies.super,
    )
    expect(response.statusCode).toBe(200)
    await putProfile({ first_name: 'Sam', last_name: 'Super', email: logins.super }, cookies.super)
  })

  it.each([
    ['first_name', { first_name: '', last_name: 'Summit', email: logins.summitCsr }],
    ['first_name', { first_name: '   ', last_name: 'Summit', email: logins.summitCsr }],
    ['last_name', { first_name: 'Cora', last_name: '', email: logins.summitCsr }],
    ['email', { first_name: 'Cora', last_name: 'Summit', email: '' }],
  ])('requires %s with "Please fill out this field"', async (field, payload) => {
    const response = await putProfile(payload, cookies.summitCsr)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[field]).toBe('Please fill out this field')
    expect(response.json().errors[field]).toBe(messages.fieldRequired)
  })

  it('reports every missing field at once', async () => {
    const response = await putProfile({ first_name: '', last_name: '', email: '' }, cookies.summitCsr)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: messages.fieldRequired,
      errors: {
        first_name: messages.fieldRequired,
        last_name: messages.fieldRequired,
        email: messages.fieldRequired,
      },
    })
  })

  it.each(['not-an-email', 'cora@', '@summit.test', 'cora summit@summit.test'])(
    'refuses the email %j with "Please enter valid email."',
    async (email) => {
      const response = await putProfile({ first_name: 'Cora', last_name: 'Summit', email }, cookies.summitCsr)
      expect(response.statusCode).toBe(400)
      expect(response.json().errors.email).toBe('Please enter valid email.')
    },
  )

  it("refuses another user's email, in any case, with 'Email already exist' and changes nothing", async () => {
    for (const email of [logins.harbourAdmin, 'ADMIN@HARBOUR.TEST']) {
      const response = await putProfile({ first_name: 'Cora', last_name: 'Summit', email }, cookies.summitCsr)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        message: 'Email already exist',
        errors: { email: 'Email already exist' },
      })
    }
    expect(await userRow(logins.summitCsr)).toMatchObject({ firstName: 'Cora', lastName: 'Summit' })
  })

  it("refuses an archived user's email too (the address stays unique)", async () => {
    const [org] = await t.database.db.select().from(users).where(eq(users.email, logins.summitCsr))
    await t.database.db.insert(users).values({
      email: 'archived@summit.test',
      type: 'csr',
      organizationId: org?.organizationId,
      firstName: 'Old',
      lastName: 'User',
      passwordHash: 'x',
      deletedAt: new Date(),
    })
    const response = await putProfile(
      { first_name: 'Cora', last_name: 'Summit', email: 'archived@summit.test' },
      cookies.summitCsr,
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.email).toBe(messages.emailAlreadyExist)
  })

  it('refuses fields other than the three of the form (type, organization, password)', async () => {
    for (const extra of [{ type: 'super' }, { organization_id: 1 }, { password: 'x' }]) {
      const response = await putProfile(
        { first_name: 'Cora', last_name: 'Summit', email: logins.summitCsr, ...extra },
        cookies.summitCsr,
      )
      expect(response.statusCode).toBe(400)
      const [field] = Object.keys(extra)
      expect(response.json().errors[field ?? '']).toBe(messages.unknownField(field ?? ''))
    }
    expect(await userRow(logins.summitCsr)).toMatchObject({ type: 'csr' })
  })

  it('answers 401 to an anonymous caller and writes nothing', async () => {
    const response = await putProfile({ first_name: 'X', last_name: 'Y', email: 'x@y.test' })
    expect(response.statusCode).toBe(401)
    expect(await userRow('x@y.test')).toBeUndefined()
  })
})
