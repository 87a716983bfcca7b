import {
  addDays,
  type BookingOperation,
  type BuiltInMailType,
  centsToDecimal,
  type EmailTemplateAudience,
  type EmailTemplatePreview,
  type EmailTemplatePreviewInput,
  type EmailTemplateType,
  emailTemplateTypeFor,
  emailTemplateTypeInfo,
  isEmailTemplateType,
  messages,
  toCents,
  usesOwnEmailTemplates,
  wallClock,
} from '@spaceboard/domain'
import type { MailAttachmentRef } from '../../db/schema/mail.ts'
import type { Ctx } from '../../platform/context.ts'
import { fieldError, notFound } from '../../platform/errors.ts'
import type { MailMessage } from '../../platform/mail.repository.ts'
import type { Mailer } from '../../platform/mail.ts'
import { assertSameOrganization, organizationForWrite } from '../../platform/tenancy.ts'
import { attachmentReadableBy } from '../../platform/uploads.repository.ts'
import { isUploadUrl } from '../../platform/uploads.ts'
import { getBooking } from '../bookings/booking-confirmation.service.ts'
import type { BookingMails, MailSource } from '../bookings/booking-mails.ts'
import { sanitizeEmailContent } from '../email-templates/email-content.ts'
import * as repo from './booking-mails.repository.ts'
import { defaultTemplates, type MailTemplate, requestTemplates } from './default-templates.ts'
import { invitationStatusOf } from './invitation.ts'
import { bookingMergeValues, displayDate, type EventAmounts } from './merge-values.ts'
import { recipientOf } from './recipients.ts'
import { type MergeValues, renderHtml, renderTemplate } from './render.ts'

/** What happened to a booking (or a series): each sends its `_user` and its `_center` mail. */
export type BookingEvent =
  | { kind: 'created'; bookings: MailSource[]; recurringId: number | null }
  | { kind: 'rescheduled'; bookingId: number }
  | { kind: 'refunded'; bookingId: number; amount: string }
  | { kind: 'charged'; bookingId: number; amount: string }
  | { kind: 'cancelled'; bookingIds: number[]; refundAmount: string; recurring: boolean }
  /** Tentative bookings confirmed (Confirm booking; the upcoming ones of a series at once). */
  | { kind: 'confirmed'; bookingIds: number[]; recurring: boolean }

export interface BookingMailDeps {
  mailer: Mailer
  publicUrl: string
}

interface TemplateChoice {
  subject: string
  html: string
  attachment: { filename: string; url: string } | null
}

/**
 * The template an organization sends for a type: its own when it uses its templates (the
 * `email_template` feature and its `use_email_template` setting, spec 1), else the built-in one.
 */
async function templateFor(
  ctx: Ctx,
  organizationId: number,
  type: EmailTemplateType,
  useOwn: boolean,
): Promise<TemplateChoice> {
  const own = useOwn ? await repo.organizationTemplate(ctx.tx, organizationId, type) : null
  if (own) return own
  return { ...(defaultTemplates[type] as MailTemplate), attachment: null }
}

const eventOf = {
  created: 'confirmation',
  rescheduled: 'reschedule',
  refunded: 'refund',
  charged: 'additional_charge',
  cancelled: 'cancellation',
  confirmed: 'confirmation',
} as const

/**
 * The type of an event's mail to one audience. A tentative booking just made is a request, not a
 * confirmation: its mails say so, and the confirmation goes when it is confirmed.
 */
function mailTypeOf(
  event: BookingEvent,
  audience: EmailTemplateAudience,
  series: boolean,
  tentative: boolean,
): EmailTemplateType | BuiltInMailType {
  if (event.kind === 'created' && tentative)
    return audience === 'user' ? 'booking_request_user' : 'booking_request_center'
  return emailTemplateTypeFor(eventOf[event.kind], audience, series)
}

const bookingIdsOf = (event: Exclude<BookingEvent, { kind: 'created' }>) =>
  'bookingIds' in event ? event.bookingIds : [event.bookingId]

/**
 * Queues the mails of a booking event in the caller's transaction (the outbox): a change that
 * rolls back sends nothing. One mail per recipient for a whole series, listing its dates.
 */
