import { commissionReportColumns, messages, wallClock } from '@spaceboard/domain'
import { sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, organizations } from '../../src/db/schema/index.ts'
import { SHOWCASE_NOTES } from '../../src/db/seed/bookings.ts'
import { idByName } from '../bookings/fixtures.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

let t: TestApp
let superCookie: string
let harbourAdmin: string
let harbourCsr: string
let summitAdmin: string
let showcase: { id: number; date: string }
let harbour: number

const report = (cookie: string, query: string) =>
  t.api(cookie, 'GET', `/api/userbooking/?billing=true&commisionReport=1&${query}`)

async function rowsOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(body as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new Error('no sheet')
  const rows: unknown[][] = []
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return rows
}

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  harbourCsr = await t.signIn(logins.harbourCsr)
  summitAdmin = await t.signIn(logins.summitAdmin)
  harbour = await idByName(t, organizations, 'Harbour Workspaces')
  const [row] = await t.database.db
    .select({ id: bookings.id, startTime: bookings.startTime })
    .from(bookings)
    .where(sql`${bookings.notes} like ${`${SHOWCASE_NOTES}%`}`)
  if (!row) throw new Error('no showcase booking')
  showcase = { id: row.id, date: wallClock(row.startTime, 'Australia/Sydney').date }
  // A commission on the booking, as CHARGE_COMMISSION records it.
  const charged = await t.api(harbourAdmin, 'PUT', `/api/userbooking/${row.id}`, {
    code: 'CHARGE_COMMISSION',
    additionalCommissionAmount: '12.34',
  })
  expect(charged.statusCode, charged.body).toBe(200)
})
afterAll(() => t.close())

describe('GET /api/userbooking/?commisionReport=1 (Commision Report)', () => {
  it('answers the spec messages for missing or reversed dates and a super without organization', async () => {
    const cases: [string, string, string][] = [
      [harbourAdmin, 'end_date=2026-01-01', messages.selectStartDate],
      [harbourAdmin, 'start_date=2026-01-01', messages.selectEndDate],
      [harbourAdmin, 'start_date=2026-02-01&end_date=2026-01-01', messages.startBeforeEnd],
      [superCookie, 'start_date=2026-01-01&end_date=2026-01-31', messages.selectOrganizationForFilter],
    ]
    for (const [cookie, query, message] of cases) {
      const response = await report(cookie, query)
      expect([response.statusCode, response.json().message]).toEqual([400, message])
    }
    const csr = await report(harbourCsr, 'start_date=2026-01-01&end_date=2026-01-31')
    expect(csr.statusCode).toBe(403)
  })

  it('writes a row per booking with its gross value and commissions, dates by the time format', async () => {
    const response = await report(harbourAdmin, `start_date=${showcase.date}&end_date=${showcase.date}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toContain('Commision Report.xlsx')
    const [headers, ...rows] = await rowsOf(response.rawPayload)
    expect(headers).toEqual([...commissionReportColumns])
    const row = rows.find((r) => r[12] === `MH-HAR${showcase.id}`)
    const [y, m, d] = showcase.date.split('-')
    expect(row).toMatchObject({
      0: 'Acme Consulting',
      11: `MH-HAR${showcase.id}`,
      14: `${d}-${m}-${y}`,
      16: 'Harbour Room A',
      18: 'AUD',
      19: 200.34,
      21: 12.34,
      22: 'Invoice',
    })
    // Another organization's admin gets their own organization's report, whatever org_id says.
    const summit = await report(
      summitAdmin,
      `start_date=${showcase.date}&end_date=${showcase.date}&org_id=${harbour}`,
    )
    const summitRows = (await rowsOf(summit.rawPayload)).slice(1)
    expect(summitRows.some((r) => String(r[12]).startsWith('MH-HAR'))).toBe(false)
    const asSuper = await report(
      superCookie,
      `start_date=${showcase.date}&end_date=${showcase.date}&org_id=${harbour}`,
    )
    expect((await rowsOf(asSuper.rawPayload)).length).toBe(rows.length + 1)
  })
})
