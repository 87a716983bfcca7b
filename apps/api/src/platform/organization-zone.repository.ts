import { todayIn } from '@spaceboard/domain'
import { eq, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Tx } from '../db/client.ts'
import { centers, organizations } from '../db/schema/index.ts'

/**
 * The organization's clock where no one location applies: its first location's time zone (active
 * ones first, then by id), null without one. One SQL expression, so a query that needs it beside
 * other columns (the profile) reads it in the same statement as the reports do here.
 */
export function firstLocationZoneOf(organizationId: PgColumn | number): SQL<string | null> {
  return sql<string | null>`(select ${centers.timezoneId} from ${centers}
    where ${centers.organizationId} = ${organizationId}
    order by ${centers.deletedAt} is not null, ${centers.id} limit 1)`
}

/** The organization's clock (see firstLocationZoneOf), or undefined without a location. */
export async function firstLocationZone(tx: Tx, organizationId: number): Promise<string | undefined> {
  const [row] = await tx
    .select({ zone: firstLocationZoneOf(organizationId) })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return row?.zone ?? undefined
}

/** Today on the organization's clock (UTC for one without locations yet): what "before today" means for it. */
export async function organizationToday(tx: Tx, organizationId: number | undefined): Promise<string> {
  const zone = organizationId === undefined ? undefined : await firstLocationZone(tx, organizationId)
  return todayIn(zone ?? 'UTC')
}
