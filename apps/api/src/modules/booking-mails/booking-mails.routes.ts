import type { App, AppDeps } from '../../platform/app.ts'
import { idParams } from '../../platform/params.ts'
import * as service from './booking-mails.service.ts'

const tags = ['bookings']

export function bookingMailRoutes(app: App, _deps: AppDeps) {
  /** The mails sent for a booking and its series: View Booking's trace (issue 17 item 10). */
  app.get(
    '/api/userbooking/:id/mails',
    { config: { access: 'bookings.read' }, schema: { tags, params: idParams } },
    (request) => request.signedIn((ctx) => service.bookingMails(ctx, request.params.id)),
  )
}
