import { type ClientTypeInput, type ListQuery, messages } from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import { conflict, forbidden, notFound, refuseIfUsed } from '../../platform/errors.ts'
import type { ListWindow } from '../../platform/list.ts'
import { organizationForCreate } from '../../platform/tenancy.repository.ts'
import { organizationForRead } from '../../platform/tenancy.ts'
import * as repo from './client-types.repository.ts'

/**
 * Non-super users see the shared default types and their own organization's; super sees all, or
 * what one organization sees when it names one.
 */
export function listClientTypes(
  { actor, tx }: Ctx,
  query: ListQuery<repo.ClientTypeOrder> & { organization_id?: number | undefined },
  window: ListWindow | null,
) {
  return repo.listClientTypes(tx, organizationForRead(actor, query.organization_id), query, window)
}

export function countClientTypes({ actor, tx }: Ctx, search: string, organizationId?: number) {
  return repo.countClientTypes(tx, organizationForRead(actor, organizationId), search)
}

/** Another organization's type is a 404, as if it did not exist. */
export async function getClientType({ actor, tx }: Ctx, id: number) {
  const clientType = await repo.findClientType(tx, id, organizationForRead(actor))
  if (!clientType) throw notFound()
  return clientType
}

/** Default client types are shared by every organization: nobody changes or deletes them (spec 1 §6). */
async function changeableClientType(ctx: Ctx, id: number) {
  const clientType = await getClientType(ctx, id)
  if (clientType.is_default || clientType.organization_id === null) {
    throw forbidden(messages.defaultClientTypeLocked)
  }
  return { ...clientType, organization_id: clientType.organization_id }
}

async function refuseTakenName(ctx: Ctx, organizationId: number, name: string, exceptId?: number) {
  if (await repo.clientTypeNameTaken(ctx.tx, organizationId, name, exceptId)) {
    throw conflict(messages.clientTypeAlreadyExists, { name: messages.clientTypeAlreadyExists })
  }
}

export async function createClientType(ctx: Ctx, input: ClientTypeInput) {
  const organizationId = await organizationForCreate(ctx, input.organization_id)
  await refuseTakenName(ctx, organizationId, input.name)
  const id = await repo.insertClientType(ctx.tx, organizationId, input.name)
  return getClientType(ctx, id)
}

/** Renames a type; it stays in its organization (organization_id of the payload is ignored). */
export async function updateClientType(ctx: Ctx, id: number, input: ClientTypeInput) {
  const clientType = await changeableClientType(ctx, id)
  await refuseTakenName(ctx, clientType.organization_id, input.name, id)
  await repo.updateClientType(ctx.tx, id, input.name)
  return getClientType(ctx, id)
}

export async function deleteClientType(ctx: Ctx, id: number) {
  await changeableClientType(ctx, id)
  const uses = await repo.clientTypeUses(ctx.tx, id)
  refuseIfUsed('client type', [{ count: uses.clients, one: 'client' }])
  await repo.deleteClientType(ctx.tx, id)
  return { message: messages.recordDeleted }
}
