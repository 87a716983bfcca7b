import { toCents } from '@spaceboard/domain'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

// Issue 15 item 20: the centers' monthly revenue has targets and now the actual net revenue per month,
// months taken in the center's time zone (spec 1 §3 monthRevenue).

let t: TestApp
let harbourAdmin: string
beforeAll(async () => {
  t = await createTestApp()
  harbourAdmin = await t.signIn(logins.harbourAdmin)
})
afterAll(() => t.close())

type Month = { month_id: number; revenue: number | null; actual: string }
const CENTER = 1

async function monthsOf(year: number) {
  const view = (await t.api(harbourAdmin, 'GET', `/api/center/${CENTER}?year=${year}`)).json()
  return { zone: view.timezone_id as string, months: view.monthRevenue as Month[] }
}

/** The month (1–12) and year of an instant in a time zone. */
function monthIn(instant: Date, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(instant)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return { year: get('year'), month: get('month') }
}

describe('monthRevenue actual', () => {
  it("is each month's net amount less cancellation refunds, in the center's zone", async () => {
    const rows = await t.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.organizationId, 1), eq(bookings.centerId, CENTER)))
    expect(rows.length).toBeGreaterThan(0)
    const { zone } = await monthsOf(new Date().getUTCFullYear())
    const years = [...new Set(rows.map((r) => monthIn(r.startTime, zone).year))]
    for (const year of years) {
      const expected = new Array(12).fill(0)
      for (const row of rows) {
        const at = monthIn(row.startTime, zone)
        if (at.year !== year) continue
        expected[at.month - 1] += toCents(row.netAmount) - toCents(row.cancellationRefundAmount)
      }
      const { months } = await monthsOf(year)
      expect(
        months.map((m) => toCents(m.actual)),
        String(year),
      ).toEqual(expected)
    }
  })

  it('counts a booking in the month of its local start, not its UTC one', async () => {
    const { zone } = await monthsOf(2030)
    const [row] = await t.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.organizationId, 1), eq(bookings.centerId, CENTER)))
      .limit(1)
    if (!row) throw new Error('no booking')
    // 1 April 2030 at 09:00 in the center's zone is 31 March in UTC for a zone east of UTC.
    const start = new Date(
      `2030-04-01T09:00:00${zone === 'UTC' ? 'Z' : offsetOf(zone, new Date('2030-04-01T00:00:00Z'))}`,
    )
    await t.database.db
      .update(bookings)
      .set({ startTime: start, endTime: new Date(start.getTime() + 3600_000) })
      .where(eq(bookings.id, row.id))
    const { months } = await monthsOf(2030)
    const net = toCents(row.netAmount) - toCents(row.cancellationRefundAmount)
    expect(toCents(months[3]?.actual ?? '0')).toBe(net)
    expect(toCents(months[2]?.actual ?? '0')).toBe(0)
    expect(months[0]).toMatchObject({ month_id: 1, actual: '0.00' })
  })
})

/** "+10:00"-style offset of a zone at an instant. */
function offsetOf(zone: string, at: Date) {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value
  const offset = name?.replace('GMT', '') || '+00:00'
  return offset
}
