import type { AddressInfo } from 'node:net'
import { messages } from '@spaceboard/domain'
import { count, eq, sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, organizations, passwordResetTokens, sessions, users } from '../../src/db/schema/index.ts'
import { hashPassword } from '../../src/platform/passwords.ts'
import { hashToken } from '../../src/platform/tokens.ts'
import { createTestApp, DEMO_PASSWORD, logins, type TestApp, testConfig } from '../helpers.ts'

const NEW_PASSWORD = 'N3w-Passw0rd!'
const linkPrefix = `${testConfig().publicUrl}/admin/reset-password?token=`
const tokenInLink = /\/admin\/reset-password\?token=([A-Za-z0-9_-]+)/

// forgot-password and reset-password allow 20 calls a minute per IP: this file's app stays below that
// (about 15 each); a new test that needs many more calls belongs on an app of its own.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** Asks for a reset link and waits for the work the answer does not wait for (lookup, token, mail). */
async function forgot(app: TestApp, payload: unknown) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/forgot-password',
    payload: payload as object,
  })
  await app.background.idle()
  return response
}

const reset = (payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reset-password',
    payload: payload as object,
    ...(cookie ? { headers: { cookie } } : {}),
  })

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { backend: 1, email, password } })

const profileWith = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })

async function outbox(app: TestApp = t) {
  return app.database.db.select().from(mailOutbox).orderBy(mailOutbox.id)
}

async function userId(email: string) {
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
  if (!row) throw new Error(`no user ${email}`)
  return row.id
}

async function harbourId() {
  const [row] = await t.database.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, 'Harbour Workspaces'))
  if (!row) throw new Error('no Harbour Workspaces')
  return row.id
}

async function insertUser(values: {
  email: string
  type: string
  organizationId?: number | undefined
  deletedAt?: Date
}) {
  const [row] = await t.database.db
    .insert(users)
    .values({
      organizationId: await harbourId(),
      firstName: 'Test',
      lastName: 'User',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      ...values,
    })
    .returning({ id: users.id })
  if (!row) throw new Error('insert failed')
  return row.id
}

async function tokensOf(id: number) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.userId, id))
  return row?.n ?? 0
}

async function expectNoResetFor(email: string, id: number) {
  const before = (await outbox()).length
  const response = await forgot(t, { email })
  expect(response.statusCode).toBe(200)
  expect(response.json()).toEqual({ message: messages.resetLinkSent })
  expect(await outbox()).toHaveLength(before)
  expect(await tokensOf(id)).toBe(0)
}

/** Asks for a reset link for `email` and returns the raw token of the mail that landed in the outbox. */
async function requestToken(email: string): Promise<string> {
  const before = (await outbox()).length
  const response = await forgot(t, { email })
  expect(response.statusCode).toBe(200)
  const mails = await outbox()
  expect(mails).toHaveLength(before + 1)
  const token = tokenInLink.exec(mails.at(-1)?.text ?? '')?.[1]
  if (!token) throw new Error('no reset link in the mail')
  return token
}

