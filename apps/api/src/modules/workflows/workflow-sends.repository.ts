// The runner's and the scheduler's SQL: the bookings and live workflows a send is planned from,
// the sends themselves (planned, leased, moved, closed) and the booking's log lines.
import type { TimeFormat } from '@spaceboard/domain'
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { instantArray, intArray } from '../../db/arrays.ts'
import type { Tx } from '../../db/client.ts'
import { preparedQuery } from '../../db/prepared.ts'
import {
  bookings,
  bookingWorkflowLogs,
  centers,
  organizations,
  workflowSends,
  workflows,
} from '../../db/schema/index.ts'

/** What scheduling needs of a booking: when it starts, when it was booked, where, in which zone. */
export function bookingsToSchedule(tx: Tx, organizationId: number, bookingIds: number[]) {
  return tx
    .select({
      id: bookings.id,
      organizationId: bookings.organizationId,
      centerId: bookings.centerId,
      spaceId: bookings.spaceId,
      startTime: bookings.startTime,
      createdAt: bookings.createdAt,
      cancelledAt: bookings.cancelledAt,
      zone: centers.timezoneId,
    })
    .from(bookings)
    .innerJoin(centers, eq(centers.id, bookings.centerId))
    .where(and(eq(bookings.organizationId, organizationId), inArray(bookings.id, bookingIds)))
}

export type BookingToSchedule = Awaited<ReturnType<typeof bookingsToSchedule>>[number]

const workflowTimingColumns = {
  id: workflows.id,
  name: workflows.name,
  centerId: workflows.centerId,
  meetingroomId: workflows.meetingroomId,
  timeValue: workflows.timeValue,
  timeUnit: workflows.timeUnit,
  direction: workflows.direction,
  eventVariable: workflows.eventVariable,
}

const liveWorkflowsOf = preparedQuery('workflows_live', (tx) =>
  tx
    .select(workflowTimingColumns)
    .from(workflows)
    .where(and(eq(workflows.organizationId, sql.placeholder('organizationId')), isNull(workflows.deletedAt))),
)

/**
 * The live workflows of an organization (a create matches each booking against them in memory): a
 * prepared statement, as every booking create, move and cancel reads them.
 */
export function liveWorkflows(tx: Tx, organizationId: number) {
  return liveWorkflowsOf(tx, { organizationId })
}

export type WorkflowTiming = Awaited<ReturnType<typeof liveWorkflows>>[number]

/** The bookings a workflow now applies to: not cancelled, not yet past the latest due time it could give. */
export function bookingsForWorkflow(
  tx: Tx,
  organizationId: number,
  where: { centerId: number | null; spaceId: number | null; startsAfter: Date },
) {
  return tx
    .select({
      id: bookings.id,
      organizationId: bookings.organizationId,
      centerId: bookings.centerId,
      spaceId: bookings.spaceId,
      startTime: bookings.startTime,
      createdAt: bookings.createdAt,
      cancelledAt: bookings.cancelledAt,
      zone: centers.timezoneId,
    })
    .from(bookings)
    .innerJoin(centers, eq(centers.id, bookings.centerId))
    .where(
      and(
        eq(bookings.organizationId, organizationId),
        isNull(bookings.cancelledAt),
        sql`${bookings.startTime} > ${where.startsAfter.toISOString()}`,
        where.centerId === null ? undefined : eq(bookings.centerId, where.centerId),
        where.spaceId === null ? undefined : eq(bookings.spaceId, where.spaceId),
      ),
    )
}

const INSERT_BATCH = 1000

/** The sends of these bookings for these workflows, locked until the transaction ends. */
export function sendsForUpdate(tx: Tx, organizationId: number, bookingIds: number[], workflowIds: number[]) {
  return tx
    .select({
      id: workflowSends.id,
      workflowId: workflowSends.workflowId,
      bookingId: workflowSends.bookingId,
      state: workflowSends.state,
      dueAt: workflowSends.dueAt,
    })
    .from(workflowSends)
    .where(
      and(
        eq(workflowSends.organizationId, organizationId),
        inArray(workflowSends.bookingId, bookingIds),
        inArray(workflowSends.workflowId, workflowIds),
      ),
    )
    .for('update')
}

/**
 * New sends; `done` records one that was skipped (its time had passed), so it is never scheduled
 * again. The rows go in as arrays, so the text is the same for any number of them: PGlite parses
 * it once, and a workflow's thousands of sends need no batches.
 */
