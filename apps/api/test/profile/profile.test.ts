import { messages } from '@spaceboard/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailChangeTokens, mailOutbox, users } from '../../src/db/schema/index.ts'
import { hashToken } from '../../src/platform/tokens.ts'
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

const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/profile/email-confirmation', payload: { token } })

const outbox = () => t.database.db.select().from(mailOutbox).orderBy(mailOutbox.id)
const outboxSize = async () => (await outbox()).length

/** The token of the confirmation link in a mail's text. */
function tokenOf(text: string | undefined): string {
  const token = /\/admin\/confirm-email\?token=([\w-]+)/.exec(text ?? '')?.[1]
  if (!token) throw new Error(`no confirmation link in ${text}`)
  return token
}

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
    expect(profile.features.enable_ms_365).toBeUndefined()
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
  it('saves the names at once; a new email changes only when the link mailed to it is followed', async () => {
    const before = await outboxSize()
    const response = await putProfile(
      { first_name: 'Chrissy', last_name: 'Harbourside', email: 'chrissy@harbour.test' },
      cookies.harbourCsr,
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      first_name: 'Chrissy',
      last_name: 'Harbourside',
      email: logins.harbourCsr,
      pending_email: 'chrissy@harbour.test',
      type: 'csr',
      organizationName: 'Harbour Workspaces',
    })
    expect((await getProfile(cookies.harbourCsr)).json()).toMatchObject({
      first_name: 'Chrissy',
      email: logins.harbourCsr,
      pending_email: 'chrissy@harbour.test',
    })
    expect(await userRow(logins.harbourCsr)).toMatchObject({ firstName: 'Chrissy', lastName: 'Harbourside' })
    // A link to the new address, a notice (naming it) to the current one.
    const mails = (await outbox()).slice(before)
    expect(mails.map((m) => m.to).sort()).toEqual(['chrissy@harbour.test', logins.harbourCsr].sort())
    expect(mails.find((m) => m.to === logins.harbourCsr)?.text).toContain('chrissy@harbour.test')
    const token = tokenOf(mails.find((m) => m.to === 'chrissy@harbour.test')?.text)

    const confirmed = await confirm(token)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json()).toEqual({
      message: messages.emailChanged('chrissy@harbour.test'),
      email: 'chrissy@harbour.test',
    })
    expect(await userRow(logins.harbourCsr)).toBeUndefined()
    expect((await getProfile(cookies.harbourCsr)).json()).toMatchObject({
      email: 'chrissy@harbour.test',
      pending_email: null,
    })
    // The new email signs in; the link works once.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { backend: 1, email: 'chrissy@harbour.test', password: DEMO_PASSWORD },
    })
    expect(signIn.statusCode).toBe(200)
    const again = await confirm(token)
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe(messages.emailChangeLinkInvalid)
  })

  it('refuses an expired link, an unknown one, and an older link once a newer change is asked', async () => {
    const ask = async (email: string) => {
      const before = await outboxSize()
      const response = await putProfile(
        { first_name: 'Adam', last_name: 'Summit', email },
        cookies.summitAdmin,
      )
      expect(response.statusCode).toBe(200)
      return tokenOf((await outbox()).slice(before).find((m) => m.to === email)?.text)
    }
    const expired = await ask('adam.one@summit.test')
    await t.database.db
      .update(emailChangeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeTokens.tokenHash, hashToken(expired)))
    const older = await ask('adam.two@summit.test')
    await ask('adam.three@summit.test')
    for (const token of [expired, older, 'not-a-token']) {
      const refused = await confirm(token)
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toEqual({
        message: messages.emailChangeLinkInvalid,
        errors: { token: messages.emailChangeLinkInvalid },
      })
    }
    expect(await userRow(logins.summitAdmin)).toBeDefined()
    expect((await confirm('')).statusCode).toBe(400)
  })

  it('answers an address with an account, in any organization or case, exactly as a free one', async () => {
    const answer = async (email: string) => {
      const response = await putProfile({ first_name: 'Cora', last_name: 'Summit', email }, cookies.summitCsr)
      const { pending_email, ...rest } = response.json()
      return { status: response.statusCode, rest, pending: String(pending_email).toLowerCase() }
    }
    const free = await answer('cora.free@summit.test')
    for (const taken of [logins.harbourAdmin, 'ADMIN@HARBOUR.TEST', logins.summitAdmin]) {
      const other = await answer(taken)
      expect(other.status).toBe(free.status)
      expect(other.rest).toEqual(free.rest)
      expect(other.pending).toBe(taken.toLowerCase())
    }
    expect(await userRow(logins.summitCsr)).toMatchObject({ firstName: 'Cora', lastName: 'Summit' })
  })

  it('a link followed once its address has been taken says so to its holder, and changes nothing', async () => {
    const before = await outboxSize()
    await putProfile(
      { first_name: 'Cora', last_name: 'Summit', email: 'cora.new@summit.test' },
      cookies.summitCsr,
    )
    const token = tokenOf((await outbox()).slice(before).find((m) => m.to === 'cora.new@summit.test')?.text)
    const [org] = await t.database.db.select().from(users).where(eq(users.email, logins.summitCsr))
    await t.database.db.insert(users).values({
      email: 'Cora.New@summit.test',
      type: 'csr',
      organizationId: org?.organizationId,
      firstName: 'Other',
      lastName: 'User',
      passwordHash: 'x',
      deletedAt: new Date(),
    })
    const response = await confirm(token)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      message: messages.emailAlreadyExist,
      errors: { email: messages.emailAlreadyExist },
    })
    expect(await userRow(logins.summitCsr)).toBeDefined()
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
