import type { EmailTemplateType } from '@spaceboard/domain'
import { and, count, desc, eq, or } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import {
  bookingReschedules,
  bookings,
  centers,
  clients,
  emailTemplates,
  mailOutbox,
  organizations,
  spaces,
  users,
} from '../../db/schema/index.ts'

/** What a booking mail needs beyond the booking's confirmation view: addresses, flags, the space's texts. */
export async function bookingMailFacts(tx: Tx, organizationId: number, bookingId: number) {
  const [row] = await tx
    .select({
      organizationName: organizations.name,
      contactNumber: organizations.contactNumber,
      contactEmail: organizations.contactEmail,
      website: organizations.website,
      bookingEmail: organizations.bookingEmail,
      useEmailTemplate: organizations.useEmailTemplate,
      features: organizations.features,
      centerConfirmEmail: centers.bookingConfirmEmail,
      centerConfirmEmails: centers.bookingConfirmEmails,
      centerContactEmail: centers.contactEmail,
      securityBondAmount: spaces.securityBondAmount,
      siteAccessInstructions: spaces.siteAccessInstructions,
      sendConfirmationOnly: clients.sendConfirmationOnly,
    })
    .from(bookings)
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .innerJoin(
      centers,
      and(eq(centers.organizationId, bookings.organizationId), eq(centers.id, bookings.centerId)),
    )
    .innerJoin(
      spaces,
      and(eq(spaces.organizationId, bookings.organizationId), eq(spaces.id, bookings.spaceId)),
    )
    .innerJoin(
      clients,
      and(eq(clients.organizationId, bookings.organizationId), eq(clients.id, bookings.clientId)),
    )
    .where(and(eq(bookings.organizationId, organizationId), eq(bookings.id, bookingId)))
  return row ?? null
}

export type BookingMailFacts = NonNullable<Awaited<ReturnType<typeof bookingMailFacts>>>

/** How many times the booking was moved: its invitation's SEQUENCE. */
export async function rescheduleCount(tx: Tx, organizationId: number, bookingId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(bookingReschedules)
    .where(
      and(eq(bookingReschedules.organizationId, organizationId), eq(bookingReschedules.bookingId, bookingId)),
    )
  return row?.n ?? 0
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
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      organizationId: organizations.id,
      organizationName: organizations.name,
      contactNumber: organizations.contactNumber,
      contactEmail: organizations.contactEmail,
      website: organizations.website,
      bookingEmail: organizations.bookingEmail,
      useEmailTemplate: organizations.useEmailTemplate,
      features: organizations.features,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId))
  return row ?? null
}