describe('POST /api/forgot-password', () => {
  it('answers the same message for an existing and an unknown email, and mails only the existing one', async () => {
    const known = await forgot(t, { email: logins.summitAdmin })
    const unknown = await forgot(t, { email: 'nobody@example.com' })
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(known.json()).toEqual({ message: messages.resetLinkSent })
    expect(unknown.json()).toEqual(known.json())

    const mails = await outbox()
    expect(mails.map((m) => m.to)).toEqual([logins.summitAdmin])
    const [mail] = mails
    expect(mail?.subject).toBe('Reset your Spaceboard password')
    expect(mail?.text).toContain(linkPrefix)
    expect(mail?.html).toContain(linkPrefix)
  })

  it('stores the token hashed, never raw, with an expiry in the future', async () => {
    const token = await requestToken(logins.summitCsr)
    const rows = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, await userId(logins.summitCsr)))
    expect(rows).toHaveLength(1)
    const [row] = rows
    expect(row?.tokenHash).toBe(hashToken(token))
    expect(row?.tokenHash).not.toContain(token)
    expect(row?.usedAt).toBeNull()
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now())
    const all = await t.database.db.select({ hash: passwordResetTokens.tokenHash }).from(passwordResetTokens)
    expect(all.some((r) => r.hash === token)).toBe(false)
  })

  it('mails the address on record, not the spelling the caller typed', async () => {
    await forgot(t, { email: 'Admin@HARBOUR.test' })
    expect((await outbox()).at(-1)?.to).toBe(logins.harbourAdmin)
  })

  it('never mails a lookalike address that only folds to an account (Unicode case mapping)', async () => {
    await insertUser({ email: 'kay@harbour.test', type: 'admin' })
    const before = (await outbox()).length
    // U+212A KELVIN SIGN lower-cases to "k" in PostgreSQL's C.UTF-8 locale: the format check refuses it.
    const response = await forgot(t, { email: '\u212Aay@harbour.test' })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.email).toBe(messages.invalidEmailExample('jane.doe@example.com'))
    const mails = await outbox()
    expect(mails).toHaveLength(before)
    expect(mails.some((m) => m.to.includes('\u212A'))).toBe(false)
    for (const mail of mails) {
      const [owner] = await t.database.db.select().from(users).where(eq(users.email, mail.to))
      expect(owner, `mail to ${mail.to} has no account`).toBeDefined()
    }
  })

  it('sends nothing for an archived user, with the same answer', async () => {
    const archivedId = await insertUser({ email: 'gone@harbour.test', type: 'csr', deletedAt: new Date() })
    await expectNoResetFor('gone@harbour.test', archivedId)
  })

  it('sends nothing for a user of an archived organization, with the same answer', async () => {
    const [closed] = await t.database.db
      .insert(organizations)
      .values({ name: 'Closed Org', deletedAt: new Date() })
      .returning({ id: organizations.id })
    const id = await insertUser({ email: 'admin@closed.test', type: 'admin', organizationId: closed?.id })
    await expectNoResetFor('admin@closed.test', id)
  })

  it('sends nothing to a basic user: they cannot use the back office', async () => {
    const id = await insertUser({ email: 'basic@harbour.test', type: 'basic' })
    await expectNoResetFor('basic@harbour.test', id)
  })

  it('checks the email format with the example message', async () => {
    const response = await forgot(t, { email: 'not-an-email' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: messages.invalidEmailExample('jane.doe@example.com'),
      errors: { email: messages.invalidEmailExample('jane.doe@example.com') },
    })
  })

  it('refuses unknown fields', async () => {
    const response = await forgot(t, { email: logins.super, userId: 1 })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.userId).toBe(messages.unknownField('userId'))
  })
})

