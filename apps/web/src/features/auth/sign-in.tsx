import type { Profile } from '@spaceboard/domain'
import { signInEmailError } from '@spaceboard/domain/auth/rules'
import { messages } from '@spaceboard/domain/messages'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { ApiError, api } from '../../platform/api-client.ts'
import { AuthCard } from './auth-card.tsx'

export interface SignInProps {
  /** Called with the signed-in person: the caller starts the session and goes on. */
  onSignedIn: (profile: Profile) => void | Promise<void>
  /** The "I forgot my password" link (a router link inside the app, a plain one on the first page). */
  forgotLink: ReactNode
}

/**
 * Sign In: email checked on blur, submit only when valid, red alert on failure. Plain React and
 * CSS, with the domain's sign-in rules (auth/rules.ts, no zod): it is the first page most people
 * load (main.tsx), before antd and the app's shell, which load while they type.
 */
export function SignIn({ onSignedIn, forgotLink }: SignInProps) {
  const id = useId()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [emailError, setEmailError] = useState<string | undefined>()
  const [reveal, setReveal] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const canSubmit = !signInEmailError(email) && password.length > 0

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
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className={emailError ? 'auth-field has-error' : 'auth-field'}>
          <label className="auth-label" htmlFor={`${id}-email`}>
            Email
          </label>
          <div className="auth-input-wrap">
            <input
              id={`${id}-email`}
              className="auth-input"
              type="text"
              inputMode="email"
              autoComplete="username"
              // biome-ignore lint/a11y/noAutofocus: the sign-in page has one task, the e-mail comes first
              autoFocus
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
              id={`${id}-password`}
              className="auth-input"
              type={reveal ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <button
              type="button"
              className="auth-reveal"
              aria-pressed={reveal}
              aria-controls={`${id}-password`}
              onClick={() => setReveal(!reveal)}
            >
              {reveal ? 'Hide' : 'Show'}
            </button>
          </div>
        </div>
        <button
          type="submit"
          className="auth-submit"
          disabled={!canSubmit && !busy}
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
