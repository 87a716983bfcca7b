import { addDays, messages } from '@spaceboard/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/db/client.ts'
import { centers, clients, spaces, workflowSends } from '../../src/db/schema/index.ts'
import { createTestApp, logins, statementsRunBy, type TestApp } from '../helpers.ts'
import { idByName, sydneyToday, userIdByEmail } from './fixtures.ts'

/**
 * A booking create's round trips to the database (each costs the server a socket write and a
 * result to parse, more than its JavaScript: npm run bench overhead): what it is checked and
 * priced from is one read, and a slot already taken is refused by that read alone, before any
 * transaction.
 */
let t: TestApp
let admin: string
const body: Record<string, unknown> = {}

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.signIn(logins.harbourAdmin)
  Object.assign(body, {
    center_id: await idByName(t, centers, 'Circular Quay'),
    meeting_room_id: await idByName(t, spaces, 'Harbour Room A'),
    booking_date: addDays(sydneyToday, 140),
    start_time: '10:00',
    end_time: '12:00',
    client_id: await idByName(t, clients, 'Acme Consulting'),
    user_id: await userIdByEmail(t, 'alice@acme.test'),
    attendees: 4,
    amenity_ids: [],
    payment_status: 'invoice',
  })
})
afterAll(() => t.close())

/**
 * An insert as its table and how many rows it writes (a round trip per statement, not per row);
 * rows given as arrays (`from unnest(…)`) show as `×n`.
 */
function insertOf(sql: string) {
  const table = /^insert into "(\w+)"/.exec(sql)?.[1]
  if (!table) return sql.split(' ')[0]
  if (sql.includes(' unnest(')) return `${table} ×n`
  const rows = sql.split(' values ')[1]?.split('), (').length ?? 1
  return `${table} ×${rows}`
}

/** The statements the request runs (from its booking context on) and the transactions it opens. */
async function create() {
  let transactions = 0
  const { database } = t
  const onOneConnection = database.onOneConnection.bind(database)
  database.onOneConnection = <T>(work: (db: Db) => Promise<T>) =>
    onOneConnection((db: Db) =>
      work(
        new Proxy(db, {
          get(target, key) {
            if (key !== 'transaction') return Reflect.get(target, key, target)
            return (...args: Parameters<typeof db.transaction>) => {
              transactions++
              return target.transaction(...args)
            }
          },
        }),
      ),
    )
  try {
    const { result: response, statements } = await statementsRunBy(database, () =>
      t.api(admin, 'POST', '/api/userbooking', body),
    )
    // A prepared statement's name, or its first word (the inserts are not prepared). drizzle on
    // PGlite prepares each query twice (its session and the transaction's), hence the dedupe. A
    // statement of several shapes is named `<name>_<n>` in the order the process met them, which
    // depends on the files run before this one in the same process: `_n` here.
    const names = statements
      .filter((statement, n, all) => statement.sql !== all[n - 1]?.sql)
      // node-postgres begins and ends a transaction with statements, PGlite does not.
      .filter((statement) => !['begin', 'commit', 'rollback'].includes(statement.sql))
      .map((statement) => statement.name?.replace(/_\d+$/, '_n') ?? insertOf(statement.sql))
    return {
      response,
      statements: names.slice(names.indexOf('booking_context')),
      texts: statements.map((statement) => statement.sql),
      transactions,
    }
  } finally {
    database.onOneConnection = onOneConnection
  }
}

describe('POST /api/userbooking round trips', () => {
  it('reads the booking context in one statement, then locks, checks and writes in one transaction', async () => {
    const { response, statements, transactions } = await create()
    expect(response.statusCode).toBe(201)
    // Acme has gratis minutes: its row is locked and the month's use read and added to.
    expect(statements).toEqual([
      'booking_context',
      'booking_lock_spaces',
      'booking_client_n',
      'booking_busy_ranges_n',
      'booking_gratis_month',
      'bookings ×1',
      'booking_occupancy ×1',
      'client_gratis_log ×1',
      // Its mails (issue 17), made from what the create wrote and read: both outbox rows in one insert.
      'mail_outbox ×2',
      // Its workflow sends (issue 18): the organization's live workflows, then the new sends (a new
      // booking has no sends yet, and the create knows its times and location), one per workflow.
      'workflows_live',
      'workflow_sends ×n',
    ])
    expect(transactions).toBe(1)
    const sends = await t.database.db
      .select({ id: workflowSends.id })
      .from(workflowSends)
      .where(eq(workflowSends.bookingId, response.json().bookingId))
    expect(sends).toHaveLength(3)
  })

  it("reads none of the location's, room's or client's secrets", async () => {
    const { texts } = await create()
    const secrets = ['stripe_secret_key_enc', 'service_account_private_key_enc', 'stripe_publishable_key']
    for (const text of texts) for (const secret of secrets) expect(text).not.toContain(secret)
  })

  it('refuses a slot already taken with that one read, without a transaction', async () => {
    const { response, statements, transactions } = await create()
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe(messages.slotAlreadyBooked)
    expect(statements).toEqual(['booking_context'])
    expect(transactions).toBe(0)
  })
})
