import { type ListQuery, type WorkflowInput, type WorkflowOrder, workflowMessages } from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import { fieldError, notFound } from '../../platform/errors.ts'
import type { ListWindow } from '../../platform/list.ts'
import { organizationForCreate } from '../../platform/tenancy.repository.ts'
import { assertSameOrganization, organizationForRead, organizationForWrite } from '../../platform/tenancy.ts'
import * as repo from './workflows.repository.ts'
import { cancelSendsOfWorkflow, workflowChanged } from './workflows.schedule.ts'

/** The most log lines one call answers: a workflow of a busy organization logs a line per booking. */
export const MAX_WORKFLOW_LOGS = 1000

export type WorkflowListQuery = ListQuery<WorkflowOrder> & { organization_id?: number | undefined }

function filterOf({ actor }: Ctx, query: WorkflowListQuery): repo.WorkflowFilter {
  return { organizationId: organizationForRead(actor, query.organization_id), search: query.search }
}

export function listWorkflows(ctx: Ctx, query: WorkflowListQuery, window: ListWindow | null) {
  return repo.listWorkflows(ctx.tx, filterOf(ctx, query), query, window)
}

export function countWorkflows(ctx: Ctx, query: WorkflowListQuery) {
  return repo.countWorkflows(ctx.tx, filterOf(ctx, query))
}

/** Another organization's workflow is a 404, as if it did not exist. */
export async function getWorkflow({ tx, actor }: Ctx, id: number) {
  const workflow = await repo.findWorkflow(tx, id)
  if (!workflow) throw notFound()
  assertSameOrganization(actor, workflow.organization_id)
  return workflow
}

/** The saved values: location and space of the organization, the template of it (or a built-in default). */
async function valuesOf(
  ctx: Ctx,
  organizationId: number,
  input: WorkflowInput,
): Promise<repo.WorkflowValues> {
  if (input.center_id !== null && !(await repo.centerOfOrganization(ctx.tx, organizationId, input.center_id)))
    throw fieldError('center_id', workflowMessages.locationNotFound)
  if (
    input.meetingroom_id !== null &&
    !(await repo.spaceOfCenter(ctx.tx, organizationId, input.center_id as number, input.meetingroom_id))
  )
    throw fieldError('meetingroom_id', workflowMessages.spaceNotFound)
  let templateType = input.email_template_type
  if (input.email_template_id !== null) {
    templateType = await repo.templateOfOrganization(ctx.tx, organizationId, input.email_template_id)
    if (!templateType) throw fieldError('email_template_id', workflowMessages.templateNotOffered)
  }
  if (!templateType) throw fieldError('email_template_id', workflowMessages.selectEmailTemplate)
  return {
    name: input.name,
    centerId: input.center_id,
    meetingroomId: input.meetingroom_id,
    actionType: input.action_type,
    emailTemplateId: input.email_template_id,
    emailTemplateType: templateType,
    timeValue: input.time_value,
    timeUnit: input.time_unit,
    direction: input.direction,
    eventVariable: input.event_variable,
    updatedBy: ctx.actor.userId,
  }
}

export async function createWorkflow(ctx: Ctx, input: WorkflowInput) {
  organizationForWrite(ctx.actor, input.organization_id, workflowMessages.selectOrganization)
  const organizationId = await organizationForCreate(ctx, input.organization_id)
  const values = await valuesOf(ctx, organizationId, input)
  const id = await repo.insertWorkflow(ctx.tx, organizationId, ctx.actor.userId, values)
  await workflowChanged(ctx.tx, organizationId, id)
  return { ...(await getWorkflow(ctx, id)), message: workflowMessages.created }
}

/** Saves the form; the workflow stays in its organization (organization_id of the payload is ignored). */
export async function updateWorkflow(ctx: Ctx, id: number, input: WorkflowInput) {
  const workflow = await getWorkflow(ctx, id)
  const values = await valuesOf(ctx, workflow.organization_id, input)
  await repo.updateWorkflow(ctx.tx, id, values)
  await workflowChanged(ctx.tx, workflow.organization_id, id)
  return { ...(await getWorkflow(ctx, id)), message: workflowMessages.updated }
}

export async function deleteWorkflow(ctx: Ctx, id: number) {
  const workflow = await getWorkflow(ctx, id)
  await repo.deleteWorkflow(ctx.tx, id, ctx.actor.userId)
  await cancelSendsOfWorkflow(ctx.tx, workflow.organization_id, id)
  return { message: workflowMessages.deleted }
}

/** GET /api/workflow/logs/{id}: what the workflow did, newest first. */
export async function workflowLogs(ctx: Ctx, id: number) {
  const workflow = await getWorkflow(ctx, id)
  return repo.logsOfWorkflow(ctx.tx, workflow.organization_id, id, MAX_WORKFLOW_LOGS)
}

/** GET /api/workflow-execution-log?booking_id: what the workflows did about a booking. */
export async function executionLogOfBooking(ctx: Ctx, bookingId: number) {
  const organizationId = await repo.bookingOrganization(ctx.tx, bookingId)
  if (organizationId === undefined) throw notFound()
  assertSameOrganization(ctx.actor, organizationId)
  return repo.logsOfBooking(ctx.tx, organizationId, bookingId)
}

/**
 * GET /api/email-template/check-workflow-usage/{id}: whether live workflows send the template, and
 * which. Another organization's template is a 404.
 */
export async function templateUsage(ctx: Ctx, templateId: number) {
  const organizationId = await repo.templateOrganization(ctx.tx, templateId)
  if (organizationId === undefined) throw notFound()
  assertSameOrganization(ctx.actor, organizationId)
  const workflowNames = await repo.workflowNamesUsingTemplate(ctx.tx, organizationId, templateId)
  return { isUsed: workflowNames.length > 0, workflowNames }
}
