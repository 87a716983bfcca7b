import type { BookingOperation } from '@spaceboard/domain'
import { bookings, centers, clients, organizations, spaces, users } from '../../db/schema/index.ts'
import type { Ctx } from '../../platform/context.ts'

/** The booking's own columns its mails read: what a create's insert returns and the mail read selects. */
export const mailBookingColumns = {
  id: bookings.id,
  organizationId: bookings.organizationId,
  bookingPrefix: bookings.bookingPrefix,
  status: bookings.status,
  paymentStatus: bookings.paymentStatus,
  transactionId: bookings.transactionId,
  isPaid: bookings.isPaid,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  durationMinutes: bookings.durationMinutes,
  attendees: bookings.attendees,
  currency: bookings.currency,
  netAmount: bookings.netAmount,
  specialRequirement: bookings.specialRequirement,
  recurringId: bookings.recurringId,
}

/** What an organization's mails say of it and how it chooses their templates. */
export const mailOrganizationColumns = {
  name: organizations.name,
  timeFormat: organizations.timeFormat,
  contactNumber: organizations.contactNumber,
  contactEmail: organizations.contactEmail,
  website: organizations.website,
  bookingEmail: organizations.bookingEmail,
  useEmailTemplate: organizations.useEmailTemplate,
  features: organizations.features,
}

/** What a booking's mails say of its location, room, client and booker. */
export const mailCenterColumns = {
  name: centers.name,
  street: centers.street,
  city: centers.city,
  state: centers.state,
  postcode: centers.postcode,
  timezoneId: centers.timezoneId,
  lat: centers.lat,
  lon: centers.lon,
  bookingConfirmEmail: centers.bookingConfirmEmail,
  bookingConfirmEmails: centers.bookingConfirmEmails,
}
export const mailSpaceColumns = {
  name: spaces.name,
  securityBondAmount: spaces.securityBondAmount,
  siteAccessInstructions: spaces.siteAccessInstructions,
}
export const mailClientColumns = { name: clients.name, sendConfirmationOnly: clients.sendConfirmationOnly }
export const mailUserColumns = { firstName: users.firstName, lastName: users.lastName, email: users.email }

/**
 * A booking as its mails read it, with what they say of its organization, location, room, client
 * and booker. The booking-mails module reads it for a booking already made; a create hands over
 * what it has just written and read, so its mails cost its transaction no read of their own.
 */
export interface MailSource {
  booking: Pick<typeof bookings.$inferSelect, keyof typeof mailBookingColumns>
  organization: Pick<typeof organizations.$inferSelect, keyof typeof mailOrganizationColumns>
  center: Pick<typeof centers.$inferSelect, keyof typeof mailCenterColumns>
  space: Pick<typeof spaces.$inferSelect, keyof typeof mailSpaceColumns>
  client: Pick<typeof clients.$inferSelect, keyof typeof mailClientColumns>
  user: Pick<typeof users.$inferSelect, keyof typeof mailUserColumns>
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
