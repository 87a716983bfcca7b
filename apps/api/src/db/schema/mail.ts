import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from './shared.ts'

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
  },
  (t) => [index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt)],
)
