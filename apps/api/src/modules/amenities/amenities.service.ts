import { type AmenityInput, type ListQuery, messages } from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import { fieldError, notFound, refuseIfUsed } from '../../platform/errors.ts'
import type { ListWindow } from '../../platform/list.ts'
import { assertSameOrganization } from '../../platform/tenancy.ts'
import { isUploadUrl } from '../../platform/uploads.ts'
import * as repo from './amenities.repository.ts'

export function listAmenities({ tx }: Ctx, query: ListQuery<repo.AmenityOrder>, window: ListWindow | null) {
  return repo.listAmenities(tx, query, window)
}

export function countAmenities({ tx }: Ctx, search: string) {
  return repo.countAmenities(tx, search)
}

export async function getAmenity({ tx }: Ctx, id: number) {
  const amenity = await repo.findAmenity(tx, id)
  if (!amenity) throw notFound()
  return amenity
}

function valuesOf(input: AmenityInput, storedIcon?: string | null) {
  // The icon must be one this server stored (or the one already saved).
  if (input.image !== storedIcon && !isUploadUrl(input.image)) throw fieldError('image', messages.uploadIcon)
  return { name: input.name, category: input.category, icon: input.image }
}

export async function createAmenity(ctx: Ctx, input: AmenityInput) {
  const id = await repo.insertAmenity(ctx.tx, valuesOf(input))
  return getAmenity(ctx, id)
}

export async function updateAmenity(ctx: Ctx, id: number, input: AmenityInput) {
  const stored = await getAmenity(ctx, id)
  await repo.updateAmenity(ctx.tx, id, valuesOf(input, stored.icon))
  return getAmenity(ctx, id)
}

export async function deleteAmenity(ctx: Ctx, id: number) {
  await getAmenity(ctx, id)
  const uses = await repo.amenityUses(ctx.tx, id)
  refuseIfUsed('amenity', [
    { count: uses.organizations, one: 'organization' },
    { count: uses.spaces, one: 'space' },
    { count: uses.bookings, one: 'booking' },
  ])
  await repo.deleteAmenity(ctx.tx, id)
  return { message: messages.recordDeleted }
}

export function organizationAmenities({ tx, actor }: Ctx, organizationId: number) {
  assertSameOrganization(actor, organizationId)
  return repo.organizationAmenityList(tx, organizationId)
}
