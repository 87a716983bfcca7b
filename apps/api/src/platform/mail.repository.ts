import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Tx } from '../db/client.ts'
import { mailOutbox } from '../db/schema/index.ts'
import type { MailAttachmentRef } from '../db/schema/mail.ts'

export type { MailAttachmentRef }

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  /** Comma-separated copies. */
  cc?: string
  replyTo?: string
  attachments?: MailAttachmentRef[]
  /** What a booking mail is about, for its trace on the booking. */
  trace?: { organizationId: number; bookingId: number; recurringId: number | null; mailType: string }
}

export type OutboxMail = typeof mailOutbox.$inferSelect

/** Queues mails with one insert: a booking event's mails cost its transaction one round trip. */
export async function insertOutboxMails(tx: Tx, messages: MailMessage[], status: 'kept' | 'pending') {
  if (!messages.length) return
  await tx.insert(mailOutbox).values(
    messages.map((message) => ({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      cc: message.cc ?? '',
      replyTo: message.replyTo ?? '',
      attachments: message.attachments ?? [],
      organizationId: message.trace?.organizationId,
      bookingId: message.trace?.bookingId,
      recurringId: message.trace?.recurringId,
      mailType: message.trace?.mailType,
      status,
    })),
  )
}

export function listOutbox(tx: Tx) {
  return tx.select().from(mailOutbox).orderBy(desc(mailOutbox.id))
}

/**
 * Leases the due pending mails to this worker for `leaseSeconds` and answers them. Rows another
 * process is claiming are skipped; a lease that runs out (a crashed worker) makes the mail due again.
 */
export async function leaseDueMails(tx: Tx, limit: number, leaseSeconds: number) {
  const due = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true })
  if (due.length === 0) return []
  return tx
    .update(mailOutbox)
    .set({
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(
      inArray(
        mailOutbox.id,
        due.map((d) => d.id),
      ),
    )
    .returning()
}

export async function markSent(tx: Tx, id: number) {
  await tx
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(eq(mailOutbox.id, id))
}

export async function markAttemptFailed(
  tx: Tx,
  id: number,
  error: string,
  giveUp: boolean,
  retryInSeconds: number,
) {
  await tx
    .update(mailOutbox)
    .set({
      status: giveUp ? 'failed' : 'pending',
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
    })
    .where(eq(mailOutbox.id, id))
}
