import { messages } from '../messages.ts'

// The sign-in rules without zod, for the sign-in page (the first page: it imports this module
// directly, `@spaceboard/domain/auth/rules`, not the barrel). schemas.ts builds its zod schemas on them.

export const EMAIL_EXAMPLE = 'jane.doe@example.com'

/** The e-mail format (zod's own e-mail pattern, which signInEmailSchema uses too). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

/** signInEmailSchema's verdict without zod: the spec's message, or undefined when the e-mail is valid. */
export function signInEmailError(value: string): string | undefined {
  const email = value.trim()
  return email.length <= 255 && EMAIL_PATTERN.test(email)
    ? undefined
    : messages.invalidEmailExample(EMAIL_EXAMPLE)
}
