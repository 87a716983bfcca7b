import { forgotPasswordSchema, messages, resetPasswordSchema, signInSchema } from '@spaceboard/domain'
import type { App, AppDeps } from '../../platform/app.ts'
import { clearSessionCookie, setSessionCookie } from '../../platform/auth.ts'
import { unauthorized } from '../../platform/errors.ts'
import { profileOf } from '../profile/profile.service.ts'
import * as service from './auth.service.ts'

export function authRoutes(app: App, { config, mailer, background }: AppDeps) {
  const settings = config

  app.post(
    '/api/login',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: signInSchema },
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

  app.post(
    '/api/logout',
    { config: { access: 'public' }, schema: { tags: ['auth'] } },
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
      schema: { tags: ['auth'], body: forgotPasswordSchema },
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
      schema: { tags: ['auth'], body: resetPasswordSchema },
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
