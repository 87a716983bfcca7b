import type { Database, Tx } from '../db/client.ts'
import {
  insertOutboxMails,
  leaseDueMails,
  type MailMessage,
  markAttemptFailed,
  markSent,
  type OutboxMail,
} from './mail.repository.ts'
import { onFirstUse } from './on-first-use.ts'

/** What nodemailer gets for a queued mail's attachment references (made when the mail is sent). */
export interface ResolvedAttachments {
  attachments: { filename: string; content: Buffer; contentType: string }[]
  icalEvent?: { filename: string; method: string; content: string }
}
export type AttachmentResolver = (mail: OutboxMail) => Promise<ResolvedAttachments>

const noAttachments: AttachmentResolver = async () => ({ attachments: [] })

const htmlToText = onFirstUse<typeof import('html-to-text')>('html-to-text')

/** The plain-text alternative of an HTML mail: links as "text [address]", images left out. */
export function plainText(html: string): string {
  return htmlToText().convert(html, {
    wordwrap: 100,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
    ],
  })
}

export interface Mailer {
  /** Queues the mails in the caller's transaction: they are sent only if that transaction commits. */
  send(tx: Tx, ...messages: MailMessage[]): Promise<void>
  /** Asks the worker to deliver now (after a commit), without waiting for it. */
  kick(): void
  /** Delivers every due mail and resolves when done (tests, shutdown). */
  flush(): Promise<void>
  close(): Promise<void>
}

const BATCH = 20
const POLL_MS = 5000
const MAX_ATTEMPTS = 5
const LEASE_SECONDS = 300
/** SMTP connections kept open by the worker: a batch's mails go out over them side by side. */
const CONNECTIONS = 4

/**
 * Mail goes through the outbox table. Without SMTP it stays there (`kept`): that is the delivery in
 * development and tests. With SMTP a worker sends it outside any request, so a slow or failing mail
 * server never holds a request open nor tells a caller anything.
 */
export function createMailer(
  database: Database,
  smtpUrl: string | undefined,
  from: string,
  log: (error: unknown) => void,
  resolveAttachments: AttachmentResolver = noAttachments,
): Mailer {
  if (!smtpUrl) {
    return {
      send: (tx, ...messages) => insertOutboxMails(tx, messages, 'kept'),
      kick() {},
      flush: async () => {},
      close: async () => {},
    }
  }
  let transport: Awaited<ReturnType<typeof openTransport>> | undefined
  async function openTransport() {
    const { default: nodemailer } = await import('nodemailer')
    // Pooled: one connection (and greeting) per many mails, not one per mail.
    return nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: CONNECTIONS })
  }
  let running: Promise<void> | null = null
  let again = false

  async function recordFailure(mail: OutboxMail, error: unknown) {
    const code = (error as { responseCode?: number }).responseCode ?? 0
    // A 5xx answer is permanent; anything else is tried again later, up to MAX_ATTEMPTS.
    const giveUp = code >= 500 || mail.attempts >= MAX_ATTEMPTS
    const message = String((error as Error).message ?? error)
    await database.db.transaction((tx) =>
      markAttemptFailed(tx, mail.id, message, giveUp, 60 * 2 ** mail.attempts),
    )
  }

  /**
   * Sends one batch: leased in a short transaction, sent outside any transaction, then recorded.
   * Attachments are made one mail at a time (a confirmation PDF takes a heavy-work slot); the mails
   * then go out side by side over the pooled connections.
   */
  async function deliverBatch(): Promise<number> {
    const leased = await database.db.transaction((tx) => leaseDueMails(tx, BATCH, LEASE_SECONDS))
    if (!leased.length) return 0
    transport ??= await openTransport()
    const pool = transport
    const sending: Promise<void>[] = []
    for (const mail of leased) {
      let resolved: ResolvedAttachments
      try {
        resolved = await resolveAttachments(mail)
      } catch (error) {
        await recordFailure(mail, error)
        continue
      }
      sending.push(
        pool
          .sendMail({
            from,
            to: mail.to,
            cc: mail.cc || undefined,
            replyTo: mail.replyTo || undefined,
            subject: mail.subject,
            // Queued without it (its making costs a request a few ms), the plain part is made here.
            text: mail.text || plainText(mail.html ?? ''),
            html: mail.html ?? undefined,
            attachments: resolved.attachments,
            icalEvent: resolved.icalEvent,
          })
          .then(
            () => database.db.transaction((tx) => markSent(tx, mail.id)),
            (error) => recordFailure(mail, error),
          ),
      )
    }
    await Promise.all(sending)
    return leased.length
  }

  function run(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      try {
        do {
          again = false
          while ((await deliverBatch()) === BATCH) {}
        } while (again)
      } catch (error) {
        log(error)
      } finally {
        running = null
      }
    })()
    return running
  }

  const timer = setInterval(() => void run(), POLL_MS)
  timer.unref()
  return {
    send: (tx, ...messages) => insertOutboxMails(tx, messages, 'pending'),
    kick: () => void run(),
    flush: () => run(),
    async close() {
      clearInterval(timer)
      await running
      transport?.close()
    },
  }
}
