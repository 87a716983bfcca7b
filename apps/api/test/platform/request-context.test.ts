import { and, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { preparedQueries, preparedQuery, preparedStatement } from '../../src/db/prepared.ts'
import { countries } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

let t: TestApp
let superCookie: string

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
})
afterAll(() => t.close())

describe('the request context', () => {
  it('reads without a transaction (GET), and writes in one (POST, PUT, DELETE)', async () => {
    const transaction = vi.spyOn(t.database.db, 'transaction')
    try {
      expect((await t.api(superCookie, 'GET', '/api/country', undefined, '0-19')).statusCode).toBe(200)
      const bookings = await t.api(superCookie, 'GET', '/api/userbooking?booking=1', undefined, '0-0')
      expect(bookings.statusCode).toBe(200)
      const [first] = bookings.json() as { bookingId: number }[]
      expect((await t.api(superCookie, 'GET', `/api/userbooking/${first?.bookingId}`)).statusCode).toBe(200)
      expect(transaction).not.toHaveBeenCalled()

      const created = await t.api(superCookie, 'POST', '/api/country', { name: 'Atlantis', code: 'ATL' })
      expect(created.statusCode).toBe(201)
      expect(transaction).toHaveBeenCalledTimes(1)
    } finally {
      transaction.mockRestore()
    }
  })
})

