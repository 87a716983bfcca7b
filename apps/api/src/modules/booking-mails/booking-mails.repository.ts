import { type BookingConfirmation, type EmailTemplateType, wallClock } from '@spaceboard/domain'
import { and, asc, desc, eq, or, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { preparedQueries } from '../../db/prepared.ts'
import {
  bookingInvitations,
  bookings,
  centers,
  clients,
  emailTemplates,
  mailOutbox,
  organizations,
  spaces,
  users,
} from '../../db/schema/index.ts'
import { bookingJoins } from '../bookings/booking-joins.ts'
import {
  type MailSource,
  mailBookingColumns,
  mailCenterColumns,
  mailClientColumns,
  mailOrganizationColumns,
  mailSpaceColumns,
  mailUserColumns,
} from '../bookings/booking-mails.ts'

/** The booking fields a mail's merge values read (those of its confirmation view, by the same names). */
export type MailBooking = Pick<
  BookingConfirmation,
  | 'bookingId'
  | 'reference'
  | 'status'
  | 'payment_method'
  | 'is_paid'
  | 'start_time'
  | 'end_time'
  | 'timezone'
  | 'start_date'
  | 'start_wall'
  | 'end_wall'
  | 'duration'
  | 'attendees'
  | 'clientName'
  | 'meetingName'
  | 'centerName'
  | 'street'
  | 'city'
  | 'state'
  | 'postcode'
  | 'countryName'
  | 'lat'
  | 'lon'
  | 'org_id'
  | 'organizationName'
  | 'time_format'
  | 'currency'
  | 'fUserName'
  | 'lUserName'
  | 'email'
  | 'net_amount'
  | 'special_requirement'
  | 'recurringId'
>

/**
 * Everything the mails of some bookings need, in one statement: it runs in the change's
 * transaction, so it is kept to a single round trip. The ids are those of a change the caller was
 * allowed to make; `organizationId`, when known, narrows them to it. (A create does not read it:
 * it hands over what it has just written and read.)
 *
 * One booking (every event but a series) is read by `id = $1`: PostgreSQL then plans this
 * six-table join once per connection. With `id = any($1)` it judged each call's own plan cheaper
 * than a generic one and planned it again on every call, 1.6 ms of a 2 ms read.
 */
type MailReadShape = { scoped: boolean; one: boolean }
const bookingsForMails = preparedQueries('booking_mail_bookings', (tx, shape: MailReadShape) =>
  tx
    .select({
      booking: mailBookingColumns,
      organization: mailOrganizationColumns,
      center: mailCenterColumns,
      space: mailSpaceColumns,
      client: mailClientColumns,
      user: mailUserColumns,
    })
    .from(bookings)
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .innerJoin(centers, bookingJoins.center)
    .innerJoin(spaces, bookingJoins.space)
    .innerJoin(clients, bookingJoins.client)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        shape.one
          ? eq(bookings.id, sql.placeholder('bookingId'))
          : sql`${bookings.id} = any(${sql.placeholder('bookingIds')}::integer[])`,
        shape.scoped ? eq(bookings.organizationId, sql.placeholder('organizationId')) : undefined,
      ),
    )
    .orderBy(asc(bookings.startTime), asc(bookings.id)),
)

/** The stored bookings, with what their mails say of them, as a create hands them over. */
function mailSources(tx: Tx, bookingIds: number[], organizationId?: number): Promise<MailSource[]> {
  return bookingsForMails(
    tx,
    { scoped: organizationId !== undefined, one: bookingIds.length === 1 },
    { bookingIds, bookingId: bookingIds[0], organizationId },
  )
}

export async function mailBookings(tx: Tx, bookingIds: number[], organizationId?: number) {
  return (await mailSources(tx, bookingIds, organizationId)).map(mailRowOf)
}

