import { and, eq, type SQL } from 'drizzle-orm'
import { bookings, centers, clients, packages, spaces } from '../../db/schema/index.ts'

/**
 * A booking's join to the row of its own organization it points at: its location, space, client or
 * package, by the composite foreign key (organization_id, x_id) → (organization_id, id) of DESIGN §4.
 * The organization is kept in the join, not only in the key: it is what a distributed (Citus) join
 * on organization_id needs to stay on one node.
 */
export const bookingJoins = {
  center: and(eq(centers.organizationId, bookings.organizationId), eq(centers.id, bookings.centerId)) as SQL,
  space: and(eq(spaces.organizationId, bookings.organizationId), eq(spaces.id, bookings.spaceId)) as SQL,
  client: and(eq(clients.organizationId, bookings.organizationId), eq(clients.id, bookings.clientId)) as SQL,
  package: and(
    eq(packages.organizationId, bookings.organizationId),
    eq(packages.id, bookings.packageId),
  ) as SQL,
}
