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
const juice = onFirstUse<typeof import('juice')>('juice')

/**
 * The plain-text alternative of an HTML mail, as a person would write it: links as
 * "text [address]", images left out, and a table (a mail's "label / value" details) laid out in
 * columns, so that a label never runs into its value.
 */
export function plainText(html: string): string {
  return htmlToText().convert(html, {
    wordwrap: 100,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  })
}

const indents = Array.from({ length: 8 }, (_, i) => i + 1)
  .map((n) => `.ql-indent-${n}{padding-left:${3 * n}em}li.ql-indent-${n}{padding-left:${3 * n + 1.5}em}`)
  .join('')

/**
 * What the editor's classes mean (Quill's own style sheet, which no mail carries): mail clients
 * drop style sheets, so a class alone leaves a centred line on the left.
 */
const quillCss = `.ql-align-center{text-align:center}.ql-align-right{text-align:right}
.ql-align-justify{text-align:justify}${indents}
.ql-size-small{font-size:0.75em}.ql-size-large{font-size:1.5em}.ql-size-huge{font-size:2.5em}
.ql-font-serif{font-family:Georgia,'Times New Roman',serif}
.ql-font-monospace{font-family:Monaco,'Courier New',monospace}
li[data-list=bullet]{list-style-type:disc}li[data-list=ordered]{list-style-type:decimal}`

/** A mail's HTML as it is sent: the editor's formatting written into each element's style. */
export function inlineStyles(html: string): string {
  return juice().default.inlineContent(html, quillCss, {
    applyWidthAttributes: false,
    applyHeightAttributes: false,
  })
}

/** The HTML and plain-text parts of a mail as they go out: every mail, test sends too, is made here. */
export function mailParts(html: string, text = '') {
  const sent = inlineStyles(html)
  return { html: sent, text: text || plainText(sent) }
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
            // Queued without them (their making costs a request a few ms), the sent parts are made here.
            ...(mail.html ? mailParts(mail.html, mail.text) : { text: mail.text }),
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
