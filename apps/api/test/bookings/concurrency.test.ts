import { addDays, messages, wallClock } from '@spaceboard/domain'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { centers, clients, spaces, users } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

/**
 * DESIGN §4, no double booking: 20 rounds of 50 concurrent creates for one slot, mixing Harbour
 * Room A, Harbour Room B and their combined Harbour Room AB. On PostgreSQL the requests run
 * concurrently (the pool holds 10 connections); on PGlite, with its one connection, one by one.
 */
const ROUNDS = 20
const REQUESTS_PER_ROUND = 50

let t: TestApp
let cookie: string
const ids: Record<string, number> = {}

/** Errors the transactions of the app threw, by SQLSTATE: 40P01 deadlocks, 23P01 exclusion violations. */
const sqlErrors = new Map<string, number>()
/** Transactions open at once, now and at most. */
const transactions = { open: 0, max: 0 }

function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * Watches the app's transactions: how many are open at once, and what the database refused inside
 * them (the route answers a 40P01 as a 409 too, so deadlocks are counted here).
 */
function watchTransactions(app: TestApp) {
  watchTransactionsOf(app.database.db)
  // A create reads before its transaction, which it starts on that read's connection.
  const onOneConnection = app.database.onOneConnection.bind(app.database)
  app.database.onOneConnection = (work) =>
    onOneConnection((db) => {
      if (db !== app.database.db) watchTransactionsOf(db)
      return work(db)
    })
}

function watchTransactionsOf(db: TestApp['database']['db']) {
  const transaction = db.transaction.bind(db)
  db.transaction = (async (...[work, config]: Parameters<typeof transaction>) => {
    try {
      return await transaction(async (tx) => {
        transactions.open++
        transactions.max = Math.max(transactions.max, transactions.open)
        try {
          return await work(tx)
        } finally {
          transactions.open--
        }
      }, config)
    } catch (error) {
      const code = sqlStateOf(error)
      if (code) sqlErrors.set(code, (sqlErrors.get(code) ?? 0) + 1)
      throw error
    }
  }) as typeof db.transaction
}

/** Rows of a raw query on either driver (node-postgres and PGlite both answer `{ rows }`). */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/**
 * PostgreSQL's own count, for the log: backends flush their statistics about once a second, so the
 * assertion relies on the 40P01s counted in the app instead.
 */
async function deadlocksOfDatabase(): Promise<number | null> {
  if (t.database.kind !== 'postgres') return null
  await rows(sql`select pg_stat_clear_snapshot()`)
  const [row] = await rows<{ deadlocks: string }>(
    sql`select deadlocks from pg_stat_database where datname = current_database()`,
  )
  return Number(row?.deadlocks ?? 0)
}

/**
 * Far past the demo seed's future bookings and the other bookings tests (120–160 days ahead), one
 * date per round, clear of the demo blackout periods.
 */
const today = wallClock(new Date(), 'Australia/Sydney').date
function roundDate(round: number) {
  let date = addDays(today, 200 + round)
  while (['12-25', '12-26', '01-01'].includes(date.slice(5))) date = addDays(date, 1)
  return date
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number

beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn(logins.harbourAdmin)
  const idOf = async (table: typeof spaces | typeof centers | typeof clients, name: string) => {
    const [row] = await t.database.db.select({ id: table.id }).from(table).where(eq(table.name, name))
    if (!row) throw new Error(`no ${name}`)
    return row.id
  }
  ids.quay = await idOf(centers, 'Circular Quay')
  ids.roomA = await idOf(spaces, 'Harbour Room A')
  ids.roomB = await idOf(spaces, 'Harbour Room B')
  ids.roomAB = await idOf(spaces, 'Harbour Room AB')
  ids.acme = await idOf(clients, 'Acme Consulting')
  const [alice] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'alice@acme.test'))
  ids.alice = alice?.id as number
  watchTransactions(t)
})
afterAll(() => t?.close())

