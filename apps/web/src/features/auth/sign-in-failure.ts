import { SIGN_IN_FAILURE_COOKIE, SIGN_IN_PATH, type SignInFailure } from '@spaceboard/domain/auth/rules'

/**
 * The refusal of the sign-in page's native form (sent before the page's script ran, answered by
 * POST /admin/login with a redirect back and this cookie), read once: the cookie is cleared.
 */
export function takeSignInFailure(): SignInFailure | undefined {
  const prefix = `${SIGN_IN_FAILURE_COOKIE}=`
  const cookie = document.cookie.split('; ').find((c) => c.startsWith(prefix))
  if (!cookie) return undefined
  // biome-ignore lint/suspicious/noDocumentCookie: synchronous, on the first page, in every browser (the Cookie Store API is not in all yet)
  document.cookie = `${SIGN_IN_FAILURE_COOKIE}=; Max-Age=0; Path=${SIGN_IN_PATH}; SameSite=Strict`
  try {
    const failure = JSON.parse(decodeURIComponent(cookie.slice(prefix.length))) as Partial<SignInFailure>
    return typeof failure.message === 'string'
      ? { message: failure.message, email: typeof failure.email === 'string' ? failure.email : '' }
      : undefined
  } catch {
    return undefined
  }
}
