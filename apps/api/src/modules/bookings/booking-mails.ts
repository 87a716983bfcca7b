import type { BookingOperation } from '@spaceboard/domain'
import type { bookings, centers, clients, organizations, spaces, users } from '../../db/schema/index.ts'
import type { Ctx } from '../../platform/context.ts'

/**
 * A booking as its mails read it, with what they say of its organization, location, room, client
 * and booker. The booking-mails module reads it for a booking already made; a create hands over
 * what it has just written and read, so its mails cost its transaction no read of their own.
 */
export interface MailSource {
  booking: Pick<
    typeof bookings.$inferSelect,
    | 'id'
    | 'organizationId'
    | 'bookingPrefix'
    | 'status'
    | 'paymentStatus'
    | 'transactionId'
    | 'isPaid'
    | 'startTime'
    | 'endTime'
    | 'durationMinutes'
    | 'attendees'
    | 'currency'
    | 'netAmount'
    | 'specialRequirement'
    | 'recurringId'
  >
  organization: Pick<
    typeof organizations.$inferSelect,
    | 'name'
    | 'timeFormat'
    | 'contactNumber'
    | 'contactEmail'
    | 'website'
    | 'bookingEmail'
    | 'useEmailTemplate'
    | 'features'
  >
  center: Pick<
    typeof centers.$inferSelect,
    | 'name'
    | 'street'
    | 'city'
    | 'state'
    | 'postcode'
    | 'timezoneId'
    | 'lat'
    | 'lon'
    | 'bookingConfirmEmail'
    | 'bookingConfirmEmails'
  >
  space: Pick<typeof spaces.$inferSelect, 'name' | 'securityBondAmount' | 'siteAccessInstructions'>
  client: Pick<typeof clients.$inferSelect, 'name' | 'sendConfirmationOnly'>
  user: Pick<typeof users.$inferSelect, 'firstName' | 'lastName' | 'email'>
}

/*
 * The mails of a booking change, as the bookings module asks for them: defined here and made by
 * the booking-mails module (bookingMailSender), which reads bookings, so the two do not import
 * each other.
 */
/** What the booking services call, in their transaction, after a change (and the routes after its commit). */
export interface BookingMails {
  /** Booking or series created: its confirmation mails, unless the call said dontSendEmail. */
  created(
    ctx: Ctx,
    created: { bookings: MailSource[]; recurringId: number | null },
    dontSendEmail?: boolean | number,
  ): Promise<void>
  /** A PUT /api/userbooking/{id} operation done: the mails of the event it is, if any. */
  afterOperation(ctx: Ctx, bookingId: number, op: BookingOperation, answer: unknown): Promise<void>
  /** A user created: the user_registration mail to them. */
  userRegistered(ctx: Ctx, userId: number): Promise<void>
  /** Delivery starts now rather than at the worker's next poll (after the commit). */
  kick(): void
}