describe('POST /api/userbooking under contention', () => {
  // About 4 s on PostgreSQL and 8–15 s on PGlite (one request at a time); the margin is for busy machines.
  it('never books a physical room twice: 20 rounds × 50 concurrent creates of A, B and AB', {
    timeout: 60_000,
  }, async () => {
    const rooms = [
      { name: 'A', id: ids.roomA as number, holds: ['A'] },
      { name: 'B', id: ids.roomB as number, holds: ['B'] },
      { name: 'AB', id: ids.roomAB as number, holds: ['A', 'B'] },
    ]
    const deadlocksBefore = await deadlocksOfDatabase()
    const latencies: number[] = []
    const outcomes: string[] = []
    const started = performance.now()

    for (let round = 0; round < ROUNDS; round++) {
      const date = roundDate(round)
      const results = await Promise.all(
        Array.from({ length: REQUESTS_PER_ROUND }, async (_, i) => {
          // Rotated each round, so on PGlite (one request at a time) A, B or AB is asked first.
          const room = rooms[(i + round) % rooms.length] as (typeof rooms)[number]
          const t0 = performance.now()
          const response = await t.api(cookie, 'POST', '/api/userbooking', {
            center_id: ids.quay,
            meeting_room_id: room.id,
            booking_date: date,
            start_time: '10:00',
            end_time: '12:00',
            client_id: ids.acme,
            user_id: ids.alice,
            attendees: 4,
            amenity_ids: [],
            payment_status: 'invoice',
          })
          latencies.push(performance.now() - t0)
          return { room, status: response.statusCode, body: response.json() }
        }),
      )

      const statuses = results.map((r) => r.status)
      expect(
        statuses.filter((s) => s >= 500),
        `round ${round}: no 5xx`,
      ).toEqual([])
      const winners = results.filter((r) => r.status === 201)
      for (const refused of results.filter((r) => r.status !== 201)) {
        expect({ round, status: refused.status, body: refused.body }).toEqual({
          round,
          status: 409,
          body: { message: messages.slotAlreadyBooked },
        })
      }
      // The winners hold disjoint physical rooms, and every refusal had a real conflict: either
      // one AB booking, or one A and one B booking.
      const held = winners.flatMap((w) => w.room.holds)
      expect(new Set(held).size, `round ${round}: rooms held twice ${held}`).toBe(held.length)
      const won = winners.map((w) => w.room.name).sort()
      expect([['AB'], ['A', 'B']], `round ${round}`).toContainEqual(won)
      outcomes.push(won.join('+'))
    }
    const elapsedMs = performance.now() - started

    // The database agrees: no two active occupancy rows of one room overlap, and there are exactly
    // the bookings that were answered 201.
    const [overlap] = await rows<{ n: number }>(sql`
      select count(*)::int as n
      from booking_occupancy a
      join booking_occupancy b
        on b.organization_id = a.organization_id and b.space_id = a.space_id
       and b.ctid < a.ctid and b.during && a.during
      where a.active and b.active`)
    expect(overlap?.n).toBe(0)
    const dates = Array.from({ length: ROUNDS }, (_, round) => roundDate(round))
    const [booked] = await rows<{ n: number }>(sql`
      select count(*)::int as n from bookings
      where space_id in (${ids.roomA}, ${ids.roomB}, ${ids.roomAB})
        and (start_time at time zone 'Australia/Sydney')::date::text in (${sql.join(
          dates.map((d) => sql`${d}`),
          sql`, `,
        )})`)
    const expected = outcomes.reduce((n, o) => n + o.split('+').length, 0)
    expect(booked?.n).toBe(expected)

    const deadlocks = sqlErrors.get('40P01') ?? 0
    const deadlocksAfter = await deadlocksOfDatabase()
    latencies.sort((a, b) => a - b)
    console.log(
      `booking contention on ${t.database.kind}: ${ROUNDS} rounds × ${REQUESTS_PER_ROUND} creates in ${(elapsedMs / 1000).toFixed(1)} s, ` +
        `up to ${transactions.max} transactions open at once; winners ${outcomes.filter((o) => o === 'AB').length}× AB, ${outcomes.filter((o) => o === 'A+B').length}× A+B; ` +
        `latency p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, max ${(latencies.at(-1) as number).toFixed(1)} ms; ` +
        `deadlocks ${deadlocks} (40P01 in the app), exclusion violations ${sqlErrors.get('23P01') ?? 0} (23P01)` +
        (deadlocksBefore === null
          ? ''
          : `, pg_stat_database.deadlocks ${deadlocksBefore} → ${deadlocksAfter}`),
    )
    // Every create locks its client row, then its rooms in ascending id order, before it checks the
    // slot: one order for all, so waiting never deadlocks.
    expect(deadlocks).toBe(0)
    if (t.database.kind === 'postgres') expect(transactions.max).toBeGreaterThan(1)
  })
})
