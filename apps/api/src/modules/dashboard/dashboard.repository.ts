import { and, asc, count, eq, isNull, or } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import {
  centers,
  clients,
  clientTypes,
  organizations,
  regions,
  spaces,
  users,
} from '../../db/schema/index.ts'
import { inTurn } from '../../platform/in-turn.ts'

async function countOf(query: Promise<{ n: number }[]>) {
  const [row] = await query
  return row?.n ?? 0
}

export async function organizationSummary(tx: Tx, organizationId: number) {
  const [organization] = await tx
    .select({
      id: organizations.id,
      name: organizations.name,
      mh_plan: organizations.mhPlan,
      licensed_spaces: organizations.licensedSpaces,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  const [activeSpaces, activeCenters, activeUsers, activeClients, clientTypeCount, regionCount] =
    await inTurn(
      () =>
        countOf(
          tx
            .select({ n: count() })
            .from(spaces)
            .where(
              and(
                eq(spaces.organizationId, organizationId),
                eq(spaces.isActive, true),
                isNull(spaces.deletedAt),
              ),
            ),
        ),
      () =>
        countOf(
          tx
            .select({ n: count() })
            .from(centers)
            .where(and(eq(centers.organizationId, organizationId), isNull(centers.deletedAt))),
        ),
      () =>
        countOf(
          tx
            .select({ n: count() })
            .from(users)
            .where(and(eq(users.organizationId, organizationId), isNull(users.deletedAt))),
        ),
      () =>
        countOf(
          tx
            .select({ n: count() })
            .from(clients)
            .where(and(eq(clients.organizationId, organizationId), isNull(clients.deletedAt))),
        ),
      () =>
        countOf(
          tx
            .select({ n: count() })
            .from(clientTypes)
            .where(or(isNull(clientTypes.organizationId), eq(clientTypes.organizationId, organizationId))),
        ),
      () =>
        countOf(tx.select({ n: count() }).from(regions).where(eq(regions.organizationId, organizationId))),
    )
  return {
    organization,
    counts: {
      centers: activeCenters,
      spaces: activeSpaces,
      users: activeUsers,
      clients: activeClients,
      clientTypes: clientTypeCount,
      regions: regionCount,
    },
  }
}

export async function platformSummary(tx: Tx) {
  const [organizationCount, userCount] = await inTurn(
    () => countOf(tx.select({ n: count() }).from(organizations).where(isNull(organizations.deletedAt))),
    () => countOf(tx.select({ n: count() }).from(users).where(isNull(users.deletedAt))),
  )
  return { organization: null, counts: { organizations: organizationCount, users: userCount } }
}

/** The time zones of an organization's centers (every organization's for null), archived ones too. */
export async function centerZones(tx: Tx, organizationId: number | null) {
  const rows = await tx
    .selectDistinct({ zone: centers.timezoneId })
    .from(centers)
    .where(organizationId === null ? undefined : eq(centers.organizationId, organizationId))
    .orderBy(asc(centers.timezoneId))
  return rows.map((r) => r.zone)
}
