import { and, eq, isNull } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { centers, organizations, spaces } from '../../db/schema/index.ts'

/** The organization a report is about, with what the reports need of it. */
export async function reportOrganization(tx: Tx, organizationId: number) {
  const [row] = await tx
    .select({
      id: organizations.id,
      name: organizations.name,
      currencyCode: organizations.currencyCode,
      timeFormat: organizations.timeFormat,
      monthId: organizations.monthId,
      excludeFromReporting: organizations.excludeFromReporting,
      features: organizations.features,
    })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)))
  return row
}
export type ReportOrganization = NonNullable<Awaited<ReturnType<typeof reportOrganization>>>

/** A location of the organization, or undefined. */
export async function organizationCenter(tx: Tx, organizationId: number, centerId: number) {
  const [row] = await tx
    .select({ id: centers.id, name: centers.name })
    .from(centers)
    .where(and(eq(centers.organizationId, organizationId), eq(centers.id, centerId)))
  return row
}

/** A space of the organization (and of the location when one is given), or undefined. */
export async function organizationSpace(
  tx: Tx,
  organizationId: number,
  spaceId: number,
  centerId: number | null,
) {
  const [row] = await tx
    .select({ id: spaces.id, name: spaces.name })
    .from(spaces)
    .where(
      and(
        eq(spaces.organizationId, organizationId),
        eq(spaces.id, spaceId),
        centerId === null ? undefined : eq(spaces.centerId, centerId),
      ),
    )
  return row
}
