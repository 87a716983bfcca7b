import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from './shared.ts'

/**
 * What a queued mail carries besides its text, by reference where the bytes are large or made at
 * delivery: a stored upload (read when sent), the booking confirmation PDF (rendered when sent, in
 * the heavy-work pool, from the booking as it is then) or an iCalendar invitation (its
 * events as the event saw them, SEQUENCE included, written out when sent).
 */
export type MailAttachmentRef =
  | { kind: 'upload'; filename: string; url: string }
  | { kind: 'confirmationPdf'; filename: string; bookingId: number }
  | {
      kind: 'calendar'
      filename: string
      method: 'REQUEST' | 'CANCEL'
      zone: string
      publicUrl: string
      organizer: { name: string; email: string }
      events: {
        bookingId: number
        start: string
        end: string
        summary: string
        location: string
        description: string
        url: string
        sequence: number
        /** Absent in mails queued before issue 42: then what the method implies. */
        status?: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED'
        attendee?: { name: string; email: string }
      }[]
    }

/**
 * Every e-mail is written here in the sender's transaction. With SMTP configured a worker delivers
 * the pending ones (claimed with FOR UPDATE SKIP LOCKED, so several processes never send one twice);
 * without it they stay here as `kept`.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** kept | pending | sent | failed */
    status: text('status').notNull().default('kept'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    cc: text('cc').notNull().default(''),
    replyTo: text('reply_to').notNull().default(''),
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>().notNull().default([]),
    /** The organization, booking (or series) and template type a booking mail was sent for: its trace. */
    organizationId: integer('organization_id'),
    bookingId: integer('booking_id'),
    recurringId: integer('recurring_id'),
    mailType: text('mail_type'),
  },
  (t) => [
    index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_booking_idx').on(t.bookingId),
    index('mail_outbox_recurring_idx').on(t.recurringId),
  ],
)
