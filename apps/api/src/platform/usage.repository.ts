import { type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../db/client.ts'

/**
 * Counts in one statement, by key: each value a `select count(*) …` of the rows that point at a
 * record (a feature's repository names them). What a refusal to delete says where it is used.
 */
export async function countUses<K extends string>(
  tx: Tx,
  counts: Record<K, SQL>,
): Promise<Record<K, number>> {
  const keys = Object.keys(counts) as K[]
  const columns = sql.join(
    keys.map((key) => sql`(${counts[key]})::int as ${sql.identifier(key)}`),
    sql`, `,
  )
  const result = await tx.execute(sql`select ${columns}`)
  const [row] = (result as unknown as { rows: Record<K, number | string>[] }).rows
  return Object.fromEntries(keys.map((key) => [key, Number(row?.[key] ?? 0)])) as Record<K, number>
}
