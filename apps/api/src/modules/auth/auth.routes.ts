import { forgotPasswordSchema, messages, resetPasswordSchema, signInSchema } from '@spaceboard/domain'
import {
  SIGN_IN_FAILURE_COOKIE,
  SIGN_IN_PATH,
  type SignInFailure,
  safeRedirect,
} from '@spaceboard/domain/auth/rules'
import type { App, AppDeps } from '../../platform/app.ts'
import { clearSessionCookie, setSessionCookie } from '../../platform/auth.ts'
import { HttpError, unauthorized } from '../../platform/errors.ts'
import { profileOf } from '../profile/profile.service.ts'
import * as service from './auth.service.ts'

export function authRoutes(app: App, { config, mailer, background }: AppDeps) {
  const settings = config

  app.post(
    '/api/login',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        description:
          'Payload `{backend: 1, email, password}`. Sets the session cookie and answers the profile.',
        'x-spec-path': 'not shown',
        body: signInSchema,
      },
    },
    async (request, reply) => {
      const result = await request.anonymous(async (ctx) => {
        const outcome = await service.signIn(ctx, settings, request.body, request.ip, request.sessionId)
        return outcome.ok ? { ...outcome, profile: await profileOf(ctx.tx, outcome.userId) } : outcome
      })
      if (!result.ok) throw unauthorized(messages.invalidCredentials)
      setSessionCookie(reply, result.token, config.secureCookies)
      return result.profile
    },
  )

  // The sign-in page's own form (apps/web/src/features/auth/served-sign-in.tsx) when it is sent
  // before the page's script has run: the same sign-in, answered as a browser's form is, with a
  // redirect: on to the page's `redirect` signed in, or back to the page, the refusal and the e-mail
  // in SIGN_IN_FAILURE_COOKIE for the page to show. Form bodies are read on this route only.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )
    scope.post(
      SIGN_IN_PATH,
      {
        config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { hide: true },
      },
      async (request, reply) => {
        const form = (request.body ?? {}) as Record<string, unknown>
        const redirect = redirectOf(request.query)
        const target = safeRedirect(redirect)
        // Back to the page with the redirect it would have followed.
        const back = target === redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''
        const email = typeof form.email === 'string' ? form.email : ''
        const refuse = (message: string) => {
          const failure: SignInFailure = { message, email: email.slice(0, 255) }
          reply.setCookie(SIGN_IN_FAILURE_COOKIE, JSON.stringify(failure), {
            path: SIGN_IN_PATH,
            maxAge: 60,
            sameSite: 'strict',
            secure: config.secureCookies,
          })
          return reply.redirect(`${SIGN_IN_PATH}${back}`, 303)
        }
        const input = signInSchema.safeParse({ backend: 1, email, password: form.password ?? '' })
        if (!input.success) return refuse(input.error.issues[0]?.message ?? messages.invalidCredentials)
        let result: { ok: true; token: string } | { ok: false }
        try {
          result = await request.anonymous((ctx) =>
            service.signIn(ctx, settings, input.data, request.ip, request.sessionId),
          )
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 429) return refuse(error.message)
          throw error
        }
        if (!result.ok) return refuse(messages.invalidCredentials)
        setSessionCookie(reply, result.token, config.secureCookies)
        return reply.redirect(target, 303)
      },
    )
  })

  app.post(
    '/api/logout',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign out',
        description: 'Ends the session and clears its cookie.',
        'x-spec-path': 'none',
        tags: ['auth'],
      },
    },
    async (request, reply) => {
      await request.anonymous((ctx) => service.signOut(ctx, request.sessionId))
      clearSessionCookie(reply, config.secureCookies)
      return reply.code(204).send()
    },
  )

  app.post(
    '/api/forgot-password',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'I forgot my password',
        description:
          'E-mails a single-use reset link, valid one hour, to `{email}`; answers the same whether or not the address is known.',
        'x-spec-path': 'none',
        body: forgotPasswordSchema,
      },
    },
    async (request) => {
      // The answer is sent without waiting for the account lookup, the token and the queued mail: it
      // is the same, in the same time, whether or not the account exists (the lookup runs after it).
      const email = request.body.email
      background.run(async () => {
        const queued = await request.anonymous((ctx) =>
          service.requestPasswordReset(ctx, settings, mailer, email),
        )
        if (queued) mailer.kick()
      })
      return { message: messages.resetLinkSent }
    },
  )

  app.post(
    '/api/reset-password',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Reset password',
        description: 'Sets the password of the link `{token, password, confirm_password}` and signs in.',
        'x-spec-path': 'not shown',
        body: resetPasswordSchema,
      },
    },
    async (request, reply) => {
      const result = await request.anonymous(async (ctx) => {
        const { userId, token } = await service.resetPassword(ctx, request.body, request.sessionId)
        return { token, profile: await profileOf(ctx.tx, userId) }
      })
      setSessionCookie(reply, result.token, config.secureCookies)
      return result.profile
    },
  )
}

/**
 * The sign-in page's `redirect` as a Location can carry it: printable ASCII (the app's links encode
 * the rest); anything else is no redirect (on to the profile).
 */
function redirectOf(query: unknown): string | undefined {
  const { redirect } = (query ?? {}) as Record<string, unknown>
  return typeof redirect === 'string' && /^[\x21-\x7e]*$/.test(redirect) ? redirect : undefined
}