export async function insertSends(
  tx: Tx,
  rows: { organizationId: number; workflowId: number; bookingId: number; dueAt: Date }[],
  state: 'pending' | 'done',
) {
  if (!rows.length) return
  await tx.execute(sql`insert into ${workflowSends} (organization_id, workflow_id, booking_id, due_at, state)
    select r.organization_id, r.workflow_id, r.booking_id, r.due_at, ${state}
    from unnest(${intArray(rows.map((r) => r.organizationId))}::int[], ${intArray(rows.map((r) => r.workflowId))}::int[],
      ${intArray(rows.map((r) => r.bookingId))}::int[], ${instantArray(rows.map((r) => r.dueAt))}::timestamptz[])
      as r(organization_id, workflow_id, booking_id, due_at)
    on conflict do nothing`)
}

/** The pending sends of some bookings (or of a workflow), with their workflow's timing. */
export function pendingSends(
  tx: Tx,
  organizationId: number,
  by: { bookingIds?: number[]; workflowId?: number },
) {
  return tx
    .select({
      id: workflowSends.id,
      bookingId: workflowSends.bookingId,
      workflowId: workflowSends.workflowId,
      workflowName: workflows.name,
    })
    .from(workflowSends)
    .innerJoin(workflows, eq(workflows.id, workflowSends.workflowId))
    .where(
      and(
        eq(workflowSends.organizationId, organizationId),
        eq(workflowSends.state, 'pending'),
        by.bookingIds ? inArray(workflowSends.bookingId, by.bookingIds) : undefined,
        by.workflowId === undefined ? undefined : eq(workflowSends.workflowId, by.workflowId),
      ),
    )
    .for('update')
}

export async function closeSends(tx: Tx, ids: number[], state: 'done' | 'cancelled') {
  for (let i = 0; i < ids.length; i += INSERT_BATCH)
    await tx
      .update(workflowSends)
      .set({ state, leasedUntil: null, updatedAt: sql`now()` })
      .where(inArray(workflowSends.id, ids.slice(i, i + INSERT_BATCH)))
}

export async function moveSend(tx: Tx, id: number, dueAt: Date) {
  await tx
    .update(workflowSends)
    .set({ dueAt, leasedUntil: null, updatedAt: sql`now()` })
    .where(eq(workflowSends.id, id))
}

export async function insertLogs(
  tx: Tx,
  rows: {
    organizationId: number
    bookingId: number
    workflowId: number
    workflowName: string
    status: string
    remarks: string
  }[],
) {
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await tx.insert(bookingWorkflowLogs).values(rows.slice(i, i + INSERT_BATCH))
}

/**
 * Leases due sends for `leaseSeconds`: rows another process is leasing are skipped, and a lease
 * that ran out (its process died between lease and send) is taken again. Committed on its own, so
 * the sending transaction that follows is short of nothing but the sends.
 */
export async function leaseDueSends(tx: Tx, limit: number, leaseSeconds: number) {
  const due = await tx
    .select({ id: workflowSends.id })
    .from(workflowSends)
    .where(
      and(
        eq(workflowSends.state, 'pending'),
        lte(workflowSends.dueAt, sql`now()`),
        or(isNull(workflowSends.leasedUntil), lt(workflowSends.leasedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(workflowSends.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true })
  if (!due.length) return []
  const leased = await tx
    .update(workflowSends)
    .set({ leasedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(
      inArray(
        workflowSends.id,
        due.map((d) => d.id),
      ),
    )
    .returning({ id: workflowSends.id })
  return leased.map((r) => r.id)
}

/**
 * The leased sends still pending, locked for the sending transaction: one that another process
 * already sent (its lease had run out and was retaken) is done and left out, so none goes twice.
 */
export function lockPendingSends(tx: Tx, ids: number[]) {
  return tx
    .select({
      id: workflowSends.id,
      organizationId: workflowSends.organizationId,
      bookingId: workflowSends.bookingId,
      workflowId: workflows.id,
      workflowName: workflows.name,
      emailTemplateType: workflows.emailTemplateType,
    })
    .from(workflowSends)
    .innerJoin(workflows, eq(workflows.id, workflowSends.workflowId))
    .where(and(inArray(workflowSends.id, ids), eq(workflowSends.state, 'pending')))
    .orderBy(workflowSends.id)
    .for('update', { of: workflowSends })
}

/** The organization's date order, as its people read dates (dd/mm unless it chose mm/dd). */
export async function organizationTimeFormat(tx: Tx, organizationId: number): Promise<TimeFormat> {
  const [row] = await tx
    .select({ timeFormat: organizations.timeFormat })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return row?.timeFormat === 'mm/dd' ? 'mm/dd' : 'dd/mm'
}