export async function queueBookingMails(ctx: Ctx, deps: BookingMailDeps, event: BookingEvent) {
  let rows: ReturnType<typeof repo.mailRowOf>[]
  // A create hands over what it wrote and read: no read of its own in the create's transaction.
  if (event.kind === 'created') rows = event.bookings.map(repo.mailRowOf)
  else {
    const ids = bookingIdsOf(event)
    if (!ids.length) return
    rows = await repo.mailBookings(ctx.tx, ids)
  }
  const first = rows[0]
  if (!first) throw notFound()
  // One event is about one organization's bookings: anything else is a caller's mistake, not mail.
  if (rows.some((r) => r.booking.org_id !== first.booking.org_id)) throw notFound()
  const bookings = rows.map((r) => r.booking)
  const facts = first.facts
  const series =
    (event.kind === 'created' && event.recurringId !== null) ||
    ((event.kind === 'cancelled' || event.kind === 'confirmed') && event.recurring)
  const tentative = first.booking.status === 'tentative'
  const amounts: EventAmounts = {
    refundAmount:
      event.kind === 'refunded' ? event.amount : event.kind === 'cancelled' ? event.refundAmount : undefined,
    chargeAmount: event.kind === 'charged' ? event.amount : undefined,
    series: bookings,
  }
  const values = bookingMergeValues(first.booking, facts, deps.publicUrl, amounts)
  const calendar = await calendarAttachment(ctx, deps.publicUrl, event, bookings, facts)
  const ownTemplates = usesOwnEmailTemplates({
    features: facts.features,
    use_email_template: facts.useEmailTemplate,
  })
  const mails: MailMessage[] = []
  for (const audience of ['user', 'center'] as const) {
    const recipient = recipientOf(audience, first.booking, facts)
    if (!recipient.to) continue
    const type = mailTypeOf(event, audience, series, tentative)
    const ofSpec = isEmailTemplateType(type)
    const confirmation = ofSpec && emailTemplateTypeInfo(type).confirmation
    // A confirmations-only client gets its confirmations and nothing else (spec 0, issue 17 item 7).
    if (audience === 'user' && facts.sendConfirmationOnly && !confirmation) continue
    const template = ofSpec
      ? await templateFor(ctx, first.booking.org_id, type, ownTemplates)
      : { ...requestTemplates[type as BuiltInMailType], attachment: null }
    const rendered = renderHtml(template, values)
    const attachments: MailAttachmentRef[] = []
    if (template.attachment) attachments.push({ kind: 'upload', ...template.attachment })
    if (confirmation)
      attachments.push({
        kind: 'confirmationPdf',
        filename: `Booking ${first.booking.reference}.pdf`,
        bookingId: first.booking.bookingId,
      })
    if (calendar) attachments.push(calendar)
    mails.push({
      ...mailOf(rendered, recipient.to, recipient.cc, facts.bookingEmail),
      attachments,
      trace: {
        organizationId: first.booking.org_id,
        bookingId: first.booking.bookingId,
        recurringId: series ? first.booking.recurringId : null,
        mailType: type,
      },
    })
  }
  await deps.mailer.send(ctx.tx, ...mails)
}

/** A queued booking mail: its plain-text part is made when it is sent (platform/mail.ts). */
function mailOf(rendered: { subject: string; html: string }, to: string, cc: string, replyTo: string) {
  return { to, cc, replyTo, subject: rendered.subject, html: rendered.html, text: '' }
}

/**
 * The invitation a booking event carries: a request when made, moved or confirmed, a cancel when
 * cancelled; each booking's status as it now is, and a SEQUENCE raised by every change after the
 * first invitation.
 */
async function calendarAttachment(
  ctx: Ctx,
  publicUrl: string,
  event: BookingEvent,
  bookings: repo.MailBooking[],
  facts: repo.BookingMailFacts,
): Promise<MailAttachmentRef | null> {
  if (event.kind === 'refunded' || event.kind === 'charged') return null
  const first = bookings[0] as repo.MailBooking
  const method = event.kind === 'cancelled' ? 'CANCEL' : 'REQUEST'
  // A booking just made sends its first invitation: nothing to raise, no write in the create.
  const sequences =
    event.kind === 'created'
      ? new Map<number, number>()
      : await repo.nextInvitationSequences(
          ctx.tx,
          first.org_id,
          bookings.map((b) => b.bookingId),
        )
  return {
    kind: 'calendar',
    filename: 'invite.ics',
    method,
    zone: first.timezone,
    publicUrl,
    organizer: { name: first.organizationName, email: facts.bookingEmail },
    events: bookings.map((booking) => ({
      bookingId: booking.bookingId,
      start: booking.start_time,
      end: booking.end_time,
      summary: `${booking.meetingName} – ${booking.centerName}`,
      location: [booking.centerName, booking.street, booking.city, booking.state, booking.postcode]
        .filter(Boolean)
        .join(', '),
      description: `Booking ${booking.reference}`,
      url: `${publicUrl}/admin/book/invoice/${booking.bookingId}`,
      sequence: sequences.get(booking.bookingId) ?? 0,
      status: method === 'CANCEL' ? 'CANCELLED' : invitationStatusOf(booking.status),
      attendee: { name: `${booking.fUserName} ${booking.lUserName}`.trim(), email: booking.email },
    })),
  }
}

