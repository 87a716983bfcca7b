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

/** The sign-in page's address: its form posts there too (POST /admin/login), and its refusal cookie lives there. */
export const SIGN_IN_PATH = '/admin/login'

/** The longest redirect after signing in that is followed: no screen's address is longer. */
export const MAX_REDIRECT_LENGTH = 2000

/** A same-origin path to return to after signing in; anything else falls back to the profile. */
export function safeRedirect(redirect: string | undefined): string {
  if (
    !redirect?.startsWith('/') ||
    redirect.startsWith('//') ||
    redirect.startsWith('/\\') ||
    redirect.length > MAX_REDIRECT_LENGTH
  ) {
    return '/admin/profile/show'
  }
  if (redirect.startsWith(SIGN_IN_PATH)) return '/admin/profile/show'
  return redirect
}

/**
 * The sign-in page's own form, sent before the app has started (the page comes as markup: a
 * native form posting to POST /admin/login), is answered with a redirect; a refusal comes back to
 * the page in this short-lived cookie (JSON: SignInFailure), which the page shows and clears.
 */
export const SIGN_IN_FAILURE_COOKIE = 'sb_sign_in_failure'

export interface SignInFailure {
  /** The message the page shows (the spec's). */
  message: string
  /** The e-mail that was sent, so that the person need not type it again. */
  email: string
}
