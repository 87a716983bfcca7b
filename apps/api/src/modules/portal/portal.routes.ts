import {
  messages,
  portalSignInSchema,
  redeemSignInLinkSchema,
  setPasswordSchema,
  signInLinkSchema,
} from '@spaceboard/domain'
import type { App, AppDeps } from '../../platform/app.ts'
import { setSessionCookie } from '../../platform/auth.ts'
import { unauthorized } from '../../platform/errors.ts'
import { idParams } from '../../platform/params.ts'
import { signIn } from '../auth/auth.service.ts'
import * as service from './portal.service.ts'

const tags = ['portal']

/**
 * The client portal's sign-in (issue 44 item 1): a client's people (basic users) sign in at /book
 * with their password, a sign-in link or an invitation. Their session is the staff's kind (same
 * cookie, lifetime, lockout) but opens only `portal.access` routes.
 */
export function portalRoutes(app: App, { config, mailer, background }: AppDeps) {
  app.post(
    '/api/portal/login',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Sign in to the client portal',
        description:
          "Payload `{email, password}` of a basic user. Sets the session cookie and answers the portal's profile; staff are refused as a wrong password is.",
        'x-spec-path': 'none',
        body: portalSignInSchema,
      },
    },
    async (request, reply) => {
      const result = await request.anonymous(async (ctx) => {
        const outcome = await signIn(ctx, config, 'portal', request.body, request.ip, request.sessionId)
        return outcome.ok
          ? { ...outcome, profile: await service.portalProfile(ctx.tx, outcome.userId) }
          : outcome
      })
      if (!result.ok) throw unauthorized(messages.invalidCredentials)
      setSessionCookie(reply, result.token, config.secureCookies)
      return result.profile
    },
  )

  app.post(
    '/api/portal/sign-in-link',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'E-mail me a sign-in link',
        description:
          'E-mails a single-use sign-in link, valid 15 minutes, to the basic user of `{email}` (older links die); answers the same whether or not the address is known.',
        'x-spec-path': 'none',
        body: signInLinkSchema,
      },
    },
    async (request) => {
      // As /api/forgot-password: answered before the lookup, so the answer and its time say nothing.
      const email = request.body.email
      background.run(async () => {
        const queued = await request.anonymous((ctx) =>
          service.requestSignInLink(ctx, config.publicUrl, mailer, email),
        )
        if (queued) mailer.kick()
      })
      return { message: messages.signInLinkSent }
    },
  )

  app.post(
    '/api/portal/sign-in-link/redeem',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Sign in with a sign-in link',
        description:
          "Payload `{token}` of the link. Sets the session cookie and answers the portal's profile; a used, expired or unknown link is a 400.",
        'x-spec-path': 'none',
        body: redeemSignInLinkSchema,
      },
    },
    async (request, reply) => {
      const result = await request.anonymous(async (ctx) => {
        const { userId, token } = await service.signInWithLink(ctx, request.body.token, request.sessionId)
        return { token, profile: await service.portalProfile(ctx.tx, userId) }
      })
      setSessionCookie(reply, result.token, config.secureCookies)
      return result.profile
    },
  )

  app.post(
    '/api/portal/set-password',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Set password from an invitation',
        description:
          "Payload `{token, password, confirm_password}` of an invitation link (the staff's password policy). Sets the password, ends the user's other sessions and signs in.",
        'x-spec-path': 'none',
        body: setPasswordSchema,
      },
    },
    async (request, reply) => {
      const result = await request.anonymous(async (ctx) => {
        const { userId, token } = await service.setPasswordFromInvitation(
          ctx,
          request.body,
          request.sessionId,
        )
        return { token, profile: await service.portalProfile(ctx.tx, userId) }
      })
      setSessionCookie(reply, result.token, config.secureCookies)
      return result.profile
    },
  )

  app.get(
    '/api/portal/me',
    {
      config: { access: 'portal.access' },
      schema: {
        tags,
        summary: "The portal's profile",
        description:
          "The signed-in basic user's name and e-mail, their client and organization, and the switches the portal follows.",
        'x-spec-path': 'none',
      },
    },
    (request) => request.signedIn((ctx) => service.portalProfile(ctx.tx, ctx.actor.userId)),
  )

  app.post(
    '/api/user/:id/invitation',
    {
      config: { access: 'users.update', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'Invite to the client portal',
        description:
          'E-mails the basic user a set-password link for the client portal, valid 7 days (older invitations die).',
        'x-spec-path': 'none',
        params: idParams,
      },
    },
    async (request) => {
      const answer = await request.signedIn((ctx) =>
        service.sendInvitation(ctx, config.publicUrl, mailer, request.params.id),
      )
      mailer.kick()
      return answer
    },
  )
}