/** The mails sent for a booking (and its series), for View Booking (issue 17 item 10). */
export async function bookingMails(ctx: Ctx, bookingId: number) {
  const booking = await getBooking(ctx, bookingId)
  assertSameOrganization(ctx.actor, booking.org_id)
  const rows = await repo.mailsOfBooking(ctx.tx, booking.org_id, booking.bookingId, booking.recurringId)
  return rows.map((row) => ({
    id: row.id,
    type: row.mailType,
    to: row.to,
    cc: row.cc,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }))
}

const suppressed = (flag: boolean | number | undefined) => flag === true || flag === 1

export function bookingMailSender(deps: BookingMailDeps): BookingMails {
  return {
    async created(ctx, created, dontSendEmail) {
      if (suppressed(dontSendEmail)) return
      await queueBookingMails(ctx, deps, { kind: 'created', ...created })
    },
    async afterOperation(ctx, bookingId, op, answer) {
      const event = operationEvent(bookingId, op, answer)
      if (event) await queueBookingMails(ctx, deps, event)
    },
    userRegistered: (ctx, userId) => queueRegistrationMail(ctx, deps, userId),
    kick: () => deps.mailer.kick(),
  }
}

/**
 * The user_registration mail, in the creating transaction. A super user belongs to no
 * organization, so no organization's template or details can speak for it: it gets none.
 */
export async function queueRegistrationMail(ctx: Ctx, deps: BookingMailDeps, userId: number) {
  const user = await repo.registrationFacts(ctx.tx, userId)
  if (!user) return
  const { organization } = user
  const type = 'user_registration'
  const ownTemplates = usesOwnEmailTemplates({
    features: organization.features,
    use_email_template: organization.useEmailTemplate,
  })
  const template = await templateFor(ctx, user.organizationId, type, ownTemplates)
  const rendered = renderHtml(template, {
    user_first_name: user.firstName,
    user_last_name: user.lastName,
    user_email: user.email,
    organization_name: organization.name,
    organization_contact_email: organization.contactEmail,
    organization_contact_number: organization.contactNumber,
    organization_website: organization.website,
    sign_in_link: `${deps.publicUrl}/admin/login`,
  })
  await deps.mailer.send(ctx.tx, {
    ...mailOf(rendered, user.email, '', organization.bookingEmail),
    attachments: template.attachment ? [{ kind: 'upload', ...template.attachment }] : [],
  })
}

const sum = (amounts: (string | number | undefined)[]) =>
  centsToDecimal(amounts.reduce<number>((total, a) => total + (a === undefined ? 0 : toCents(a)), 0))

/** The booking event a PUT operation is, if it sends mail (spec 2 §7: dontSendEmail turns it off). */
function operationEvent(bookingId: number, op: BookingOperation, answer: unknown): BookingEvent | null {
  switch (op.code) {
    case 'full': {
      if (suppressed(op.dontSendEmail)) return null
      const done = answer as { bookingIds: number[]; refundAmount: string }
      return {
        kind: 'cancelled',
        bookingIds: done.bookingIds,
        refundAmount: done.refundAmount,
        recurring: op.bookingType === 'recurring',
      }
    }
    case 'partial':
      if (suppressed(op.dontSendEmail)) return null
      return {
        kind: 'refunded',
        bookingId,
        amount: sum([
          op.roomAmountRefund,
          ...op.amenityPartialRefund.map((r) => r.amount),
          ...op.additionalChargeRefund.map((r) => r.amount),
        ]),
      }
    case 'additional_charges':
      if (suppressed(op.dontSendEmail)) return null
      return {
        kind: 'charged',
        bookingId,
        amount: sum(op.adhocCharges.map((c) => c.additional_booking_charge_value)),
      }
    case 'RESCHEDULE_BOOKING':
      return suppressed(op.dontSendEmail) ? null : { kind: 'rescheduled', bookingId }
    case 'CONFIRM':
    case 'CONFIRM_ALL':
      return {
        kind: 'confirmed',
        bookingIds: (answer as { bookingIds: number[] }).bookingIds,
        recurring: op.code === 'CONFIRM_ALL',
      }
    default:
      return null
  }
}

/**
 * The template in the editor as a save would store it (its HTML cleaned by the same allow-list),
 * so that a preview or test send is what a real send of the saved template would be. An empty one
 * previews the built-in default of its type.
 */
function editedTemplate(input: EmailTemplatePreviewInput): MailTemplate {
  if (!input.email_subject.trim() && !input.email_content.trim())
    return defaultTemplates[input.template_type] as MailTemplate
  return { subject: input.email_subject, html: sanitizeEmailContent(input.email_content) }
}

