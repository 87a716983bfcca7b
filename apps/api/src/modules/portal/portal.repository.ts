import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { clients, organizations, users } from '../../db/schema/index.ts'

const flag = (key: string) =>
  sql<boolean>`coalesce((${organizations.features} ->> ${key})::boolean, false)`.mapWith(Boolean)

/** The portal's view of its signed-in user: who they are, their client and their organization's switches. */
export async function findPortalUser(tx: Tx, userId: number) {
  const [row] = await tx
    .select({
      id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      client: {
        id: clients.id,
        name: clients.name,
        access_to_private_room: clients.accessToPrivateRoom,
        send_confirmation_only: clients.sendConfirmationOnly,
      },
      organization: {
        id: organizations.id,
        name: organizations.name,
        basic_user_cancel: flag('basic_user_cancel'),
        user_weekend_bookings: flag('user_weekend_bookings'),
        user_export_ics: flag('user_export_ics'),
        recurring_booking: flag('recurring_booking'),
        user_screen_booking: flag('user_screen_booking'),
      },
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .innerJoin(clients, and(eq(clients.organizationId, users.organizationId), eq(clients.id, users.clientId)))
    .where(eq(users.id, userId))
  return row
}
