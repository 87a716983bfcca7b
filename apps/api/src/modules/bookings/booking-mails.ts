import type { BookingOperation } from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'

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
    created: { bookingIds: number[]; recurringId: number | null },
    dontSendEmail?: boolean | number,
  ): Promise<void>
  /** A PUT /api/userbooking/{id} operation done: the mails of the event it is, if any. */
  afterOperation(ctx: Ctx, bookingId: number, op: BookingOperation, answer: unknown): Promise<void>
  /** A user created: the user_registration mail to them. */
  userRegistered(ctx: Ctx, userId: number): Promise<void>
  /** Delivery starts now rather than at the worker's next poll (after the commit). */
  kick(): void
}
