import { type GlobalRegionInput, type ListQuery, messages } from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import { conflict, forbidden, notFound, refuseIfUsed } from '../../platform/errors.ts'
import type { ListWindow } from '../../platform/list.ts'
import * as repo from './global-regions.repository.ts'

export function listGlobalRegions(
  { tx }: Ctx,
  query: ListQuery<repo.GlobalRegionOrder>,
  window: ListWindow | null,
) {
  return repo.listGlobalRegions(tx, query, window)
}

export function countGlobalRegions({ tx }: Ctx, search: string) {
  return repo.countGlobalRegions(tx, search)
}

export async function getGlobalRegion({ tx }: Ctx, id: number) {
  const region = await repo.findGlobalRegion(tx, id)
  if (!region) throw notFound()
  return region
}

/** Default global regions are part of the product: nobody changes or deletes them. */
async function changeableRegion(ctx: Ctx, id: number) {
  const region = await getGlobalRegion(ctx, id)
  if (region.is_default) throw forbidden(messages.defaultGlobalRegionLocked)
  return region
}

export async function createGlobalRegion({ tx }: Ctx, input: GlobalRegionInput) {
  if (await repo.globalRegionCodeTaken(tx, input.code)) throw conflict(messages.globalRegionAlreadyExists)
  return repo.insertGlobalRegion(tx, input)
}

export async function updateGlobalRegion(ctx: Ctx, id: number, input: GlobalRegionInput) {
  await changeableRegion(ctx, id)
  if (await repo.globalRegionCodeTaken(ctx.tx, input.code, id))
    throw conflict(messages.globalRegionAlreadyExists)
  return repo.updateGlobalRegion(ctx.tx, id, input)
}

export async function deleteGlobalRegion(ctx: Ctx, id: number) {
  await changeableRegion(ctx, id)
  const uses = await repo.globalRegionUses(ctx.tx, id)
  refuseIfUsed('global region', [
    { count: uses.organizations, one: 'organization' },
    { count: uses.regions, one: 'region' },
  ])
  await repo.deleteGlobalRegion(ctx.tx, id)
  return { message: messages.recordDeleted }
}
