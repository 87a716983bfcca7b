import { messages } from '@spaceboard/domain'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, passwordResetTokens, users } from '../../src/db/schema/index.ts'
import { hashToken } from '../../src/platform/tokens.ts'
import { createTestApp, logins, portalLogins, type TestApp, testConfig } from '../helpers.ts'

const tokenInLink = /\/book\/sign-in\/([A-Za-z0-9_-]+)/

// sign-in-link and its redeem allow 20 calls a minute per IP: this file's app stays below that.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** Asks for a link and waits for the work the answer does not wait for (lookup, token, mail). */
async function askForLink(email: string) {
  const response = await t.app.inject({ method: 'POST', url: '/api/portal/sign-in-link', payload: { email } })
  await t.background.idle()
  return response
}

const redeem = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/portal/sign-in-link/redeem', payload: { token } })

const outbox = () => t.database.db.select().from(mailOutbox).orderBy(mailOutbox.id)

/** Asks for a link for `email` and returns the raw token of the mail that landed in the outbox. */
async function requestToken(email: string) {
  const before = (await outbox()).length
  expect((await askForLink(email)).json()).toEqual({ message: messages.signInLinkSent })
  const mails = await outbox()
  expect(mails).toHaveLength(before + 1)
  const mail = mails.at(-1)
  expect(mail?.to).toBe(email)
  expect(mail?.text).toContain(`${testConfig().publicUrl}/book/sign-in/`)
  const token = tokenInLink.exec(mail?.text ?? '')?.[1]
  if (!token) throw new Error('no sign-in link in the mail')
  return token
}

describe('POST /api/portal/sign-in-link', () => {
  it('answers the same for a basic user, a staff member and an unknown address, and mails only the basic user', async () => {
    const before = (await outbox()).length
    for (const email of [logins.harbourAdmin, 'nobody@nowhere.test']) {
      const response = await askForLink(email)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ message: messages.signInLinkSent })
    }
    expect(await outbox()).toHaveLength(before)
    await requestToken(portalLogins.harbourBasic)
  })

  it('stores the token hashed, for 15 minutes', async () => {
    const token = await requestToken(portalLogins.summitBasic)
    const [row] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
    expect(row?.purpose).toBe('sign-in')
    const minutes = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000
    expect(minutes).toBeCloseTo(15, 0)
    expect(
      await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, token)),
    ).toHaveLength(0)
  })
})

describe('POST /api/portal/sign-in-link/redeem', () => {
  it('signs in once: the same link a second time is a 400', async () => {
    const token = await requestToken('bella@blueocean.test')
    const first = await redeem(token)
    expect(first.statusCode).toBe(200)
    expect(first.json().email).toBe('bella@blueocean.test')
    const cookie = first.cookies.find((c) => c.name === 'sb_session')
    expect(cookie).toBeDefined()
    const me = await t.api(`sb_session=${cookie?.value}`, 'GET', '/api/portal/me')
    expect(me.statusCode).toBe(200)
    const again = await redeem(token)
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe(messages.signInLinkInvalid)
  })

  it('refuses an unknown and an expired link', async () => {
    const unknown = await redeem('not-a-token')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toBe(messages.signInLinkInvalid)
    const token = await requestToken('carlos@coraltech.test')
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
    const expired = await redeem(token)
    expect(expired.statusCode).toBe(400)
    expect(expired.json().message).toBe(messages.signInLinkInvalid)
  })

  it('kills the older links when a new one is sent, and leaves password reset links alone', async () => {
    const email = 'mei@marina.test'
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    if (!user) throw new Error('no user')
    await t.database.db.insert(passwordResetTokens).values({
      tokenHash: 'other-purpose',
      userId: user.id,
      purpose: 'invitation',
      expiresAt: new Date(Date.now() + 60_000),
    })
    const older = await requestToken(email)
    const newer = await requestToken(email)
    expect((await redeem(older)).statusCode).toBe(400)
    expect((await redeem(newer)).statusCode).toBe(200)
    const [invitation] = await t.database.db
      .select({ usedAt: passwordResetTokens.usedAt })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, 'other-purpose'))
    expect(invitation?.usedAt).toBeNull()
  })

  it('mails at most 3 links an hour to one user', async () => {
    const email = 'arjun@acme.test'
    for (let i = 0; i < 3; i++) await requestToken(email)
    const before = (await outbox()).length
    const response = await askForLink(email)
    expect(response.json()).toEqual({ message: messages.signInLinkSent })
    expect(await outbox()).toHaveLength(before)
  })

  it('refuses the link of a user archived since it was sent', async () => {
    const email = 'dana@denverdesign.test'
    const token = await requestToken(email)
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, email))
    const response = await redeem(token)
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe(messages.signInLinkInvalid)
  })
})
