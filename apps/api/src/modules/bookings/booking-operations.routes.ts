import { bookingOperationSchema, rescheduleQuoteQuerySchema } from '@spaceboard/domain'
import type { App, AppDeps } from '../../platform/app.ts'
import { idempotent, requestHash } from '../../platform/idempotency.ts'
import { idParams } from '../../platform/params.ts'
import { markExported } from '../billing/billing.routes.ts'
import { bookingMailSender } from '../booking-mails/booking-mails.service.ts'
import * as service from './booking-operations.service.ts'
import { rescheduleQuote } from './reschedule.service.ts'

const tags = ['bookings']

/** What staff do to a booking after it is made (spec 2 §4, §7: paths not shown there, designed here). */
export function bookingOperationRoutes(app: App, { mailer, config }: AppDeps) {
  const mails = bookingMailSender({ mailer, publicUrl: config.publicUrl })
  app.put(
    '/api/userbooking/:id',
    {
      config: { access: 'bookings.update' },
      schema: {
        tags,
        summary: 'Update a booking',
        description:
          "By `code`: NOTES, CONFIRM, CONFIRM_ALL, CHANGE_PAYMENT_STATUS (`is_paid: 1|0`), full (cancel), partial (refund), additional_charges, CHARGE_COMMISSION, RESCHEDULE_BOOKING; and MARK_EXPORTED (super, admin), which marks the filter's billing lines no export holds yet and answers `{status, exportId, lines}`. With an `Idempotency-Key` header (not MARK_EXPORTED) it runs at most once: a retry gets the first answer back, with `Idempotent-Replayed: true`.",
        params: idParams,
        body: bookingOperationSchema,
      },
    },
    async (request, reply) => {
      if (request.body.code === 'MARK_EXPORTED') return markExported(request, request.params.id, request.body)
      const op = request.body
      const key = request.headers['idempotency-key']
      const hash = requestHash('PUT', `/api/userbooking/${request.params.id}`, request.body)
      const { replayed, answer } = await request.signedIn((ctx) =>
        idempotent(ctx, typeof key === 'string' ? key : undefined, hash, () =>
          service.applyOperation(ctx, request.params.id, op, undefined, mails),
        ),
      )
      if (!replayed) mails.kick()
      if (replayed) reply.header('Idempotent-Replayed', 'true')
      return answer
    },
  )

  app.get(
    '/api/userbooking/:id/cancellation',
    {
      config: { access: 'bookings.update' },
      schema: {
        tags,
        summary: 'Check the cancellation rule',
        description: 'The refund the cancellation rule gives the booking now.',
        'x-spec-path': 'not shown',
        params: idParams,
      },
    },
    (request) => request.signedIn((ctx) => service.cancellationCheck(ctx, request.params.id)),
  )

  app.get(
    '/api/userbooking/:id/recurring-cancellation',
    {
      config: { access: 'bookings.update' },
      schema: {
        tags,
        summary: "A series' bookings to cancel",
        description: "The upcoming bookings of the booking's series.",
        'x-spec-path': 'not shown',
        params: idParams,
      },
    },
    (request) => request.signedIn((ctx) => service.recurringCancellation(ctx, request.params.id)),
  )

  app.get(
    '/api/userbooking/:id/recurring-confirm',
    {
      config: { access: 'bookings.update' },
      schema: {
        tags,
        summary: "A series' bookings to confirm",
        description: "The upcoming bookings of the booking's series.",
        'x-spec-path': 'not shown',
        params: idParams,
      },
    },
    (request) => request.signedIn((ctx) => service.recurringConfirmation(ctx, request.params.id)),
  )

  app.get(
    '/api/userbooking/:id/reschedule-quote',
    {
      config: { access: 'bookings.update' },
      schema: {
        tags,
        summary: 'Reschedule amounts',
        description: 'The amounts the reschedule dialog shows for the new time.',
        'x-spec-path': 'none',
        params: idParams,
        querystring: rescheduleQuoteQuerySchema,
      },
    },
    (request) => request.signedIn((ctx) => rescheduleQuote(ctx, request.params.id, request.query)),
  )
}
