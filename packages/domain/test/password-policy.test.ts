import { describe, expect, it } from 'vitest'
import '../src/auth/common-password-rule.ts'
import { COMMON_PASSWORDS } from '../src/auth/common-passwords.ts'
import {
  changePasswordSchema,
  isCommonPassword,
  messages,
  newPasswordSchema,
  PASSWORD_MIN_LENGTH,
  passwordPolicyProblem,
  userCreateSchema,
} from '../src/index.ts'

describe('the password policy (issue 15 item 14)', () => {
  it('ships the 10,000 most common passwords, most common first', () => {
    const list = COMMON_PASSWORDS.split('\n')
    expect(list).toHaveLength(10_000)
    expect(new Set(list).size).toBe(10_000)
    expect(list.slice(0, 3)).toEqual(['123456', 'password', '12345678'])
  })

  it('refuses fewer than 8 characters, counting characters rather than UTF-16 units', () => {
    expect(passwordPolicyProblem('Ab1!xyz')).toBe(messages.passwordTooShort(PASSWORD_MIN_LENGTH))
    expect(passwordPolicyProblem('😀😀😀😀')).toBe(messages.passwordTooShort(PASSWORD_MIN_LENGTH))
    expect(passwordPolicyProblem('Kq7!wz3m')).toBeNull()
  })

  it('refuses a common password whatever its case', () => {
    expect(isCommonPassword('baseball')).toBe(true)
    expect(isCommonPassword('BaseBall')).toBe(true)
    expect(passwordPolicyProblem('qwertyuiop')).toBe(messages.passwordTooCommon)
    expect(isCommonPassword('Spaceboard1!')).toBe(false)
  })

  it('is the rule of every schema that sets a password', () => {
    const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
      result.error?.issues.map((i) => i.message)
    expect(message(newPasswordSchema.safeParse('a'))).toEqual([messages.passwordTooShort(8)])
    expect(message(newPasswordSchema.safeParse(''))).toEqual([messages.passwordRequired])
    expect(
      message(changePasswordSchema.safeParse({ password: 'password1', confirm_password: 'password1' })),
    ).toEqual([messages.passwordTooCommon])
    const user = {
      type: 'basic',
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.co',
      company_name: 'C',
      password: 'x',
    }
    expect(message(userCreateSchema.safeParse(user))).toEqual([messages.passwordTooShort(8)])
  })
})
