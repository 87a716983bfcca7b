import { type CancelRuleInput, cancelRulesClash, type ListQuery, messages } from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import { conflict, notFound } from '../../platform/errors.ts'
import type { ListWindow } from '../../platform/list.ts'
import { assertSameOrganization, organizationForRead, organizationForWrite } from '../../platform/tenancy.ts'
import * as repo from './cancel-rules.repository.ts'

export function listCancelRules(
  { tx, actor }: Ctx,
  query: ListQuery<repo.CancelRuleOrder> & { organization_id?: number | undefined },
  window: ListWindow | null,
) {
  return repo.listCancelRules(tx, organizationForRead(actor, query.organization_id), query, window)
}

export function countCancelRules({ tx, actor }: Ctx, search: string, organizationId?: number) {
  return repo.countCancelRules(tx, organizationForRead(actor, organizationId), search)
}

export async function getCancelRule({ tx, actor }: Ctx, id: number) {
  const rule = await repo.findCancelRule(tx, id)
  if (!rule) throw notFound()
  assertSameOrganization(actor, rule.organization_id)
  return rule
}

function valuesOf(input: CancelRuleInput): repo.CancelRuleValues {
  return {
    minDay: input.min_day,
    maxDay: input.max_day,
    maxAttendee: input.max_attendee,
    refundPercent: input.refund_percent.toFixed(2),
  }
}

async function assertNoClash(ctx: Ctx, organizationId: number, input: CancelRuleInput, exceptId?: number) {
  const rules = await repo.rulesOfOrganizationLocked(ctx.tx, organizationId)
  if (rules.some((rule) => rule.id !== exceptId && cancelRulesClash(rule, input))) {
    throw conflict(messages.cancelRuleExists)
  }
}

export async function createCancelRule(ctx: Ctx, input: CancelRuleInput) {
  const organizationId = organizationForWrite(ctx.actor, input.organization_id)
  await assertNoClash(ctx, organizationId, input)
  const id = await repo.insertCancelRule(ctx.tx, organizationId, valuesOf(input))
  return getCancelRule(ctx, id)
}

export async function updateCancelRule(ctx: Ctx, id: number, input: CancelRuleInput) {
  const rule = await getCancelRule(ctx, id)
  await assertNoClash(ctx, rule.organization_id, input, id)
  await repo.updateCancelRule(ctx.tx, id, valuesOf(input))
  return getCancelRule(ctx, id)
}

export async function deleteCancelRule(ctx: Ctx, id: number) {
  await getCancelRule(ctx, id)
  await repo.deleteCancelRule(ctx.tx, id)
  return { message: messages.recordDeleted }
}
