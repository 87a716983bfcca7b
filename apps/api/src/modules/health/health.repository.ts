import { sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'

function rowsOf<T>(result: unknown): T[] {
  // Both drivers (PGlite and node-postgres) answer raw SQL with { rows }.
  return (result as { rows: T[] }).rows
}

/** Throws unless the database answers. */
export async function selectOne(tx: Tx): Promise<void> {
  await tx.execute(sql`select 1`)
}

/**
 * The `when` of every migration applied, from drizzle's own bookkeeping table (its migrator records
 * each journal entry's `when` as created_at); none when the table is not there.
 */
export async function appliedMigrationTimes(tx: Tx): Promise<number[]> {
  const [table] = rowsOf<{ present: boolean }>(
    await tx.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  )
  if (!table?.present) return []
  const rows = rowsOf<{ created_at: string | number }>(
    await tx.execute(sql`select created_at from drizzle.__drizzle_migrations`),
  )
  return rows.map((r) => Number(r.created_at))
}
