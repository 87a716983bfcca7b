import { sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { centers, clients, organizations, spaces } from '../../src/db/schema/index.ts'
import { EXPORT_BATCH } from '../../src/modules/bookings/booking-list.routes.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { idByName, userIdByEmail } from './fixtures.ts'

/**
 * The Excel export of more bookings than one batch holds (issue 13): on the embedded database a
 * query runs on the HTTP thread, so the export must read in bounded batches and let the server
 * answer others between them.
 */
let t: TestApp
let harbourAdmin: string
const BOOKINGS = 2 * EXPORT_BATCH + 7
const year = 'start_date=2040-01-01&end_date=2040-12-31'

beforeAll(async () => {
  t = await createTestApp()
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  const harbour = await idByName(t, organizations, 'Harbour Workspaces')
  const quay = await idByName(t, centers, 'Circular Quay')
  const roomA = await idByName(t, spaces, 'Harbour Room A')
  const acme = await idByName(t, clients, 'Acme Consulting')
  const alice = await userIdByEmail(t, 'alice@acme.test')
  // One booking an hour from 2040-03-01, inserted in bulk: only the export reads them.
  await t.database.db.execute(sql`
    insert into bookings (organization_id, booking_prefix, status, payment_status, transaction_id, is_paid,
                          center_id, space_id, start_time, end_time, duration_minutes, attendees, client_id,
                          user_id, submitted_by, currency, room_amount, original_amount,
                          room_amount_after_discount, sub_total, net_amount, notes, special_requirement)
    select ${harbour}, 'HW-', 'confirmed', 'invoice', '', false, ${quay}, ${roomA},
           timestamptz '2040-03-01 00:00+00' + g * interval '1 hour',
           timestamptz '2040-03-01 00:30+00' + g * interval '1 hour', 30, 2, ${acme}, ${alice}, ${alice},
           'aud', 30, 30, 30, 30, 30, '', ''
    from generate_series(1, ${BOOKINGS}) g`)
})

afterAll(async () => {
  await t.close()
})

async function references(body: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer)
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new Error('no sheet')
  const column = sheet.getColumn(7).values as unknown[]
  return column.slice(2) as string[]
}

type Client = { query: (...args: never[]) => Promise<{ rows?: unknown[] }> }

describe('GET /api/userbooking?bookingSheet=1 over several batches', () => {
  it('reads at most a batch a query, lets the event loop turn between batches, and writes every booking once, in order', async () => {
    // Turns of the event loop, counted by a setImmediate chain while the export runs.
    let turns = 0
    let counting = true
    const count = () => {
      if (!counting) return
      turns++
      setImmediate(count)
    }
    setImmediate(count)
    const client = (t.database.db as unknown as { $client: Client }).$client
    const original = client.query.bind(client)
    const batches: { turn: number; rows: Promise<number> }[] = []
    const query = vi.spyOn(client, 'query').mockImplementation((...args) => {
      const result = original(...args)
      // The export's batches are the queries in start-time order (pg takes a named statement as { text }).
      const [statement] = args as unknown as [string | { text: string }]
      const text = typeof statement === 'string' ? statement : statement.text
      if (text.includes('order by "bookings"."start_time"'))
        batches.push({ turn: turns, rows: result.then((r) => r.rows?.length ?? 0) })
      return result
    })
    try {
      const response = await t.api(harbourAdmin, 'GET', `/api/userbooking?bookingSheet=1&${year}`)
      expect(response.statusCode).toBe(200)
      const rows = await Promise.all(batches.map((b) => b.rows))
      expect(rows).toEqual([EXPORT_BATCH, EXPORT_BATCH, 7])
      for (let i = 1; i < batches.length; i++)
        expect(batches[i]?.turn).toBeGreaterThan(batches[i - 1]?.turn ?? Number.POSITIVE_INFINITY)
      const written = await references(response.rawPayload)
      expect(written).toHaveLength(BOOKINGS)
      expect(new Set(written).size).toBe(BOOKINGS)
      const ids = written.map((reference) => Number(reference.replace('HW-', '')))
      expect(ids).toEqual([...ids].sort((a, b) => b - a))
    } finally {
      counting = false
      query.mockRestore()
    }
  })

  it('answers another request while it streams', async () => {
    let exported = false
    const download = t.api(harbourAdmin, 'GET', `/api/userbooking?bookingSheet=1&${year}`).then((r) => {
      exported = true
      return r
    })
    expect((await t.api(null, 'GET', '/api/health')).statusCode).toBe(200)
    expect(exported).toBe(false)
    expect((await download).statusCode).toBe(200)
  })
})
