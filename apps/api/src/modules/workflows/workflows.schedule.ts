import { centerDateTime, type TimeFormat, workflowDueAt } from '@spaceboard/domain'
import type { Tx } from '../../db/client.ts'
import * as repo from './workflow-sends.repository.ts'

type Booking = repo.BookingToSchedule
type Workflow = repo.WorkflowTiming

function matches(workflow: Workflow, booking: Booking) {
  return (
    booking.cancelledAt === null &&
    (workflow.centerId === null || workflow.centerId === booking.centerId) &&
    (workflow.meetingroomId === null || workflow.meetingroomId === booking.spaceId)
  )
}

export function dueAtOf(workflow: Workflow, booking: Booking) {
  const event = workflow.eventVariable === 'event_date' ? booking.startTime : booking.createdAt
  return workflowDueAt(event, booking.zone, {
    time_value: workflow.timeValue,
    time_unit: workflow.timeUnit,
    direction: workflow.direction,
  })
}

const reasons = {
  // Read beside the log's Executed At: on the booking's location clock, in the organization's date order.
  passed: (due: Date, zone: string, timeFormat: TimeFormat) =>
    `Skipped: its time (${centerDateTime(due.toISOString(), { timezone: zone, time_format: timeFormat })}) had already passed when it was scheduled`,
  bookingCancelled: 'Cancelled: the booking was cancelled',
  noLongerMatches: 'Cancelled: the booking no longer matches the workflow',
  workflowDeleted: 'Cancelled: the workflow was deleted',
  dontSendEmail: 'Skipped: the booking was made with dontSendEmail',
}

/**
 * Brings the sends of these workflows for these bookings in line with them, in the caller's
 * transaction: a matching booking gets its send at its due time (moved if it was pending), one that
 * no longer matches has its pending send cancelled, and a pending send whose time has now passed is
 * recorded as done and logged skipped rather than sent late. A booking being created whose send
 * time has already passed gets that send logged skipped too (the workflow applied to it when it was
 * made). A booking that existed before the workflow and whose time had passed before it gets no
 * send and no log: it was never due, and creating a workflow logs what it did, not what it never
 * had to do. Sends already done or cancelled stay as they are, so nothing is sent twice.
 */
export async function syncSends(
  tx: Tx,
  organizationId: number,
  bookings: Booking[],
  workflows: Workflow[],
  now = new Date(),
  dontSendEmail = false,
  created = false,
) {
  if (!bookings.length || !workflows.length) return
  // Bookings made in this transaction have no sends yet.
  const existing = created
    ? []
    : await repo.sendsForUpdate(
        tx,
        organizationId,
        bookings.map((b) => b.id),
        workflows.map((w) => w.id),
      )
  const byPair = new Map(existing.map((e) => [`${e.workflowId}:${e.bookingId}`, e]))
  const inserts: Parameters<typeof repo.insertSends>[1] = []
  const skippedInserts: Parameters<typeof repo.insertSends>[1] = []
  const cancel: number[] = []
  const finish: number[] = []
  const logs: Parameters<typeof repo.insertLogs>[1] = []
  let timeFormat: TimeFormat | undefined
  for (const booking of bookings) {
    for (const workflow of workflows) {
      const send = byPair.get(`${workflow.id}:${booking.id}`)
      if (send && send.state !== 'pending') continue
      const log = (status: string, remarks: string) =>
        logs.push({
          organizationId,
          bookingId: booking.id,
          workflowId: workflow.id,
          workflowName: workflow.name,
          status,
          remarks,
        })
      if (!matches(workflow, booking)) {
        if (send) {
          cancel.push(send.id)
          log('cancelled', booking.cancelledAt ? reasons.bookingCancelled : reasons.noLongerMatches)
        }
        continue
      }
      const dueAt = dueAtOf(workflow, booking)
      const row = { organizationId, workflowId: workflow.id, bookingId: booking.id, dueAt }
      if (dontSendEmail && !send) {
        skippedInserts.push(row)
        log('skipped', reasons.dontSendEmail)
      } else if (dueAt <= now) {
        if (send || created) {
          if (send) finish.push(send.id)
          else skippedInserts.push(row)
          timeFormat ??= await repo.organizationTimeFormat(tx, organizationId)
          log('skipped', reasons.passed(dueAt, booking.zone, timeFormat))
        }
      } else if (!send) inserts.push(row)
      else if (send.dueAt.getTime() !== dueAt.getTime()) await repo.moveSend(tx, send.id, dueAt)
    }
  }
  await repo.insertSends(tx, inserts, 'pending')
  await repo.insertSends(tx, skippedInserts, 'done')
  await repo.closeSends(tx, cancel, 'cancelled')
  await repo.closeSends(tx, finish, 'done')
  await repo.insertLogs(tx, logs)
}

/** Cancels every pending send of a workflow (it was deleted), logging each. */
export async function cancelSendsOfWorkflow(tx: Tx, organizationId: number, workflowId: number) {
  const pending = await repo.pendingSends(tx, organizationId, { workflowId })
  await repo.closeSends(
    tx,
    pending.map((p) => p.id),
    'cancelled',
  )
  await repo.insertLogs(
    tx,
    pending.map((p) => ({
      organizationId,
      bookingId: p.bookingId,
      workflowId: p.workflowId,
      workflowName: p.workflowName,
      status: 'cancelled',
      remarks: reasons.workflowDeleted,
    })),
  )
}

/**
 * What the booking services call in their transaction when bookings are created, moved or
 * cancelled: their sends follow (scheduled, moved or cancelled). A booking made with dontSendEmail
 * gets no workflow mails, as it gets no booking mails: its sends are recorded done and logged
 * skipped, so that a later reschedule or workflow edit does not schedule them after all.
 */
export async function bookingsChanged(
  tx: Tx,
  organizationId: number,
  bookingIds: number[],
  now = new Date(),
  dontSendEmail = false,
) {
  if (!bookingIds.length) return
  const bookings = await repo.bookingsToSchedule(tx, organizationId, bookingIds)
  const workflows = await repo.liveWorkflows(tx, organizationId)
  await syncSends(tx, organizationId, bookings, workflows, now, dontSendEmail)
}

/**
 * What the create calls in its transaction for the bookings it made, whose times and location it
 * knows: their sends are scheduled as bookingsChanged would, reading only the live workflows (the
 * create's statements with 5 matching workflows: one insert more than without).
 */
export async function bookingsCreated(
  tx: Tx,
  organizationId: number,
  bookings: Booking[],
  now = new Date(),
  dontSendEmail = false,
) {
  if (!bookings.length) return
  const workflows = await repo.liveWorkflows(tx, organizationId)
  await syncSends(tx, organizationId, bookings, workflows, now, dontSendEmail, true)
}

/** A workflow created or edited: the upcoming bookings it applies to, and those it had pending sends for. */
export async function workflowChanged(tx: Tx, organizationId: number, workflowId: number, now = new Date()) {
  const workflow = (await repo.liveWorkflows(tx, organizationId)).find((w) => w.id === workflowId)
  if (!workflow) return
  const upcoming = await repo.bookingsForWorkflow(tx, organizationId, {
    centerId: workflow.centerId,
    spaceId: workflow.meetingroomId,
    startsAfter: now,
  })
  const pending = await repo.pendingSends(tx, organizationId, { workflowId })
  const known = new Set(upcoming.map((b) => b.id))
  const others = pending.map((p) => p.bookingId).filter((id) => !known.has(id))
  const formerly = others.length ? await repo.bookingsToSchedule(tx, organizationId, others) : []
  await syncSends(tx, organizationId, [...upcoming, ...formerly], [workflow], now)
}
