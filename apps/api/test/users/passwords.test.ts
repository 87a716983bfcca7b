import { messages, PASSWORD_MIN_LENGTH } from '@spaceboard/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordResetTokens } from '../../src/db/schema/index.ts'
import { hashToken } from '../../src/platform/tokens.ts'
import { createTestApp, DEMO_PASSWORD, logins, type TestApp } from '../helpers.ts'

// Issue 15 items 14 and 21: one password policy on every path that sets a password; changing a
// password ends the user's other sessions, and one's own asks for the current password.

let t: TestApp
let harbourAdmin: string
beforeAll(async () => {
  t = await createTestApp()
  harbourAdmin = await t.signIn(logins.harbourAdmin)
})
afterAll(() => t.close())

const tooShort = messages.passwordTooShort(PASSWORD_MIN_LENGTH)
let serial = 0
const newUser = (password: string) => {
  serial++
  return {
    type: 'csr',
    first_name: 'Pat',
    last_name: 'Lee',
    email: `pat.lee.${serial}@harbour.test`,
    password,
    company_name: 'Acme Consulting',
  }
}

async function createCsr(password = 'Lantern-Quay-907') {
  const body = newUser(password)
  const response = await t.api(harbourAdmin, 'POST', '/api/user', body)
  expect(response.statusCode).toBe(201)
  return { id: response.json().id as number, email: body.email, password }
}

const profileStatus = async (cookie: string) => (await t.api(cookie, 'GET', '/api/profile')).statusCode

describe('the password policy', () => {
  it.each([
    ['a 1-character password', 'a', tooShort],
    ['7 characters', 'Ab1!xyz', tooShort],
    ['a common password', 'password1', messages.passwordTooCommon],
    ['a common password in other case', 'IloveYou', messages.passwordTooCommon],
  ])('refuses %s on user create, change password and reset', async (_label, password, message) => {
    const created = await t.api(harbourAdmin, 'POST', '/api/user', newUser(password))
    expect(created.statusCode).toBe(400)
    expect(created.json().errors.password).toBe(message)

    const user = await createCsr()
    const changed = await t.api(harbourAdmin, 'PUT', `/api/user/${user.id}/password`, {
      password,
      confirm_password: password,
    })
    expect(changed.statusCode).toBe(400)
    expect(changed.json().errors.password).toBe(message)

    const token = `reset-${serial}-${password}`
    await t.database.db
      .insert(passwordResetTokens)
      .values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + 3600_000) })
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password, confirm_password: password },
    })
    expect(reset.statusCode).toBe(400)
    expect(reset.json().errors.password).toBe(message)
  })

  it('accepts 8 characters that are not common (and the demo password)', async () => {
    await createCsr('Kq7!wz3m')
    await createCsr(DEMO_PASSWORD)
  })
})

describe('an admin changing another user’s password', () => {
  it('ends every session of that user; the admin stays signed in', async () => {
    const user = await createCsr()
    const first = await t.signIn(user.email, user.password)
    const second = await t.signIn(user.email, user.password)
    const response = await t.api(harbourAdmin, 'PUT', `/api/user/${user.id}/password`, {
      password: 'Brand-New-Tide-42',
      confirm_password: 'Brand-New-Tide-42',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: messages.passwordUpdated })
    expect(await profileStatus(first)).toBe(401)
    expect(await profileStatus(second)).toBe(401)
    expect(await profileStatus(harbourAdmin)).toBe(200)
  })
})

describe('changing one’s own password', () => {
  it('asks for the current password and refuses a wrong one', async () => {
    const user = await createCsr()
    const cookie = await t.signIn(user.email, user.password)
    const path = `/api/user/${user.id}/password`
    const body = { password: 'Brand-New-Tide-42', confirm_password: 'Brand-New-Tide-42' }

    const missing = await t.api(cookie, 'PUT', path, body)
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({
      message: messages.currentPasswordRequired,
      errors: { current_password: messages.currentPasswordRequired },
    })
    const wrong = await t.api(cookie, 'PUT', path, { ...body, current_password: 'Not-The-One-1' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors).toEqual({ current_password: messages.currentPasswordWrong })
    // Still the old password.
    await t.signIn(user.email, user.password)
  })

  it('ends the user’s other sessions; the one that changed it continues', async () => {
    const user = await createCsr()
    const current = await t.signIn(user.email, user.password)
    const other = await t.signIn(user.email, user.password)
    const response = await t.api(current, 'PUT', `/api/user/${user.id}/password`, {
      current_password: user.password,
      password: 'Brand-New-Tide-42',
      confirm_password: 'Brand-New-Tide-42',
    })
    expect(response.statusCode).toBe(200)
    expect(await profileStatus(other)).toBe(401)
    expect(await profileStatus(current)).toBe(200)
    await t.signIn(user.email, 'Brand-New-Tide-42')
  })
})
