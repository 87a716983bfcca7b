import { emailTemplatePreviewSchema } from '@spaceboard/domain'
import type { App, AppDeps } from '../../platform/app.ts'
import { idParams } from '../../platform/params.ts'
import * as service from './booking-mails.service.ts'

export function bookingMailRoutes(app: App, { config, mailer }: AppDeps) {
  /** The mails sent for a booking and its series: View Booking's trace (issue 17 item 10). */
  app.get(
    '/api/userbooking/:id/mails',
    {
      config: { access: 'bookings.read' },
      schema: {
        tags: ['bookings'],
        summary: "A booking's e-mails",
        description:
          'The mails of the booking and its series: type, to, CC, subject, status, attempts and last error.',
        'x-spec-path': 'none',
        params: idParams,
      },
    },
    (request) => request.signedIn((ctx) => service.bookingMails(ctx, request.params.id)),
  )

  /** The editor's Preview: the template as it would be sent, with a booking or a sample (issue 17 item 9). */
  app.post(
    '/api/email-template/preview',
    {
      config: { access: 'email-templates.read' },
      schema: {
        tags: ['email-templates'],
        summary: 'Preview an e-mail template',
        description:
          'Payload `{template_type, email_subject, email_content, bookingId?, organization_id?}`: the template rendered as sent (`subject`, `html`, `text`) with a booking of its organization, or a sample.',
        'x-spec-path': 'none',
        body: emailTemplatePreviewSchema,
      },
    },
    (request) => request.signedIn((ctx) => service.previewTemplate(ctx, config.publicUrl, request.body)),
  )

  /** The editor's Send test: to the signed-in user only, a few a minute. */
  app.post(
    '/api/email-template/send-test',
    {
      config: { access: 'email-templates.read', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['email-templates'],
        summary: 'Send a test e-mail',
        description:
          "The preview's payload and `attachment_file`: the rendered template, with its PDF, to the signed-in user only; 10 a minute.",
        'x-spec-path': 'none',
        body: emailTemplatePreviewSchema,
      },
    },
    async (request) => {
      const answer = await request.signedIn((ctx) =>
        service.sendTestMail(ctx, { mailer, publicUrl: config.publicUrl }, request.body),
      )
      mailer.kick()
      return answer
    },
  )
}
