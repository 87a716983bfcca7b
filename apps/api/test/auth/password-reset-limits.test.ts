import { messages } from '@spaceboard/domain'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, passwordResetTokens, users } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

// Issue 15 item 22 (OWASP ASVS 5.0): one valid reset link at a time, at most 3 reset mails per account
// per hour whatever the IP, and an answer that does not wait for the account lookup.

const tokenInLink = /\/admin\/reset-password\?token=([A-Za-z0-9_-]+)/

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

let ip = 0
/** Each call from another IP, so the per-IP rate limit of the route never interferes. */
async function forgot(email: string) {
  ip += 1
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/forgot-password',
    payload: { email },
    remoteAddress: `10.0.${Math.floor(ip / 250)}.${ip % 250}`,
  })
  await t.background.idle()
  expect(response.statusCode).toBe(200)
  expect(response.json()).toEqual({ message: messages.resetLinkSent })
}

async function mailsTo(email: string) {
  return (await t.database.db.select().from(mailOutbox).orderBy(mailOutbox.id)).filter((m) => m.to === email)
}

async function lastToken(email: string) {
  const token = tokenInLink.exec((await mailsTo(email)).at(-1)?.text ?? '')?.[1]
  if (!token) throw new Error(`no reset link mailed to ${email}`)
  return token
}

const reset = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reset-password',
    payload: { token, password: 'Harbour-Lighthouse-42', confirm_password: 'Harbour-Lighthouse-42' },
  })

async function userIdOf(email: string) {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no user ${email}`)
  return row.id
}

describe('a new reset link', () => {
  it('invalidates the older ones', async () => {
    await forgot(logins.summitCsr)
    const first = await lastToken(logins.summitCsr)
    await forgot(logins.summitCsr)
    const second = await lastToken(logins.summitCsr)
    expect(second).not.toBe(first)

    const old = await reset(first)
    expect(old.statusCode).toBe(400)
    expect(old.json().message).toBe(messages.resetTokenInvalid)
    expect((await reset(second)).statusCode).toBe(200)
  })
})

describe('reset mails per account', () => {
  it('are at most 3 an hour, whatever the IP, with the same answer; an hour later another one goes', async () => {
    for (let i = 0; i < 5; i++) await forgot(logins.summitAdmin)
    expect(await mailsTo(logins.summitAdmin)).toHaveLength(3)

    // Another account is not held back by this one's limit.
    await forgot(logins.harbourCsr)
    expect(await mailsTo(logins.harbourCsr)).toHaveLength(1)

    await t.database.db
      .update(passwordResetTokens)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(passwordResetTokens.userId, await userIdOf(logins.summitAdmin)))
    await forgot(logins.summitAdmin)
    expect(await mailsTo(logins.summitAdmin)).toHaveLength(4)
  })
})

describe('the forgot-password answer', () => {
  it('does not wait for the account lookup, so it takes the same time whether or not the account exists', async () => {
    // The users table is locked until both answers are in: an answer that waited for the lookup (or
    // for the token and the mail) would never come while the lock is held.
    const answered = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table users in access exclusive mode`)
      const within = (ms: number) =>
        new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms))
      const ask = (email: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/forgot-password',
          payload: { email },
          remoteAddress: '10.9.9.9',
        })
      return Promise.race([Promise.all([ask(logins.super), ask('nobody-at-all@example.com')]), within(3000)])
    })
    expect(answered).not.toBe('timeout')
    if (answered === 'timeout') return
    for (const response of answered) {
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ message: messages.resetLinkSent })
    }
    await t.background.idle()
    expect(await mailsTo(logins.super)).toHaveLength(1)
  })
})
