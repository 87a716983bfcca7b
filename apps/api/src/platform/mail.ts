import nodemailer from 'nodemailer'
import type { Tx } from '../db/client.ts'
import { insertOutboxMail } from './mail.repository.ts'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
}

export interface Mailer {
  /** Sends through SMTP when configured, otherwise writes to the outbox table in the caller's transaction. */
  send(tx: Tx, message: MailMessage): Promise<void>
  close(): void
}

export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  if (!smtpUrl) {
    return { send: (tx, message) => insertOutboxMail(tx, message), close() {} }
  }
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send(_tx, message) {
      await transport.sendMail({ from, ...message })
    },
    close: () => transport.close(),
  }
}