describe('POST /api/reset-password', () => {
  it('refuses a confirmation that does not match, and leaves the token usable', async () => {
    const token = await requestToken(logins.harbourCsr)
    const mismatch = await reset({ token, password: NEW_PASSWORD, confirm_password: 'something else' })
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json()).toEqual({
      message: messages.confirmPasswordMismatch,
      errors: { confirm_password: messages.confirmPasswordMismatch },
    })
    expect(mismatch.json().message).toBe('Confirm Password must match to password.')

    const empty = await reset({ token, password: '', confirm_password: '' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors.password).toBe('Password is required.')
    expect(empty.json().message).toBe(messages.passwordRequired)

    // Nothing was consumed: the same link still works.
    const ok = await reset({ token, password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD })
    expect(ok.statusCode).toBe(200)
  })

  it('sets the password, signs in, revokes every other session and works once only', async () => {
    const email = logins.super
    const laptop = await t.signIn(email)
    const phone = await t.signIn(email)
    expect((await profileWith(laptop)).statusCode).toBe(200)

    const token = await requestToken(email)
    const response = await reset({ token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ email, type: 'super', first_name: 'Sam', last_name: 'Super' })
    const cookie = response.cookies.find((c) => c.name === 'sb_session')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' })
    const fresh = `sb_session=${cookie?.value}`

    // The new session works; the sessions opened before the reset do not.
    expect((await profileWith(fresh)).statusCode).toBe(200)
    for (const old of [laptop, phone]) {
      const refused = await profileWith(old)
      expect(refused.statusCode).toBe(401)
      expect(refused.json().message).toBe(messages.sessionExpired)
    }
    const rows = await t.database.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, await userId(email)))
    expect(rows[0]?.n).toBe(1)

    // The new password signs in, the old one no longer does.
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(401)
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200)

    // The token is single-use.
    const again = await reset({ token, password: 'Another1!', confirm_password: 'Another1!' })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({
      message: messages.resetTokenInvalid,
      errors: { token: messages.resetTokenInvalid },
    })
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('ends the session of the cookie it was called with (rotation)', async () => {
    const other = await t.signIn(logins.harbourAdmin)
    const token = await requestToken(logins.summitAdmin)
    const response = await reset({ token, password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD }, other)
    expect(response.statusCode).toBe(200)
    expect(response.json().email).toBe(logins.summitAdmin)
    expect((await profileWith(other)).statusCode).toBe(401)
  })

  it('refuses an expired token', async () => {
    const token = await requestToken(logins.summitCsr)
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
    const response = await reset({ token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe(messages.resetTokenInvalid)
    expect(response.cookies.find((c) => c.name === 'sb_session')).toBeUndefined()
    expect((await login(logins.summitCsr, DEMO_PASSWORD)).statusCode).toBe(200)
  })

  it('refuses an unknown or empty token', async () => {
    const unknown = await reset({
      token: 'not-a-real-token',
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toBe(messages.resetTokenInvalid)
    const empty = await reset({ token: '', password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors.token).toBe(messages.resetTokenInvalid)
    const raw = await reset({ token: hashToken('x'), password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })
    expect(raw.statusCode).toBe(400)
  })

  it('gives a basic user neither a new password nor a back-office session, even holding a token', async () => {
    const id = await insertUser({ email: 'basic2@harbour.test', type: 'basic' })
    const token = 'token-of-a-basic-user'
    await t.database.db
      .insert(passwordResetTokens)
      .values({ tokenHash: hashToken(token), userId: id, expiresAt: new Date(Date.now() + 60_000) })
    const response = await reset({ token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe(messages.resetTokenInvalid)
    expect(response.cookies.find((c) => c.name === 'sb_session')).toBeUndefined()
    const open = await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, id))
    expect(open[0]?.n).toBe(0)
  })

  it('refuses a token whose user was archived after it was sent', async () => {
    const token = await requestToken(logins.harbourCsr)
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, logins.harbourCsr))
    try {
      const response = await reset({ token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe(messages.resetTokenInvalid)
      expect(response.cookies.find((c) => c.name === 'sb_session')).toBeUndefined()
    } finally {
      await t.database.db.update(users).set({ deletedAt: null }).where(eq(users.email, logins.harbourCsr))
    }
    // The password did not change.
    expect((await login(logins.harbourCsr, DEMO_PASSWORD)).statusCode).toBe(200)
  })
})

/** Decodes a quoted-printable MIME body enough to read links. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

describe('password reset through a real SMTP server', () => {
  interface Received {
    from: string | undefined
    to: string[]
    raw: string
  }
  const received: Received[] = []
  let server: SMTPServer
  let smtp: TestApp

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        // A mailbox that refuses mail, to see what a failing SMTP server does to the answer.
        if (address.address === logins.harbourCsr) return callback(new Error('mailbox unavailable'))
        callback()
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.server.address() as AddressInfo
    smtp = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` })
  })
  afterAll(async () => {
    await smtp.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  it('delivers the reset link by SMTP through the outbox worker', async () => {
    const response = await forgot(smtp, { email: logins.harbourAdmin })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: messages.resetLinkSent })
    await smtp.mailer.flush()

    expect(received).toHaveLength(1)
    const [mail] = received
    expect(mail?.to).toEqual([logins.harbourAdmin])
    expect(mail?.from).toBe('no-reply@spaceboard.test')
    const headers = mail?.raw.split(/\r?\n\r?\n/)[0] ?? ''
    expect(headers).toMatch(/^To: admin@harbour\.test\r?$/m)
    expect(headers).toMatch(/^Subject: Reset your Spaceboard password\r?$/m)
    const body = decodeQuotedPrintable(mail?.raw ?? '')
    expect(body).toContain(linkPrefix)
    const token = tokenInLink.exec(body)?.[1]
    expect(token).toBeDefined()

    const [queued] = await smtp.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, logins.harbourAdmin))
    expect(queued).toMatchObject({ status: 'sent', attempts: 1 })

    // The mailed link works.
    const done = await smtp.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    })
    expect(done.statusCode).toBe(200)
    expect(done.json().email).toBe(logins.harbourAdmin)
  })

  it('sends nothing for an unknown email, with the same answer', async () => {
    const before = received.length
    const response = await forgot(smtp, { email: 'nobody@example.com' })
    expect(response.json()).toEqual({ message: messages.resetLinkSent })
    expect(received).toHaveLength(before)
  })

  it('answers the same message when the SMTP server refuses the mail, which is marked failed', async () => {
    const response = await forgot(smtp, { email: logins.harbourCsr })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: messages.resetLinkSent })
    await smtp.mailer.flush()
    const [mail] = await smtp.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, logins.harbourCsr))
    expect(mail).toMatchObject({ status: 'failed', attempts: 1 })
    expect(mail?.lastError).toContain('mailbox unavailable')
  })
})
