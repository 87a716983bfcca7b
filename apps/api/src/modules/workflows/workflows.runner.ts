import { emailTemplateTypeInfo, usesOwnEmailTemplates } from '@spaceboard/domain'
import type { Database, Tx } from '../../db/client.ts'
import type { Mailer } from '../../platform/mail.ts'
import * as mailRepo from '../booking-mails/booking-mails.repository.ts'
import { defaultTemplates, type MailTemplate } from '../booking-mails/default-templates.ts'
import { bookingMergeValues } from '../booking-mails/merge-values.ts'
import { recipientOf } from '../booking-mails/recipients.ts'
import { renderHtml } from '../booking-mails/render.ts'
import * as repo from './workflow-sends.repository.ts'

const BATCH = 50
/**
 * Well under a minute: a send goes within 60 s of its due time (issue 18), and at 10,000 sends due
 * at once (`npm run bench workflow-drain`) the wait for the first poll is part of that minute. An
 * idle poll is one read of the pending sends' partial index.
 */
const POLL_MS = 5_000
/** How long a leased send is left to its process before another may take it (the first died). */
export const LEASE_SECONDS = 120

export interface WorkflowRunnerDeps {
  mailer: Mailer
  publicUrl: string
}

type LockedSend = Awaited<ReturnType<typeof repo.lockPendingSends>>[number]

type MailBooking = Awaited<ReturnType<typeof mailRepo.mailBookings>>[number]

/** Renders the workflow's template with the booking's merge values and queues it in the outbox. */
async function queueSend(tx: Tx, deps: WorkflowRunnerDeps, send: LockedSend, mail: MailBooking | undefined) {
  if (!mail) throw new Error('The booking is gone')
  const { booking, facts } = mail
  const type = send.emailTemplateType
  const own = usesOwnEmailTemplates({ features: facts.features, use_email_template: facts.useEmailTemplate })
  const template = (own ? await mailRepo.organizationTemplate(tx, send.organizationId, type) : null) ?? {
    ...(defaultTemplates[type] as MailTemplate),
    attachment: null,
  }
  const { audience } = emailTemplateTypeInfo(type)
  const { to, cc } = recipientOf(audience, booking, facts)
  if (!to)
    throw new Error(
      audience === 'center'
        ? 'The location has no booking e-mail address'
        : 'The booker has no e-mail address',
    )
  const rendered = renderHtml(template, bookingMergeValues(booking, facts, deps.publicUrl))
  await deps.mailer.send(tx, {
    to,
    cc,
    replyTo: facts.bookingEmail,
    subject: rendered.subject,
    html: rendered.html,
    text: '',
    attachments: template.attachment ? [{ kind: 'upload', ...template.attachment }] : [],
    trace: {
      organizationId: send.organizationId,
      bookingId: send.bookingId,
      recurringId: null,
      mailType: type,
    },
  })
  return [to, ...cc.split(',').filter(Boolean)].join(', ')
}

const CONFIRMATIONS_ONLY = 'Skipped: the client receives confirmation e-mails only'

/**
 * A confirmations-only client's booker gets its confirmations and nothing else, from a workflow as
 * from a booking event (issue 17 item 7); the location's mails still go. Decided when the send is
 * due, so that the client's setting then is the one that counts.
 */
function confirmationsOnly(send: LockedSend, mail: MailBooking) {
  const info = emailTemplateTypeInfo(send.emailTemplateType)
  return info.audience === 'user' && mail.facts.sendConfirmationOnly && !info.confirmation
}

/**
 * Sends the leased sends that are still pending: each one's mail is queued, the send marked done and
 * its log written in one transaction, so a send is either wholly done or (the transaction lost with
 * its process) still pending for the next lease. A send that cannot be made is logged failed.
 */
async function sendLeased(database: Database, deps: WorkflowRunnerDeps, ids: number[]) {
  await database.db.transaction(async (tx) => {
    const sends = await repo.lockPendingSends(tx, ids)
    // Every booking of the batch in one statement (the booking mails' own read).
    const mails = new Map(
      sends.length
        ? (await mailRepo.mailBookings(tx, [...new Set(sends.map((s) => s.bookingId))])).map((m) => [
            m.booking.bookingId,
            m,
          ])
        : [],
    )
    const logs: Parameters<typeof repo.insertLogs>[1] = []
    for (const send of sends) {
      let status = 'sent'
      let remarks: string
      const mail = mails.get(send.bookingId)
      if (mail && confirmationsOnly(send, mail)) {
        status = 'skipped'
        remarks = CONFIRMATIONS_ONLY
      } else
        try {
          remarks = `Sent to ${await tx.transaction((savepoint) => queueSend(savepoint, deps, send, mail))}`
        } catch (error) {
          status = 'failed'
          remarks = String((error as Error).message ?? error)
        }
      logs.push({
        organizationId: send.organizationId,
        bookingId: send.bookingId,
        workflowId: send.workflowId,
        workflowName: send.workflowName,
        status,
        remarks,
      })
    }
    await repo.closeSends(
      tx,
      sends.map((s) => s.id),
      'done',
    )
    await repo.insertLogs(tx, logs)
  })
}

export interface WorkflowRunner {
  /** Sends every due send and resolves when none is left (tests, benchmarks). */
  flush(): Promise<void>
  close(): Promise<void>
}

/**
 * The runner of one API process: every POLL_MS it leases due sends (FOR UPDATE SKIP LOCKED, so any
 * number of processes share them) and sends them through the outbox.
 */
export function createWorkflowRunner(
  database: Database,
  deps: WorkflowRunnerDeps,
  log: (error: unknown) => void,
  options: { poll?: boolean } = {},
): WorkflowRunner {
  let running: Promise<void> | null = null

  async function batch(): Promise<number> {
    const ids = await database.db.transaction((tx) => repo.leaseDueSends(tx, BATCH, LEASE_SECONDS))
    if (ids.length) await sendLeased(database, deps, ids)
    return ids.length
  }

  function run(): Promise<void> {
    running ??= (async () => {
      try {
        while ((await batch()) === BATCH) {}
        deps.mailer.kick()
      } catch (error) {
        log(error)
      } finally {
        running = null
      }
    })()
    return running
  }

  const timer = options.poll === false ? null : setInterval(() => void run(), POLL_MS)
  timer?.unref()
  return {
    async flush() {
      await running
      await run()
    },
    async close() {
      if (timer) clearInterval(timer)
      await running
    },
  }
}
