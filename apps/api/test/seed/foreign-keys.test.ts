import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers.ts'

// seedDemoData loads without the per-row foreign-key triggers (seed/seed.ts): this checks every
// foreign key of the schema against the demo data instead.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows

describe('the demo data', () => {
  it('breaks no foreign key', async () => {
    const keys = await rowsOf<{
      name: string
      child: string
      parent: string
      cc: string[]
      pc: string[]
    }>(sql`
      select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
             array(select attname from unnest(c.conkey) with ordinality k(n, i)
                   join pg_attribute on attrelid = c.conrelid and attnum = k.n order by k.i)::text[] as cc,
             array(select attname from unnest(c.confkey) with ordinality k(n, i)
                   join pg_attribute on attrelid = c.confrelid and attnum = k.n order by k.i)::text[] as pc
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`)
    expect(keys.length).toBeGreaterThan(50)
    const broken: string[] = []
    for (const key of keys) {
      const quote = (column: string) => `"${column}"`
      const notNull = key.cc.map((column) => `c.${quote(column)} is not null`).join(' and ')
      const match = key.cc
        .map((column, i) => `p.${quote(key.pc[i] as string)} = c.${quote(column)}`)
        .join(' and ')
      const [row] = await rowsOf<{ n: number }>(
        sql.raw(
          `select count(*)::int as n from ${key.child} c where ${notNull} and not exists (select 1 from ${key.parent} p where ${match})`,
        ),
      )
      if (row?.n) broken.push(`${key.name}: ${row.n} rows`)
    }
    expect(broken).toEqual([])
    const [bookings] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from bookings`)
    expect(bookings?.n).toBeGreaterThan(1000)
  })
})