/** A booking's mail fields (by the names of its confirmation view) and the facts its mails need. */
export function mailRowOf({ booking: b, organization, center, space, client, user }: MailSource) {
  const start = wallClock(b.startTime, center.timezoneId)
  const end = wallClock(b.endTime, center.timezoneId)
  const booking: MailBooking = {
    bookingId: b.id,
    reference: `${b.bookingPrefix}${b.id}`,
    status: b.status as MailBooking['status'],
    payment_method: b.transactionId || b.paymentStatus === 'card' ? 'Credit Card' : 'Invoice',
    is_paid: b.isPaid ? 1 : 0,
    start_time: b.startTime.toISOString(),
    end_time: b.endTime.toISOString(),
    timezone: center.timezoneId,
    start_date: start.date,
    start_wall: start.time,
    end_wall: end.time,
    duration: Math.round((b.durationMinutes / 60) * 100) / 100,
    attendees: b.attendees,
    clientName: client.name,
    meetingName: space.name,
    centerName: center.name,
    street: center.street,
    city: center.city,
    state: center.state,
    postcode: center.postcode,
    countryName: '',
    lat: center.lat,
    lon: center.lon,
    org_id: b.organizationId,
    organizationName: organization.name,
    time_format: organization.timeFormat as MailBooking['time_format'],
    currency: b.currency,
    fUserName: user.firstName,
    lUserName: user.lastName,
    email: user.email,
    net_amount: b.netAmount,
    special_requirement: b.specialRequirement,
    recurringId: b.recurringId,
  }
  const facts = {
    contactNumber: organization.contactNumber,
    contactEmail: organization.contactEmail,
    website: organization.website,
    bookingEmail: organization.bookingEmail,
    useEmailTemplate: organization.useEmailTemplate,
    features: organization.features,
    centerConfirmEmail: center.bookingConfirmEmail,
    centerConfirmEmails: center.bookingConfirmEmails,
    securityBondAmount: space.securityBondAmount,
    siteAccessInstructions: space.siteAccessInstructions,
    sendConfirmationOnly: client.sendConfirmationOnly,
  }
  return { booking, facts }
}

export type BookingMailFacts = Awaited<ReturnType<typeof mailBookings>>[number]['facts']

/**
 * Raises the invitation SEQUENCE of these bookings for a change their mails tell (one statement
 * for a whole series) and answers each booking's new value.
 */
export async function nextInvitationSequences(tx: Tx, organizationId: number, bookingIds: number[]) {
  const rows = await tx
    .insert(bookingInvitations)
    .values(bookingIds.map((bookingId) => ({ organizationId, bookingId, sequence: 1 })))
    .onConflictDoUpdate({
      target: [bookingInvitations.organizationId, bookingInvitations.bookingId],
      set: { sequence: sql`${bookingInvitations.sequence} + 1` },
    })
    .returning({ bookingId: bookingInvitations.bookingId, sequence: bookingInvitations.sequence })
  return new Map(rows.map((r) => [r.bookingId, r.sequence]))
}

/** The booking's mails, and those of its series, newest first (capped: a booking has a handful). */
export function mailsOfBooking(
  tx: Tx,
  organizationId: number,
  bookingId: number,
  recurringId: number | null,
) {
  return tx
    .select({
      id: mailOutbox.id,
      mailType: mailOutbox.mailType,
      to: mailOutbox.to,
      cc: mailOutbox.cc,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.organizationId, organizationId),
        recurringId === null
          ? eq(mailOutbox.bookingId, bookingId)
          : or(eq(mailOutbox.bookingId, bookingId), eq(mailOutbox.recurringId, recurringId)),
      ),
    )
    .orderBy(desc(mailOutbox.id))
    .limit(200)
}

/** The organization's own template of a type, if it has one (read only within that organization). */
export async function organizationTemplate(tx: Tx, organizationId: number, type: EmailTemplateType) {
  const [row] = await tx
    .select({
      subject: emailTemplates.emailSubject,
      html: emailTemplates.emailContent,
      title: emailTemplates.attachmentFileTitle,
      files: emailTemplates.attachmentFile,
    })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.organizationId, organizationId), eq(emailTemplates.templateType, type)))
  if (!row) return null
  const url = row.files[0]
  const filename = `${(row.title || 'Attachment').replace(/\.pdf$/i, '')}.pdf`
  return { subject: row.subject, html: row.html, attachment: url ? { filename, url } : null }
}

/** An organization's own details, for the sample a template is previewed with. */
export async function organizationSample(tx: Tx, organizationId: number) {
  const [row] = await tx
    .select({
      name: organizations.name,
      contactNumber: organizations.contactNumber,
      contactEmail: organizations.contactEmail,
      website: organizations.website,
      bookingPrefix: organizations.bookingPrefix,
      currencyCode: organizations.currencyCode,
      timeFormat: organizations.timeFormat,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return row ?? null
}

export async function userEmail(tx: Tx, userId: number) {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId))
  return row?.email ?? null
}

/** A new user and their organization, for the user_registration mail. */
export async function registrationFacts(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ ...mailUserColumns, organizationId: organizations.id, organization: mailOrganizationColumns })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId))
  return row ?? null
}
