import type { Profile } from '@spaceboard/domain'
import { signInEmailError } from '@spaceboard/domain/auth/rules'
import { messages } from '@spaceboard/domain/messages'
import { type FormEvent, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react'
import { ApiError, api } from '../../platform/api-client.ts'
import { AuthCard } from './auth-card.tsx'
import { takeSignInFailure } from './sign-in-failure.ts'

export interface SignInProps {
  /** Called with the signed-in person: the caller starts the session and goes on. */
  onSignedIn: (profile: Profile) => void | Promise<void>
  /** The "I forgot my password" link (a router link inside the app, a plain one on the first page). */
  forgotLink: ReactNode
  /**
   * The page the server sends for /admin/login holds this form as markup (served-sign-in.tsx):
   * `'render'` is that render, a native form that works before any script has run (it posts to
   * POST /admin/login; its fields named and required, its button enabled, no show-password
   * button); `'hydrate'` is the browser's first render over it (main.tsx, hydrateRoot), the same
   * markup, which then becomes the form below with what the person has typed in the meantime.
   */
  served?: 'render' | 'hydrate'
}

/** The "I forgot my password" link of the first page, outside the app's router. */
export const plainForgotLink = <a href="/admin/forgot-password">I forgot my password</a>

/**
 * Sign In: email checked on blur, submit only when valid, red alert on failure. Plain React and
 * CSS, with the domain's sign-in rules (auth/rules.ts, no zod): it is the first page most people
 * load (main.tsx), before antd and the app's shell, which load while they type.
 */
export function SignIn({ onSignedIn, forgotLink, served }: SignInProps) {
  const id = useId()
  const [native, setNative] = useState(served !== undefined)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [emailError, setEmailError] = useState<string | undefined>()
  const [reveal, setReveal] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const canSubmit = !signInEmailError(email) && password.length > 0
  const emailInput = useRef<HTMLInputElement>(null)
  const passwordInput = useRef<HTMLInputElement>(null)
  // Hydrated: the inputs are the server's, and hold what the person typed before the script ran
  // (React leaves a hydrated input's value alone); the state takes it in the same task, so no
  // keystroke is lost, and the focus and caret stay where they are. A refusal of the native form
  // comes in its cookie.
  useLayoutEffect(() => {
    if (served !== 'hydrate') return
    const refused = takeSignInFailure()
    const typed = emailInput.current?.value ?? ''
    setEmail(typed || refused?.email || '')
    setPassword(passwordInput.current?.value ?? '')
    // An e-mail the person has typed and left is checked as if they had left it now.
    if (typed && document.activeElement !== emailInput.current) setEmailError(signInEmailError(typed))
    if (refused) setFailure(refused.message)
    // Refused with the e-mail given back: the password is what is left to type again.
    if (refused?.email && !typed && document.activeElement === emailInput.current)
      passwordInput.current?.focus()
    setNative(false)
  }, [served])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!canSubmit || busy) return
    setBusy(true)
    setFailure(null)
    let profile: Profile
    try {
      profile = await api<Profile>('/api/login', {
        method: 'POST',
        body: { backend: 1, email: email.trim(), password },
        on401: 'error',
      })
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status !== 401 && error.message
          ? error.message
          : messages.invalidCredentials,
      )
      setBusy(false)
      return
    }
    await onSignedIn(profile)
  }

  return (
    <AuthCard title="Sign In">
      {failure ? (
        <div className="auth-alert auth-alert-error" role="alert">
          <svg viewBox="64 64 896 896" width="14" height="14" fill="currentColor" aria-hidden="true">
            <path d="M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm165.4 618.2l-66-.3L512 563.4l-99.3 118.4-66.1.3c-4.4 0-8-3.5-8-8 0-1.9.7-3.7 1.9-5.2l130.1-155L340.5 359a8.32 8.32 0 01-1.9-5.2c0-4.4 3.6-8 8-8l66.1.3L512 464.6l99.3-118.4 66-.3c4.4 0 8 3.5 8 8 0 1.9-.7 3.7-1.9 5.2L553.5 514l130 155c1.2 1.5 1.9 3.3 1.9 5.2 0 4.4-3.6 8-8 8z" />
          </svg>
          <span>{failure}</span>
        </div>
      ) : null}
      <form method="post" onSubmit={(event) => void submit(event)} noValidate={!native}>
        <div className={emailError ? 'auth-field has-error' : 'auth-field'}>
          <label className="auth-label" htmlFor={`${id}-email`}>
            Email
          </label>
          <div className="auth-input-wrap">
            <input
              ref={emailInput}
              id={`${id}-email`}
              className="auth-input"
              name="email"
              required={native}
              type="text"
              inputMode="email"
              autoComplete="username"
              // Not when hydrating: the person may be in the password field by then.
              // biome-ignore lint/a11y/noAutofocus: the sign-in page has one task, the e-mail comes first
              autoFocus={served !== 'hydrate'}
              value={email}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
              onChange={(event) => setEmail(event.target.value)}
              onBlur={() => setEmailError(signInEmailError(email))}
            />
          </div>
          {emailError ? (
            <div id={`${id}-email-error`} className="auth-field-error" role="alert">
              {emailError}
            </div>
          ) : null}
        </div>
        <div className="auth-field">
          <label className="auth-label" htmlFor={`${id}-password`}>
            Password
          </label>
          <div className="auth-input-wrap">
            <input
              ref={passwordInput}
              id={`${id}-password`}
              className="auth-input"
              name="password"
              required={native}
              type={reveal ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            {native ? null : (
              <button
                type="button"
                className="auth-reveal"
                aria-pressed={reveal}
                aria-controls={`${id}-password`}
                onClick={() => setReveal(!reveal)}
              >
                {reveal ? 'Hide' : 'Show'}
              </button>
            )}
          </div>
        </div>
        <button
          type="submit"
          className="auth-submit"
          disabled={!native && !canSubmit && !busy}
          aria-busy={busy || undefined}
        >
          {busy ? <span className="auth-spinner" aria-hidden="true" /> : null}
          Sign In
        </button>
      </form>
      {forgotLink}
    </AuthCard>
  )
}
