import { messages, RUN_SHEET_PART_SIZE } from '@spaceboard/domain'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { pdfContent } from '../pdf-text.ts'

/**
 * Heavy work (DESIGN §1, issue 12): a run sheet of a busy month renders in a worker thread while
 * the HTTP thread keeps answering; an organization's jobs past its limit, a worker out of memory
 * and a render out of time are clear 503s, and the server carries on.
 */

/** A month far past the demo data and the other tests' dates: these tests own its bookings. */
const MONTH = '2031-03'
const BULK = 2_000

/** Inserts `count` bookings of Harbour's Circular Quay rooms in MONTH, spread over its days and hours. */
async function insertBookings(t: TestApp, count: number, offset = 0) {
  await t.database.db.execute(sql`
    insert into bookings (organization_id, booking_prefix, status, payment_status, is_paid, center_id, space_id,
                          start_time, end_time, duration_minutes, attendees, client_id, user_id, submitted_by,
                          currency, room_amount, original_amount, room_amount_after_discount, sub_total,
                          net_amount, notes, special_requirement)
    select s.organization_id, o.booking_prefix, 'confirmed', 'invoice', false, s.center_id, s.id,
           x.start_time, x.start_time + interval '30 minutes', 30, 1 + g % 8, c.id, u.id, u.id,
           'aud', 50, 50, 50, 50, 50, 'Bulk note ' || g, case when g % 7 = 0 then 'Water for all' else '' end
    from generate_series(${offset + 1}::int, ${offset + count}::int) g
    cross join lateral (
      select ${`${MONTH}-01 08:00+11`}::timestamptz + ((g % 28) * interval '1 day') + ((g / 28) % 20) * interval '30 minutes'
             as start_time
    ) x
    join lateral (
      select sp.* from spaces sp join centers ce on ce.id = sp.center_id and ce.name = 'Circular Quay'
      order by sp.id offset (g % 3) limit 1
    ) s on true
    join organizations o on o.id = s.organization_id
    join clients c on c.organization_id = o.id and c.name = 'Acme Consulting'
    join users u on u.organization_id = o.id and u.email = 'alice@acme.test'`)
}

const monthQuery = `start_date=${MONTH}-01&end_date=${MONTH}-31`

describe('the run sheet of a busy month', () => {
  let t: TestApp
  let csr: string

  beforeAll(async () => {
    t = await createTestApp()
    csr = await t.signIn(logins.harbourCsr)
    await insertBookings(t, BULK)
  })
  afterAll(() => t?.close())

  it('renders 2,000 bookings in a worker while the lists keep answering', async () => {
    let sheetDone = false
    const sheet = t.api(csr, 'GET', `/api/userbooking?pdf=true&${monthQuery}`).then((response) => {
      sheetDone = true
      return response
    })
    const lists = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.api(csr, 'GET', `/api/userbooking?booking=1&page=${i + 1}&${monthQuery}`).then((response) => ({
          status: response.statusCode,
          beforeTheSheet: !sheetDone,
        })),
      ),
    )
    expect(lists.every((l) => l.status === 200)).toBe(true)
    // The render runs beside the HTTP thread, not on it: the lists did not wait for it.
    expect(lists.some((l) => l.beforeTheSheet)).toBe(true)

    const response = await sheet
    expect(response.statusCode).toBe(200)
    const { lines, pages } = await pdfContent(response.rawPayload)
    expect(lines).toContain('2,000 bookings')
    expect(lines.filter((l) => l.includes('Bulk note ')).length).toBe(BULK)
    expect(lines.at(-1)).toMatch(new RegExp(`Page ${pages} of ${pages}$`))
    expect((await t.api(csr, 'GET', '/api/profile')).statusCode).toBe(200)
  })

  it('prints a longer range in parts instead of refusing it', async () => {
    await insertBookings(t, RUN_SHEET_PART_SIZE, BULK)
    const total = BULK + RUN_SHEET_PART_SIZE
    const first = await t.api(csr, 'GET', `/api/userbooking?pdf=true&${monthQuery}`)
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-disposition']).toContain('filename="Run Sheet (part 1 of 2).pdf"')
    expect((await pdfContent(first.rawPayload)).lines).toContain(
      `Bookings 1-2,500 of ${total.toLocaleString('en-US')}, part 1 of 2`,
    )
    const second = await t.api(csr, 'GET', `/api/userbooking?pdf=true&part=2&${monthQuery}`)
    expect(second.statusCode).toBe(200)
    expect((await pdfContent(second.rawPayload)).lines).toContain(
      `Bookings 2,501-${total.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}, part 2 of 2`,
    )
    for (const part of ['3', '0', 'x']) {
      const refused = await t.api(csr, 'GET', `/api/userbooking?pdf=true&part=${part}&${monthQuery}`)
      expect(refused.statusCode, part).toBe(400)
      expect(refused.json()).toMatchObject({
        message: messages.runSheetPart,
        errors: { part: messages.runSheetPart },
      })
    }
  })
})

describe('limits of heavy work', () => {
  it("refuses an organization's jobs past its limit, not another organization's", async () => {
    const t = await createTestApp({}, { heavyWork: { perOrganization: 1 } })
    try {
      const harbour = await t.signIn(logins.harbourCsr)
      const summit = await t.signIn(logins.summitCsr)
      const [a, b, c] = await Promise.all([
        t.api(harbour, 'GET', '/api/userbooking?pdf=true'),
        t.api(harbour, 'GET', '/api/userbooking?pdf=true'),
        t.api(summit, 'GET', '/api/userbooking?pdf=true'),
      ])
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 429])
      const refused = a.statusCode === 429 ? a : b
      expect(refused.json()).toEqual({ message: messages.heavyWorkBusy })
      expect(refused.headers['retry-after']).toBe('60')
      expect(c.statusCode).toBe(200)
      // The slot is free again once the job is done.
      expect((await t.api(harbour, 'GET', '/api/userbooking?pdf=true')).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })

  it('answers a render that runs out of memory or time with a clear 503, and keeps serving', async () => {
    // 12 MB is enough for the worker to start, not for react-pdf to lay out a confirmation.
    for (const limits of [{ workerHeapMb: 12 }, { timeLimitMs: 1 }]) {
      const t = await createTestApp({}, { heavyWork: limits })
      try {
        const admin = await t.signIn(logins.harbourAdmin)
        const [booking] = (await t.api(admin, 'GET', '/api/userbooking?booking=1')).json()
        const response = await t.api(
          admin,
          'GET',
          `/api/userbooking?invoice_pdf=true&invoice_id=${booking.bookingId}`,
        )
        expect(response.statusCode, JSON.stringify(limits)).toBe(503)
        expect(response.json()).toEqual({ message: messages.heavyWorkTooLarge })
        expect((await t.api(admin, 'GET', '/api/userbooking?booking=1')).statusCode).toBe(200)
      } finally {
        await t.close()
      }
    }
  })
})
