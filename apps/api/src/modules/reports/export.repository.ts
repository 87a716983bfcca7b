import { eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { users } from '../../db/schema/index.ts'

/** The signed-in user's full name, as the workbook's "Created by" row shows it. */
export async function userFullName(tx: Tx, userId: number): Promise<string> {
  const [row] = await tx
    .select({ name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(users)
    .where(eq(users.id, userId))
  return row?.name ?? ''
}