/**
 * The merge values of a preview: those of a booking of the template's organization, or a sample
 * made of that organization's own details and an invented booking. Never another organization's.
 */
async function previewValues(
  ctx: Ctx,
  publicUrl: string,
  organizationId: number,
  bookingId: number | null | undefined,
): Promise<MergeValues> {
  if (bookingId) {
    const booking = await getBooking(ctx, bookingId)
    if (booking.org_id !== organizationId) throw notFound()
    const [row] = await repo.mailBookings(ctx.tx, [bookingId], organizationId)
    if (!row) throw notFound()
    const facts = row.facts
    const charged = booking.additionalCharges.reduce((total, c) => total + toCents(c.amount), 0)
    return bookingMergeValues(booking, facts, publicUrl, {
      refundAmount: booking.partial_room_amount_refund,
      chargeAmount: centsToDecimal(charged),
    })
  }
  const organization = await repo.organizationSample(ctx.tx, organizationId)
  if (!organization) throw notFound()
  const currency = organization.currencyCode.toUpperCase()
  const date = displayDate(addDays(wallClock(new Date(), 'UTC').date, 7), organization.timeFormat as 'dd/mm')
  return {
    booking_reference: `${organization.bookingPrefix}1001`,
    booking_date: date,
    start_time: '09:00 AM',
    end_time: '11:00 AM',
    booking_duration: '2 Hours',
    booking_dates: `${date} 09:00 AM – 11:00 AM`,
    invoice_number: `${organization.bookingPrefix}1001`,
    booking_status: 'Confirmed',
    booking_total: `${currency} 120.00`,
    payment_method: 'Invoice',
    payment_status: 'Unpaid',
    refund_amount: `${currency} 20.00`,
    additional_charge_amount: `${currency} 15.00`,
    security_bond_amount: `${currency} 200.00`,
    client_name: 'Sample Client Pty Ltd',
    attendees: '6',
    special_requirements: 'Coffee for six at 10:30.',
    room_name: 'Sample Boardroom',
    center_name: 'Sample Location',
    center_address: '1 Sample Street, Sydney NSW 2000',
    center_email: organization.contactEmail,
    site_access_instructions: 'Reception on the ground floor gives you a visitor pass.',
    organization_name: organization.name,
    organization_contact_email: organization.contactEmail,
    organization_contact_number: organization.contactNumber,
    organization_website: organization.website,
    user_first_name: 'Sam',
    user_last_name: 'Sample',
    user_email: 'sam.sample@example.com',
    calendar_link: `${publicUrl}/admin/book/list`,
    directions_link: 'https://www.google.com/maps/dir/?api=1&destination=Sydney',
    booking_link: `${publicUrl}/admin/book/list`,
    sign_in_link: `${publicUrl}/admin/login`,
  }
}

/** Preview: the template rendered exactly as it would be sent (issue 17 item 9). */
export async function previewTemplate(
  ctx: Ctx,
  publicUrl: string,
  input: EmailTemplatePreviewInput,
): Promise<EmailTemplatePreview> {
  const organizationId = organizationForWrite(ctx.actor, input.organization_id)
  const values = await previewValues(ctx, publicUrl, organizationId, input.bookingId)
  return { ...renderTemplate(editedTemplate(input), values), bookingId: input.bookingId ?? null }
}

/**
 * Send test: the edited template rendered and queued as a real send of it is (same cleaning, same
 * rendering, same delivery), with the template's PDF, to the signed-in user only.
 */
export async function sendTestMail(ctx: Ctx, deps: BookingMailDeps, input: EmailTemplatePreviewInput) {
  const organizationId = organizationForWrite(ctx.actor, input.organization_id)
  const values = await previewValues(ctx, deps.publicUrl, organizationId, input.bookingId)
  const rendered = renderHtml(editedTemplate(input), values)
  const to = await repo.userEmail(ctx.tx, ctx.actor.userId)
  if (!to) throw notFound()
  const attachments: MailAttachmentRef[] = []
  const url = input.attachment_file[0]
  if (url) {
    // Only an attachment the user may read: another organization's stays out of the mail too.
    if (
      !isUploadUrl(url) ||
      !(await attachmentReadableBy(ctx.tx, url, ctx.actor.organizationId, ctx.actor.userId))
    )
      throw fieldError('attachment_file', messages.onlyPdf)
    const title = (input.attachment_file_title || 'Attachment').replace(/\.pdf$/i, '')
    attachments.push({ kind: 'upload', filename: `${title}.pdf`, url })
  }
  await deps.mailer.send(ctx.tx, { ...mailOf(rendered, to, '', ''), attachments })
  return { message: messages.testMailSent(to) }
}
