import { type EmailTemplateType, emailTemplateTypeInfo } from '@spaceboard/domain'
import type { BookingMailFacts, MailBooking } from './booking-mails.repository.ts'

/**
 * Who receives a booking mail of a type, whether a booking change or a workflow sends it: a
 * "(User)" mail goes to the booker; a "(Center)" mail to the location's booking address with the
 * location's CC list.
 */
export function recipientOf(
  type: EmailTemplateType,
  booking: Pick<MailBooking, 'email'>,
  facts: Pick<BookingMailFacts, 'centerConfirmEmail' | 'centerConfirmEmails'>,
) {
  return emailTemplateTypeInfo(type).audience === 'center'
    ? { to: facts.centerConfirmEmail, cc: facts.centerConfirmEmails }
    : { to: booking.email, cc: '' }
}
