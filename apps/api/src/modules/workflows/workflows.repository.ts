import type { ListQuery, TimeFormat, WorkflowOrder } from '@spaceboard/domain'
import { and, asc, count, eq, ilike, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm'
import { instantArray, intArray } from '../../db/arrays.ts'
import type { Tx } from '../../db/client.ts'
import { preparedQueries, preparedQuery } from '../../db/prepared.ts'
import {
  bookings,
  bookingWorkflowLogs,
  centers,
  emailTemplates,
  organizations,
  spaces,
  workflowSends,
  workflows,
} from '../../db/schema/index.ts'
import { containsPattern, type ListWindow, orderBy, totalCount } from '../../platform/list.ts'

const columns = {
  id: workflows.id,
  name: workflows.name,
  organization_id: workflows.organizationId,
  organizationName: organizations.name,
  center_id: workflows.centerId,
  locationName: centers.name,
  meetingroom_id: workflows.meetingroomId,
  spaceName: spaces.name,
  action_type: workflows.actionType,
  email_template_id: workflows.emailTemplateId,
  emailTemplateType: workflows.emailTemplateType,
  time_value: workflows.timeValue,
  time_unit: workflows.timeUnit,
  direction: workflows.direction,
  event_variable: workflows.eventVariable,
  created_by: workflows.createdBy,
  updated_by: workflows.updatedBy,
  created_at: workflows.createdAt,
  updated_at: workflows.updatedAt,
}

const sortable = {
  name: sql`lower(${workflows.name})`,
  organizationName: sql`lower(${organizations.name})`,
  locationName: sql`lower(${centers.name})`,
  spaceName: sql`lower(${spaces.name})`,
  action_type: workflows.actionType,
  emailTemplateType: workflows.emailTemplateType,
  event_variable: workflows.eventVariable,
  created_at: workflows.createdAt,
} satisfies Record<WorkflowOrder, unknown>

export interface WorkflowFilter {
  /** null: every organization (super). */
  organizationId: number | null
  search: string
}

function filterShape({ organizationId, search }: WorkflowFilter) {
  return { organization: organizationId !== null, search: search.trim() !== '' }
}
type FilterShape = ReturnType<typeof filterShape>

function filterValues({ organizationId, search }: WorkflowFilter) {
  return { organizationId, pattern: containsPattern(search.trim()) }
}

/** A search matches the workflow's, its organization's, location's or space's name. */
function filter(shape: FilterShape): SQL | undefined {
  const pattern = sql.placeholder('pattern')
  return and(
    isNull(workflows.deletedAt),
    shape.organization ? eq(workflows.organizationId, sql.placeholder('organizationId')) : undefined,
    shape.search
      ? or(
          ilike(workflows.name, pattern),
          ilike(organizations.name, pattern),
          ilike(centers.name, pattern),
          ilike(spaces.name, pattern),
        )
      : undefined,
  )
}

const pageOfWorkflows = preparedQueries(
  'workflow_list',
  (tx, shape: FilterShape & Pick<ListQuery<WorkflowOrder>, 'order' | 'direct'> & { window: boolean }) => {
    const base = tx
      .select({ ...columns, total: totalCount() })
      .from(workflows)
      .innerJoin(organizations, eq(organizations.id, workflows.organizationId))
      .leftJoin(centers, eq(centers.id, workflows.centerId))
      .leftJoin(spaces, eq(spaces.id, workflows.meetingroomId))
      .where(filter(shape))
      .orderBy(...orderBy(sortable, shape, 'created_at', workflows.id))
      .$dynamic()
    return shape.window ? base.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : base
  },
)

export function listWorkflows(
  tx: Tx,
  where: WorkflowFilter,
  query: Pick<ListQuery<WorkflowOrder>, 'order' | 'direct'>,
  window: ListWindow | null,
) {
  return pageOfWorkflows(
    tx,
    { ...filterShape(where), order: query.order, direct: query.direct, window: Boolean(window) },
    { ...filterValues(where), limit: window?.limit, offset: window?.offset },
  )
}

export async function countWorkflows(tx: Tx, where: WorkflowFilter) {
  const [row] = await tx
    .select({ n: count() })
    .from(workflows)
    .innerJoin(organizations, eq(organizations.id, workflows.organizationId))
    .leftJoin(centers, eq(centers.id, workflows.centerId))
    .leftJoin(spaces, eq(spaces.id, workflows.meetingroomId))
    .where(filter(filterShape(where)))
    .execute(filterValues(where))
  return row?.n ?? 0
}

export async function findWorkflow(tx: Tx, id: number) {
  const [row] = await tx
    .select(columns)
    .from(workflows)
    .innerJoin(organizations, eq(organizations.id, workflows.organizationId))
    .leftJoin(centers, eq(centers.id, workflows.centerId))
    .leftJoin(spaces, eq(spaces.id, workflows.meetingroomId))
    .where(and(eq(workflows.id, id), isNull(workflows.deletedAt)))
  return row
}

export async function centerOfOrganization(tx: Tx, organizationId: number, centerId: number) {
  const [row] = await tx
    .select({ id: centers.id })
    .from(centers)
    .where(and(eq(centers.id, centerId), eq(centers.organizationId, organizationId)))
  return Boolean(row)
}

export async function spaceOfCenter(tx: Tx, organizationId: number, centerId: number, spaceId: number) {
  const [row] = await tx
    .select({ id: spaces.id })
    .from(spaces)
    .where(
      and(eq(spaces.id, spaceId), eq(spaces.organizationId, organizationId), eq(spaces.centerId, centerId)),
    )
  return Boolean(row)
}

export async function templateOfOrganization(tx: Tx, organizationId: number, templateId: number) {
  const [row] = await tx
    .select({ type: emailTemplates.templateType })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.id, templateId), eq(emailTemplates.organizationId, organizationId)))
  return row?.type
}

