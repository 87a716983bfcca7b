import { pgTable, serial, text } from 'drizzle-orm/pg-core'
import { createdAt } from './shared.ts'

/** Mail written here when no SMTP server is configured. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: createdAt(),
})
