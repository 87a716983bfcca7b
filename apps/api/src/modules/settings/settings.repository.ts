import type { SettingRow, SettingType } from '@spaceboard/domain'
import { asc, eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { settings } from '../../db/schema/index.ts'

/** The key/value rows of a type of setting, by key. */
export function settingsOfType(tx: Tx, type: SettingType): Promise<SettingRow[]> {
  return tx
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(eq(settings.type, type))
    .orderBy(asc(settings.key))
}

/** Writes the values of a type of setting, inserting the keys not set yet. */
export async function saveSettings(
  tx: Tx,
  type: SettingType,
  rows: readonly SettingRow[],
  userId: number | null,
) {
  await tx
    .insert(settings)
    .values(rows.map((row) => ({ type, key: row.key, value: row.value, updatedBy: userId })))
    .onConflictDoUpdate({
      target: [settings.type, settings.key],
      set: { value: sql`excluded.value`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
    })
}
