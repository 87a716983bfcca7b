import { type ListQuery, messages, type RegionInput } from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import { fieldError, forbidden, notFound, refuseIfUsed } from '../../platform/errors.ts'
import type { ListWindow } from '../../platform/list.ts'
import { organizationForCreate } from '../../platform/tenancy.repository.ts'
import { organizationForRead } from '../../platform/tenancy.ts'
import { findGlobalRegion } from '../global-regions/global-regions.repository.ts'
import * as repo from './regions.repository.ts'

export interface RegionListQuery extends ListQuery<repo.RegionOrder> {
  parents?: string | undefined
  except?: number | undefined
  organization_id?: number | undefined
}

/**
 * Non-super users list their own organization's regions; super all, or one organization's.
 * `parents=1` lists the parent candidates: with `except`, the region being edited and its
 * descendants are left out.
 */
function filterOf(
  { actor }: Ctx,
  query: Pick<RegionListQuery, 'search' | 'parents' | 'except' | 'organization_id'>,
) {
  return {
    organizationId: organizationForRead(actor, query.organization_id),
    search: query.search,
    exceptSubtreeOf: query.parents ? query.except : undefined,
  }
}

export function listRegions(ctx: Ctx, query: RegionListQuery, window: ListWindow | null) {
  return repo.listRegions(ctx.tx, filterOf(ctx, query), query, window)
}

export function countRegions(ctx: Ctx, query: RegionListQuery) {
  return repo.countRegions(ctx.tx, filterOf(ctx, query))
}

/** Another organization's region is a 404, as if it did not exist. */
export async function getRegion({ actor, tx }: Ctx, id: number) {
  const region = await repo.findRegion(tx, id, organizationForRead(actor))
  if (!region) throw notFound()
  return region
}

/** Default regions have their action menu disabled (spec 1 §6): nobody changes or deletes them. */
async function changeableRegion(ctx: Ctx, id: number) {
  const region = await getRegion(ctx, id)
  if (region.is_default) throw forbidden(messages.defaultRegionLocked)
  return region
}

/** The input as stored, after checking the global region and that the parent is in the organization. */
async function valuesOf(ctx: Ctx, organizationId: number, input: RegionInput): Promise<repo.RegionValues> {
  if (!(await findGlobalRegion(ctx.tx, input.global_region_id))) {
    throw fieldError('global_region_id', messages.selectRequired)
  }
  const parentId = input.parent_id > 0 ? input.parent_id : null
  if (parentId !== null && !(await repo.findRegion(ctx.tx, parentId, organizationId))) {
    throw fieldError('parent_id', messages.regionParentInvalid)
  }
  return { name: input.name, parentId, globalRegionId: input.global_region_id }
}

export async function createRegion(ctx: Ctx, input: RegionInput) {
  const organizationId = await organizationForCreate(ctx, input.organization_id)
  const id = await repo.insertRegion(ctx.tx, organizationId, await valuesOf(ctx, organizationId, input))
  return getRegion(ctx, id)
}

/** Changes a region; it stays in its organization (organization_id of the payload is ignored). */
export async function updateRegion(ctx: Ctx, id: number, input: RegionInput) {
  const region = await changeableRegion(ctx, id)
  const organizationId = region.organization_id
  if (input.parent_id === id) throw fieldError('parent_id', messages.regionParentInvalid)
  if (input.parent_id > 0 && input.parent_id !== region.parent_id) {
    await repo.lockOrganizationRegions(ctx.tx, organizationId)
    if (await repo.isInSubtree(ctx.tx, organizationId, id, input.parent_id)) {
      throw fieldError('parent_id', messages.regionParentInvalid)
    }
  }
  await repo.updateRegion(ctx.tx, id, organizationId, await valuesOf(ctx, organizationId, input))
  return getRegion(ctx, id)
}

/** Deletes a region with all its child regions (the spec's confirmation says so). */
export async function deleteRegion(ctx: Ctx, id: number) {
  const region = await changeableRegion(ctx, id)
  const uses = await repo.regionUses(ctx.tx, id, region.organization_id)
  refuseIfUsed('region', [{ count: uses.locations, one: 'location' }])
  await repo.deleteRegion(ctx.tx, id, region.organization_id)
  return { message: messages.recordDeleted }
}