export type WorkflowValues = Omit<
  typeof workflows.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'createdBy'
>

export async function insertWorkflow(
  tx: Tx,
  organizationId: number,
  createdBy: number,
  values: WorkflowValues,
) {
  const [row] = await tx
    .insert(workflows)
    .values({ ...values, organizationId, createdBy })
    .returning({ id: workflows.id })
  if (!row) throw new Error('insert returned nothing')
  return row.id
}

export async function updateWorkflow(tx: Tx, id: number, values: WorkflowValues) {
  await tx
    .update(workflows)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(workflows.id, id))
}

/**
 * Deleted workflows stay as rows (their sends and logs point at them) but let go of their template,
 * which may then be deleted.
 */
export async function deleteWorkflow(tx: Tx, id: number, userId: number) {
  await tx
    .update(workflows)
    .set({ deletedAt: sql`now()`, emailTemplateId: null, updatedBy: userId, updatedAt: sql`now()` })
    .where(eq(workflows.id, id))
}

/** The names of the live workflows that send a template (GET check-workflow-usage). */
export async function workflowNamesUsingTemplate(tx: Tx, organizationId: number, templateId: number) {
  const rows = await tx
    .select({ name: workflows.name })
    .from(workflows)
    .where(
      and(
        eq(workflows.organizationId, organizationId),
        eq(workflows.emailTemplateId, templateId),
        isNull(workflows.deletedAt),
      ),
    )
    .orderBy(workflows.name)
  return rows.map((r) => r.name)
}

const logColumns = {
  id: bookingWorkflowLogs.id,
  booking_id: bookingWorkflowLogs.bookingId,
  workflow_name: bookingWorkflowLogs.workflowName,
  status: bookingWorkflowLogs.status,
  remarks: bookingWorkflowLogs.remarks,
  updated_at: bookingWorkflowLogs.updatedAt,
}

/** A workflow's log, newest first, at most `limit` lines. */
export function logsOfWorkflow(tx: Tx, organizationId: number, workflowId: number, limit: number) {
  return tx
    .select(logColumns)
    .from(bookingWorkflowLogs)
    .where(
      and(
        eq(bookingWorkflowLogs.organizationId, organizationId),
        eq(bookingWorkflowLogs.workflowId, workflowId),
      ),
    )
    .orderBy(sql`${bookingWorkflowLogs.updatedAt} desc`, sql`${bookingWorkflowLogs.id} desc`)
    .limit(limit)
}

export function logsOfBooking(tx: Tx, organizationId: number, bookingId: number) {
  return tx
    .select(logColumns)
    .from(bookingWorkflowLogs)
    .where(
      and(
        eq(bookingWorkflowLogs.organizationId, organizationId),
        eq(bookingWorkflowLogs.bookingId, bookingId),
      ),
    )
    .orderBy(bookingWorkflowLogs.updatedAt, bookingWorkflowLogs.id)
}

export async function bookingOrganization(tx: Tx, bookingId: number) {
  const [row] = await tx
    .select({ organizationId: bookings.organizationId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
  return row?.organizationId
}

// ---- The runner's SQL ----

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

export const workflowTimingColumns = {
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

export async function templateOrganization(tx: Tx, templateId: number) {
  const [row] = await tx
    .select({ organizationId: emailTemplates.organizationId })
    .from(emailTemplates)
    .where(eq(emailTemplates.id, templateId))
  return row?.organizationId
}

/** The organization's date order, as its people read dates (dd/mm unless it chose mm/dd). */
export async function organizationTimeFormat(tx: Tx, organizationId: number): Promise<TimeFormat> {
  const [row] = await tx
    .select({ timeFormat: organizations.timeFormat })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return row?.timeFormat === 'mm/dd' ? 'mm/dd' : 'dd/mm'
}
