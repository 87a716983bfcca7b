import { asc, eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { centers, users } from '../../db/schema/index.ts'

/** The signed-in user's full name, as the workbook's "Created by" row shows it. */
export async function userFullName(tx: Tx, userId: number): Promise<string> {
  const [row] = await tx
    .select({ name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(users)
    .where(eq(users.id, userId))
  return row?.name ?? ''
}

/** The time zone of the organization's first location (active ones first, then by id), or undefined without one. */
export async function firstLocationZone(tx: Tx, organizationId: number): Promise<string | undefined> {
  const [row] = await tx
    .select({ zone: centers.timezoneId })
    .from(centers)
    .where(eq(centers.organizationId, organizationId))
    .orderBy(sql`${centers.deletedAt} is not null`, asc(centers.id))
    .limit(1)
  return row?.zone
}
