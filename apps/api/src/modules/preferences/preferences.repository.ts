import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { userPreferences } from '../../db/schema/index.ts'

export async function findPreference(tx: Tx, userId: number, key: string) {
  const [row] = await tx
    .select({ value: userPreferences.value })
    .from(userPreferences)
    .where(and(eq(userPreferences.userId, userId), eq(userPreferences.key, key)))
  return row?.value ?? null
}

export async function upsertPreference(tx: Tx, userId: number, key: string, value: Record<string, unknown>) {
  await tx
    .insert(userPreferences)
    .values({ userId, key, value })
    .onConflictDoUpdate({
      target: [userPreferences.userId, userPreferences.key],
      set: { value, updatedAt: sql`now()` },
    })
}

export async function deletePreference(tx: Tx, userId: number, key: string) {
  await tx
    .delete(userPreferences)
    .where(and(eq(userPreferences.userId, userId), eq(userPreferences.key, key)))
}
