import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../src/db/client.ts'
import { namedStatementsFor } from '../../src/db/pglite-statements.ts'

/**
 * The embedded database runs each statement text as a named prepared statement, parsed once
 * (issue 13: PGlite planned a booking's context read again on every create).
 */
const prepared = async (pg: PGlite, text: string) =>
  (
    await pg.query<{ count: number }>(
      'select count(*)::int as count from pg_prepared_statements where statement = $1',
      [text],
    )
  ).rows[0]?.count

describe('PGlite statements', () => {
  let pg: PGlite
  beforeAll(async () => {
    pg = await PGlite.create()
    namedStatementsFor(pg, 5)
    await pg.exec('create table items (id int primary key, name text not null, at timestamptz)')
  })
  afterAll(async () => {
    await pg.close()
  })

  it('prepares a text once and binds each call’s values, parsed by type', async () => {
    const insert = 'insert into items (id, name, at) values ($1, $2, $3) returning id, at'
    for (let id = 1; id <= 3; id++) {
      const { rows } = await pg.query<{ id: number; at: Date }>(insert, [
        id,
        `item ${id}`,
        new Date(Date.UTC(2026, 0, id)),
      ])
      expect(rows).toEqual([{ id, at: new Date(Date.UTC(2026, 0, id)) }])
    }
    expect(await prepared(pg, insert)).toBe(1)
    const select = 'select name from items where id = any($1::int[]) order by id'
    expect((await pg.query(select, [[1, 3]], { rowMode: 'array' })).rows).toEqual([['item 1'], ['item 3']])
    expect((await pg.query(select, [[2]])).rows).toEqual([{ name: 'item 2' }])
    expect((await pg.query('update items set name = name where id > $1', [1])).affectedRows).toBe(2)
  })

  it('an error, in the statement or in its values, is thrown with its code and the next call works', async () => {
    const insert = 'insert into items (id, name) values ($1, $2)'
    await pg.query(insert, [10, 'ten'])
    await expect(pg.query(insert, [10, 'again'])).rejects.toMatchObject({ code: '23505' })
    await expect(pg.query('select nonsense from items')).rejects.toMatchObject({ code: '42703' })
    expect(await prepared(pg, 'select nonsense from items')).toBe(0)
    await pg.query(insert, [11, 'eleven'])
    expect((await pg.query('select count(*)::int as n from items where id >= $1', [10])).rows).toEqual([
      { n: 2 },
    ])
  })

  it('prepares a statement again once its table changed, instead of failing on every call', async () => {
    const select = 'select * from items where id = $1'
    expect((await pg.query(select, [1])).rows).toHaveLength(1)
    await pg.exec('alter table items add column note text')
    await expect(pg.query(select, [1])).rejects.toMatchObject({ code: '0A000' })
    expect((await pg.query(select, [1])).rows).toEqual([expect.objectContaining({ id: 1, note: null })])
    await pg.exec('alter table items drop column note')
  })

  it('in a transaction: a failed statement rolls back with it, a committed one stays', async () => {
    const insert = 'insert into items (id, name) values ($1, $2)'
    await expect(
      pg.transaction(async (tx) => {
        await tx.query(insert, [20, 'twenty'])
        await tx.query(insert, [20, 'twenty again'])
      }),
    ).rejects.toMatchObject({ code: '23505' })
    await pg.transaction(async (tx) => {
      await tx.query(insert, [21, 'twenty-one'])
    })
    expect((await pg.query('select id from items where id >= $1 order by id', [20])).rows).toEqual([
      { id: 21 },
    ])
  })

  it('keeps at most its limit of statements, closing the least recently used', async () => {
    for (let n = 0; n < 12; n++) await pg.query(`select ${n} + $1::int as n`, [1])
    const { rows } = await pg.query<{ count: number }>(
      'select count(*)::int as count from pg_prepared_statements',
    )
    expect(rows[0]?.count).toBeLessThanOrEqual(5)
    expect((await pg.query('select 0 + $1::int as n', [1])).rows).toEqual([{ n: 1 }])
  })
})

describe('the app’s embedded database', () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite-memory' })
  }, 60_000)
  afterAll(async () => {
    await database.close()
  })

  it('runs drizzle’s statements as named prepared statements, planned for each call’s values', async () => {
    const text = 'select count(*)::int as count from countries where id > $1'
    for (let i = 0; i < 3; i++)
      await database.db.execute(sql`select count(*)::int as count from countries where id > ${i}`)
    const pg = (database.db as unknown as { $client: PGlite }).$client
    expect(await prepared(pg, text)).toBe(1)
    // Each call still planned for its own values: no generic plan kept beside every statement.
    expect((await pg.query('show plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }])
  })
})
