// Bookings other screens ask about before a change: turning screen bookings off, deactivating a space.
import type { Ctx } from '../../platform/context.ts'
import { notFound } from '../../platform/errors.ts'
import { assertSameOrganization } from '../../platform/tenancy.ts'
import * as guardsRepo from './booking-guards.repository.ts'
import * as repo from './bookings.repository.ts'

/** Tentative bookings of an organization: turning screen bookings off waits until there are none. */
export async function tentativeBookingCount(ctx: Ctx, organizationId: number) {
  assertSameOrganization(ctx.actor, organizationId)
  return { count: await guardsRepo.countTentativeBookings(ctx.tx, organizationId) }
}

/** Active bookings of a space from now on, for the warning before deactivating it. */
export async function futureBookingCount(ctx: Ctx, spaceId: number, now = new Date()) {
  const space = await repo.findSpace(ctx.tx, spaceId)
  if (!space) throw notFound()
  assertSameOrganization(ctx.actor, space.organizationId)
  return { count: await guardsRepo.countFutureBookingsOfSpace(ctx.tx, space.organizationId, space.id, now) }
}
