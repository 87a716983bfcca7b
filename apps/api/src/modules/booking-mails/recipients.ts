import type { EmailTemplateAudience } from '@spaceboard/domain'
import type { BookingMailFacts, MailBooking } from './booking-mails.repository.ts'

/**
 * Who receives a booking mail, whether a booking change or a workflow sends it: a "(User)" mail
 * goes to the booker; a "(Center)" mail to the location's booking address with the location's CC
 * list.
 */
export function recipientOf(
  audience: EmailTemplateAudience,
  booking: Pick<MailBooking, 'email'>,
  facts: Pick<BookingMailFacts, 'centerConfirmEmail' | 'centerConfirmEmails'>,
) {
  return audience === 'center'
    ? { to: facts.centerConfirmEmail, cc: facts.centerConfirmEmails }
    : { to: booking.email, cc: '' }
}
