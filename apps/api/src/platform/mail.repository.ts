import { desc } from 'drizzle-orm'
import type { Tx } from '../db/client.ts'
import { mailOutbox } from '../db/schema/index.ts'
import type { MailMessage } from './mail.ts'

export async function insertOutboxMail(tx: Tx, message: MailMessage) {
  await tx
    .insert(mailOutbox)
    .values({ to: message.to, subject: message.subject, text: message.text, html: message.html })
}

export function listOutbox(tx: Tx) {
  return tx.select().from(mailOutbox).orderBy(desc(mailOutbox.id))
}
