import { emailConfirmationSchema, profileUpdateSchema } from '@spaceboard/domain'
import type { App, AppDeps } from '../../platform/app.ts'
import * as service from './profile.service.ts'

export function profileRoutes(app: App, { config, mailer }: AppDeps) {
  const deps = { mailer, publicUrl: config.publicUrl }

  app.get(
    '/api/profile',
    {
      config: { access: 'profile.read' },
      schema: {
        summary: 'The profile',
        description:
          "Name, email, role, register date, plan, licensed spaces and the organization's plan features.",
        'x-spec-path': 'not shown',
        tags: ['profile'],
      },
    },
    (request) => request.signedIn((ctx) => service.getProfile(ctx)),
  )

  app.put(
    '/api/profile',
    {
      config: { access: 'profile.update' },
      schema: {
        tags: ['profile'],
        summary: 'Edit profile',
        description:
          'Saves `{first_name, last_name, email}`. A new email is only asked for: a link goes to it, a notice to the old one, and the answer carries `pending_email`.',
        'x-spec-path': 'not shown',
        body: profileUpdateSchema,
      },
    },
    async (request) => {
      const profile = await request.signedIn((ctx) => service.updateProfile(ctx, deps, request.body))
      mailer.kick()
      return profile
    },
  )

  /**
   * The link of an e-mail change (path not in the spec): public, since the link's holder proves
   * they own the new address by having it, signed in or not, in any browser.
   */
  app.post(
    '/api/profile/email-confirmation',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['profile'],
        summary: 'Confirm an e-mail change',
        description:
          'Follows the link of an e-mail change `{token}`: once, within 24 hours; 409 when the address was taken meanwhile. Public: holding the link proves the address.',
        'x-spec-path': 'none',
        body: emailConfirmationSchema,
      },
    },
    (request) => request.anonymous((ctx) => service.confirmEmailChange(ctx, request.body)),
  )
}