describe('prepared queries', () => {
  it('are built once and run alike on the pool and in a transaction', async () => {
    const build = vi.fn((tx: Parameters<Parameters<typeof preparedQuery>[1]>[0]) =>
      tx
        .select({ name: countries.name })
        .from(countries)
        .where(eq(countries.code, sql.placeholder('code'))),
    )
    const byCode = preparedQuery('test_country_by_code', build)
    const pool = t.database.db as unknown as Parameters<typeof byCode>[0]
    expect(await byCode(pool, { code: 'AU' })).toEqual([{ name: 'Australia' }])
    const inTransaction = await t.database.db.transaction((tx) => byCode(tx, { code: 'NZ' }))
    expect(inTransaction).toEqual([{ name: 'New Zealand' }])
    expect(await byCode(pool, { code: 'XX' })).toEqual([])
    expect(build).toHaveBeenCalledTimes(1)
  })

  it('build one statement per shape', async () => {
    const build = vi.fn(
      (tx: Parameters<Parameters<typeof preparedQuery>[1]>[0], shape: { byCode: boolean }) =>
        tx
          .select({ name: countries.name })
          .from(countries)
          .where(
            shape.byCode
              ? eq(countries.code, sql.placeholder('value'))
              : eq(countries.name, sql.placeholder('value')),
          ),
    )
    const find = preparedQueries('test_country_by', build)
    const pool = t.database.db as unknown as Parameters<typeof find>[0]
    expect(await find(pool, { byCode: true }, { value: 'AU' })).toEqual([{ name: 'Australia' }])
    expect(await find(pool, { byCode: false }, { value: 'Australia' })).toEqual([{ name: 'Australia' }])
    expect(await find(pool, { byCode: true }, { value: 'NZ' })).toEqual([{ name: 'New Zealand' }])
    expect(build).toHaveBeenCalledTimes(2)
  })

  it("map rows as drizzle does: each column's type, mapWith, nulls, and nested selections", async () => {
    const pool = t.database.db as unknown as Parameters<ReturnType<typeof preparedQuery>>[0]
    const build = (tx: typeof pool) =>
      tx
        .select({
          id: countries.id,
          name: countries.name,
          deletedAt: countries.deletedAt,
          createdAt: countries.createdAt,
          doubled: sql<number>`${countries.id} * 2`.mapWith(Number),
          nothing: sql<string | null>`null`,
        })
        .from(countries)
        .where(eq(countries.code, sql.placeholder('code')))
    const flat = preparedQuery('test_country_mapped', build)
    const [mapped] = await flat(pool, { code: 'AU' })
    const [drizzles] = await build(pool).execute({ code: 'AU' })
    expect(mapped).toEqual(drizzles)
    expect(mapped?.createdAt).toBeInstanceOf(Date)
    expect(mapped?.doubled).toBe((drizzles?.id ?? 0) * 2)

    const nestedBuild = (tx: typeof pool) =>
      tx
        .select({ country: { name: countries.name }, code: countries.code })
        .from(countries)
        .where(eq(countries.code, sql.placeholder('code')))
    const nested = preparedQuery('test_country_nested', nestedBuild)
    expect(await nested(pool, { code: 'NZ' })).toEqual([{ country: { name: 'New Zealand' }, code: 'NZ' }])

    // A left-joined table's object is null when the join finds no row, as drizzle maps it.
    const other = alias(countries, 'other')
    const joinedBuild = (tx: typeof pool) =>
      tx
        .select({
          country: { name: countries.name, updatedAt: countries.updatedAt },
          other: { code: other.code, createdAt: other.createdAt },
          mixed: { code: countries.code, otherName: other.name },
        })
        .from(countries)
        .leftJoin(other, and(eq(other.id, countries.id), eq(other.code, sql.placeholder('otherCode'))))
        .where(eq(countries.code, sql.placeholder('code')))
    const joined = preparedQuery('test_country_joined', joinedBuild)
    for (const values of [
      { code: 'AU', otherCode: 'AU' },
      { code: 'AU', otherCode: 'XX' },
    ]) {
      const [mappedJoin] = await joined(pool, values)
      const [drizzlesJoin] = await joinedBuild(pool).execute(values)
      expect(mappedJoin).toEqual(drizzlesJoin)
    }
    const [missing] = await joined(pool, { code: 'AU', otherCode: 'XX' })
    expect(missing?.other).toBeNull()
    expect(missing?.mixed).toEqual({ code: 'AU', otherName: null })
  })

  it('asks PostgreSQL to describe a named statement once per process, then binds and executes it', async () => {
    const pool = t.database.db as unknown as Parameters<ReturnType<typeof preparedQuery>>[0]
    const build = (tx: typeof pool) =>
      tx
        .select({ id: countries.id, name: countries.name, createdAt: countries.createdAt })
        .from(countries)
        .where(eq(countries.code, sql.placeholder('code')))
    const byCode = preparedQuery('test_country_described_once', build)
    // A statement written in SQL answers rows keyed by column, through the same path.
    const statement = preparedStatement<{ code: string; created_at: string }>(
      'test_country_statement_described_once',
      () => sql`select code, created_at from countries where code = ${sql.placeholder('code')}`,
    )
    // node-postgres (db/prepared.ts); PGlite describes each statement once in pglite-statements.ts.
    const described = t.database.kind === 'postgres' ? vi.spyOn(pg.Connection.prototype, 'describe') : null
    let answers: unknown[]
    try {
      answers = [
        await byCode(pool, { code: 'AU' }),
        await byCode(pool, { code: 'NZ' }),
        // Several at once: the pool lends connections where the statement is not parsed yet.
        ...(await Promise.all(['AU', 'NZ', 'GB', 'US', 'FR'].map((code) => byCode(pool, { code })))),
      ]
      const first = await statement(pool, { code: 'AU' })
      expect(await statement(pool, { code: 'AU' })).toEqual(first)
      expect(first).toEqual([{ code: 'AU', created_at: expect.any(String) }])
      expect(await statement(pool, { code: 'XX' })).toEqual([])
      if (described) expect(described).toHaveBeenCalledTimes(2)
    } finally {
      described?.mockRestore()
    }
    const codes = ['AU', 'NZ', 'AU', 'NZ', 'GB', 'US', 'FR']
    for (const [i, code] of codes.entries()) expect(answers[i]).toEqual(await build(pool).execute({ code }))
    expect((answers[0] as { createdAt: unknown }[])[0]?.createdAt).toBeInstanceOf(Date)

    // A value the statement refuses fails the call alone; the statement and the pool stay usable.
    const byId = preparedQuery('test_country_by_id_described_once', (tx: typeof pool) =>
      tx
        .select({ code: countries.code })
        .from(countries)
        .where(eq(countries.id, sql.placeholder('id'))),
    )
    const [australia] = await build(pool).execute({ code: 'AU' })
    expect(await byId(pool, { id: australia?.id })).toEqual([{ code: 'AU' }])
    await expect(byId(pool, { id: 'not a number' })).rejects.toThrow()
    expect(await byId(pool, { id: australia?.id })).toEqual([{ code: 'AU' }])
    // A value that cannot even be sent fails before the statement runs, and leaves it usable too.
    const circular: Record<string, unknown> = {}
    circular.self = circular
    await expect(byId(pool, { id: circular })).rejects.toThrow()
    expect(await byId(pool, { id: australia?.id })).toEqual([{ code: 'AU' }])
  })
})
