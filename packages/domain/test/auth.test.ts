import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { safeRedirect } from '../src/auth/rules.ts'
import { messages, passwordStrength, resetPasswordSchema, signInSchema } from '../src/index.ts'

describe('password strength meter', () => {
  it('gives 25 points for each of length ≥ 8, a letter, a special character and a digit', () => {
    expect(passwordStrength('')).toBe(0)
    expect(passwordStrength('abc')).toBe(25)
    expect(passwordStrength('abcdefgh')).toBe(50)
    expect(passwordStrength('abcdefg1')).toBe(75)
    expect(passwordStrength('Spaceboard1!')).toBe(100)
    expect(passwordStrength('!1')).toBe(50)
  })

  it('is always one of 0, 25, 50, 75, 100', () => {
    fc.assert(fc.property(fc.string(), (s) => [0, 25, 50, 75, 100].includes(passwordStrength(s))))
  })
})

describe('sign-in and reset schemas', () => {
  it('shows the email format message with a real example', () => {
    const result = signInSchema.safeParse({ backend: 1, email: 'nope', password: 'x' })
    expect(result.error?.issues[0]?.message).toBe('Invalid email format. Ex: jane.doe@example.com')
  })

  it('needs a password and a matching confirmation', () => {
    const empty = resetPasswordSchema.safeParse({ token: 't', password: '', confirm_password: '' })
    expect(empty.error?.issues.map((i) => i.message)).toContain(messages.passwordRequired)
    const mismatch = resetPasswordSchema.safeParse({
      token: 't',
      password: 'Kq7!wz3m-a',
      confirm_password: 'Kq7!wz3m-b',
    })
    expect(mismatch.error?.issues[0]).toMatchObject({
      message: messages.confirmPasswordMismatch,
      path: ['confirm_password'],
    })
  })
})

describe('the redirect after signing in', () => {
  it('follows a path of the app, and falls back to the profile for anything else', () => {
    expect(safeRedirect('/admin/book/list?page=2')).toBe('/admin/book/list?page=2')
    for (const other of [
      undefined,
      '',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/admin/login?redirect=/x',
      `/admin/book/list?search=${'x'.repeat(2000)}`,
    ])
      expect(safeRedirect(other)).toBe('/admin/profile/show')
  })
})
