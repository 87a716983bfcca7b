import type { ListQuery, WorkflowOrder } from '@spaceboard/domain'
import { and, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { preparedQueries } from '../../db/prepared.ts'
import {
  bookings,
  bookingWorkflowLogs,
  centers,
  emailTemplates,
  organizations,
  spaces,
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

export async function templateOrganization(tx: Tx, templateId: number) {
  const [row] = await tx
    .select({ organizationId: emailTemplates.organizationId })
    .from(emailTemplates)
    .where(eq(emailTemplates.id, templateId))
  return row?.organizationId
}
