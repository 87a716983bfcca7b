import { z } from 'zod'
import { messages } from '../messages.ts'
import { requiredError } from '../validation-messages.ts'

/**
 * The one password policy (OWASP ASVS 5.0 §6.2): every path that sets a password uses it — user
 * create, change password, reset password. At least 8 characters (code points), at most 200, and
 * not one of the 10,000 most common passwords (compared ignoring case). No composition rules.
 */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 200

let commonList: string | undefined
let common: ReadonlySet<string> | undefined

/**
 * Turns the common-password rule on with its list (one a line), as importing
 * `auth/common-password-rule.ts` does. The list is 85 KB: the web loads it with the screens that set
 * a password, not on the way to the bookings list; the API loads it at start, and its answer is
 * the one that counts.
 */
export function setCommonPasswords(list: string): void {
  commonList = list
  common = undefined
}

/** Whether the password is one of the common ones; false until the list is loaded (see setCommonPasswords). */
export function isCommonPassword(password: string): boolean {
  if (commonList === undefined) return false
  common ??= new Set(commonList.split('\n'))
  return common.has(password.toLowerCase())
}

/** Why the password breaks the policy, or null when it keeps it (the empty case is the caller's "required"). */
export function passwordPolicyProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return messages.passwordTooShort(PASSWORD_MIN_LENGTH)
  if (isCommonPassword(password)) return messages.passwordTooCommon
  return null
}

/** A new password: required (with the screen's own message), then the policy. */
export function newPasswordField(requiredMessage: string) {
  return z
    .string({ error: requiredError(requiredMessage) })
    .min(1, requiredMessage)
    .max(PASSWORD_MAX_LENGTH)
    .superRefine((password, context) => {
      const problem = passwordPolicyProblem(password)
      if (problem && password !== '') context.addIssue({ code: 'custom', message: problem })
    })
}

/** Strength meter of every screen that sets a password: 25 points each for length ≥ 8, a letter, a special character, a digit. */
export function passwordStrength(password: string): number {
  let score = 0
  if (password.length >= 8) score += 25
  if (/\p{L}/u.test(password)) score += 25
  if (/[^\p{L}\p{N}\s]/u.test(password)) score += 25
  if (/\p{N}/u.test(password)) score += 25
  return score
}
