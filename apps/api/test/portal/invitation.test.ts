import { messages } from '@spaceboard/domain'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients, mailOutbox, passwordResetTokens, users } from '../../src/db/schema/index.ts'
import { hashToken } from '../../src/platform/tokens.ts'
import { createTestApp, DEMO_PASSWORD, logins, portalLogins, type TestApp, testConfig } from '../helpers.ts'

const NEW_PASSWORD = 'N3w-Passw0rd!'
const tokenInLink = /\/book\/set-password\/([A-Za-z0-9_-]+)/

let t: TestApp
let adminCookie: string
beforeAll(async () => {
  t = await createTestApp()
  adminCookie = await t.signIn(logins.harbourAdmin)
})
afterAll(() => t.close())

const outbox = () => t.database.db.select().from(mailOutbox).orderBy(mailOutbox.id)

async function userId(email: string) {
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
  if (!row) throw new Error(`no user ${email}`)
  return row.id
}

const invite = async (cookie: string, email: string) =>
  t.api(cookie, 'POST', `/api/user/${await userId(email)}/invitation`)

const setPassword = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/portal/set-password', payload: payload as object })

/** Invites `email` as `cookie` and returns the raw token of the invitation mail. */
async function invitationToken(cookie: string, email: string) {
  const before = (await outbox()).length
  const response = await invite(cookie, email)
  expect(response.statusCode).toBe(200)
  expect(response.json()).toEqual({ message: messages.invitationSent(email) })
  const mails = await outbox()
  expect(mails).toHaveLength(before + 1)
  expect(mails.at(-1)?.to).toBe(email)
  expect(mails.at(-1)?.text).toContain(`${testConfig().publicUrl}/book/set-password/`)
  const token = tokenInLink.exec(mails.at(-1)?.text ?? '')?.[1]
  if (!token) throw new Error('no set-password link in the mail')
  return token
}

describe('POST /api/user/:id/invitation', () => {
  it('mails a basic user a set-password link valid 7 days; a csr may invite too', async () => {
    const token = await invitationToken(adminCookie, 'arjun@acme.test')
    const [row] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
    expect(row?.purpose).toBe('invitation')
    const days = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 86_400_000
    expect(days).toBeCloseTo(7, 2)
    await invitationToken(await t.signIn(logins.harbourCsr), 'bella@blueocean.test')
  })

  it("answers 404 for another organization's user", async () => {
    const response = await invite(adminCookie, portalLogins.summitBasic)
    expect(response.statusCode).toBe(404)
  })

  it('refuses staff, an archived user and a user without a client, with a clear message', async () => {
    const staff = await invite(adminCookie, logins.harbourCsr)
    expect(staff.statusCode).toBe(400)
    expect(staff.json().message).toBe(messages.invitationBasicOnly)

    const archivedEmail = 'carlos@coraltech.test'
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, archivedEmail))
    const archived = await invite(adminCookie, archivedEmail)
    expect(archived.statusCode).toBe(400)
    expect(archived.json().message).toBe(messages.invitationUserArchived)

    const [harbourUser] = await t.database.db
      .select({ organizationId: users.organizationId, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, portalLogins.harbourBasic))
    const noClientEmail = 'no-client@portal.test'
    await t.database.db.insert(users).values({
      organizationId: harbourUser?.organizationId ?? null,
      type: 'basic',
      firstName: 'Nora',
      lastName: 'Client',
      email: noClientEmail,
      passwordHash: harbourUser?.passwordHash ?? '',
    })
    const noClient = await invite(adminCookie, noClientEmail)
    expect(noClient.statusCode).toBe(400)
    expect(noClient.json().message).toBe(messages.invitationNoClient)
  })

  it('is refused to a basic session and to anonymous callers', async () => {
    const basic = await t.portalSignIn(portalLogins.harbourBasic)
    expect((await invite(basic, portalLogins.harbourBasic)).statusCode).toBe(403)
    expect((await invite('', portalLogins.harbourBasic)).statusCode).toBe(401)
  })
})

describe('POST /api/portal/set-password', () => {
  it("applies the staff's password policy, then sets the password, signs in and works once", async () => {
    const email = 'alice@acme.test'
    const old = await t.portalSignIn(email)
    const token = await invitationToken(adminCookie, email)
    const weak = await setPassword({ token, password: 'short', confirm_password: 'short' })
    expect(weak.statusCode).toBe(400)
    const mismatch = await setPassword({
      token,
      password: NEW_PASSWORD,
      confirm_password: `${NEW_PASSWORD}x`,
    })
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json().errors?.confirm_password).toBe(messages.confirmPasswordMismatch)

    const response = await setPassword({ token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })
    expect(response.statusCode).toBe(200)
    expect(response.json().email).toBe(email)
    const cookie = response.cookies.find((c) => c.name === 'sb_session')
    expect((await t.api(`sb_session=${cookie?.value}`, 'GET', '/api/portal/me')).statusCode).toBe(200)
    // The user's other sessions end with the new password.
    expect((await t.api(old, 'GET', '/api/portal/me')).statusCode).toBe(401)
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/portal/login',
          payload: { email, password: DEMO_PASSWORD },
        })
      ).statusCode,
    ).toBe(401)
    await t.portalSignIn(email, NEW_PASSWORD)

    const again = await setPassword({ token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe(messages.invitationInvalid)
  })

  it('refuses an expired invitation and one whose client was archived since', async () => {
    const email = 'bella@blueocean.test'
    const expiredToken = await invitationToken(adminCookie, email)
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.tokenHash, hashToken(expiredToken)))
    const expired = await setPassword({
      token: expiredToken,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(expired.statusCode).toBe(400)
    expect(expired.json().message).toBe(messages.invitationInvalid)

    const token = await invitationToken(adminCookie, email)
    await t.database.db
      .update(clients)
      .set({ deletedAt: new Date() })
      .where(eq(clients.name, 'Blue Ocean Legal'))
    const archived = await setPassword({ token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })
    expect(archived.statusCode).toBe(400)
    expect(archived.json().message).toBe(messages.invitationInvalid)
  })

  it('does not take a sign-in link or a reset link as an invitation', async () => {
    const email = 'arjun@acme.test'
    const id = await userId(email)
    await t.database.db.insert(passwordResetTokens).values({
      tokenHash: hashToken('a-sign-in-link'),
      userId: id,
      purpose: 'sign-in',
      expiresAt: new Date(Date.now() + 60_000),
    })
    const response = await setPassword({
      token: 'a-sign-in-link',
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe(messages.invitationInvalid)
  })
})
