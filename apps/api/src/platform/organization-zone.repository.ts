import { todayIn } from '@spaceboard/domain'
import { asc, eq, sql } from 'drizzle-orm'
import type { Tx } from '../db/client.ts'
import { centers } from '../db/schema/index.ts'

/**
 * The organization's clock where no one location applies: its first location's time zone (active
 * ones first, then by id), or undefined without one. Reports, exports and printed sheets use it.
 */
export async function firstLocationZone(tx: Tx, organizationId: number): Promise<string | undefined> {
  const [row] = await tx
    .select({ zone: centers.timezoneId })
    .from(centers)
    .where(eq(centers.organizationId, organizationId))
    .orderBy(sql`${centers.deletedAt} is not null`, asc(centers.id))
    .limit(1)
  return row?.zone
}

/** Today on the organization's clock (UTC for one without locations yet): what "before today" means for it. */
export async function organizationToday(tx: Tx, organizationId: number | undefined): Promise<string> {
  const zone = organizationId === undefined ? undefined : await firstLocationZone(tx, organizationId)
  return todayIn(zone ?? 'UTC')
}
