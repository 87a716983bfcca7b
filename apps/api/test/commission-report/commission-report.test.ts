import { commissionReportColumns, messages, wallClock } from '@spaceboard/domain'
import { sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, centers, clients, organizations, spaces } from '../../src/db/schema/index.ts'
import { SHOWCASE_NOTES } from '../../src/db/seed/bookings.ts'
import { idByName, sydneyDay, userIdByEmail } from '../bookings/fixtures.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { organizationForm } from '../organizations/form.ts'

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

describe('commission derived from the organization rate (issue 42)', () => {
  const day = sydneyDay(300)
  const put = (id: number, body: Record<string, unknown>) =>
    t.api(harbourAdmin, 'PUT', `/api/userbooking/${id}`, body)
  const ok = async (call: Promise<{ statusCode: number; body: string }>) => {
    const response = await call
    expect(response.statusCode, response.body).toBe(200)
  }

  it('is 0 until super sets the rate on the organization; then every room amount, charge and refund carries it', async () => {
    const form = await organizationForm(t, superCookie, harbour)
    expect(form.commission_rate).toBe('0.00')
    const tooHigh = await t.api(superCookie, 'PUT', `/api/organization/${harbour}`, {
      ...form,
      commission_rate: '100.5',
    })
    expect([tooHigh.statusCode, tooHigh.json().message]).toEqual([400, messages.commissionRateRange])
    await ok(t.api(superCookie, 'PUT', `/api/organization/${harbour}`, { ...form, commission_rate: '12.5' }))
    expect((await organizationForm(t, superCookie, harbour)).commission_rate).toBe('12.50')
    // An admin's form cannot change the platform's rate: refused by name, not dropped (item 13).
    const byAdmin = await t.api(harbourAdmin, 'PUT', `/api/organization/${harbour}`, {
      ...(await organizationForm(t, harbourAdmin, harbour)),
      commission_rate: '1',
    })
    expect([byAdmin.statusCode, byAdmin.json().message]).toEqual([
      403,
      'Only super users can change Commission Rate.',
    ])
    expect((await organizationForm(t, superCookie, harbour)).commission_rate).toBe('12.50')

    // Coral Tech: internal discount 15 %, no gratis minutes; Harbour Rooms A and B at 45.00 an hour.
    const base = {
      center_id: await idByName(t, centers, 'Circular Quay'),
      client_id: await idByName(t, clients, 'Coral Tech'),
      user_id: await userIdByEmail(t, 'carlos@coraltech.test'),
      booking_date: day,
      attendees: 2,
      amenity_ids: [],
      payment_status: 'invoice',
    }
    const roomA = await idByName(t, spaces, 'Harbour Room A')
    const roomB = await idByName(t, spaces, 'Harbour Room B')
    const book = async (room: number, start_time: string, end_time: string) => {
      const response = await t.api(harbourAdmin, 'POST', '/api/userbooking', {
        ...base,
        meeting_room_id: room,
        start_time,
        end_time,
      })
      expect(response.statusCode, response.body).toBe(201)
      return response.json().bookingId as number
    }
    // 1: two hours, 90.00 − 15 % = 76.50; 12.5 % of it = 9.5625 → 9.56.
    const first = await book(roomA, '10:00', '12:00')
    // 2: one hour, 38.25 → 4.78; a room charge of 30.00 → 3.75; a room refund of 10.01 → 1.25 back:
    //    7.28; then cancelled with 50 % refunded, half of the commission goes back: 7.28 − 3.64 = 3.64.
    const second = await book(roomB, '09:00', '10:00')
    await ok(
      put(second, {
        code: 'additional_charges',
        adhocCharges: [
          {
            charge_type: 'room',
            room_code_id: 'meetingroom',
            additional_booking_charge_value: '30.00',
            reason_for_additional_booking_charge: 'Late finish',
          },
        ],
      }),
    )
    await ok(put(second, { code: 'partial', roomAmountRefund: '10.01', roomNotes: 'Noise' }))
    await ok(put(second, { code: 'full', refundPercent: '50' }))
    // 3: one hour, 38.25 → 4.78, extended by an hour: the extension's 38.25 → 4.78; 9.56, with an
    //    additional commission of 5.00 recorded by CHARGE_COMMISSION.
    const third = await book(roomA, '13:00', '14:00')
    await ok(
      put(third, {
        code: 'RESCHEDULE_BOOKING',
        newMeetingRoomId: roomA,
        newStartTime: `${day} 13:00`,
        newEndTime: `${day} 15:00`,
      }),
    )
    await ok(put(third, { code: 'CHARGE_COMMISSION', additionalCommissionAmount: '5.00' }))

    const response = await report(harbourAdmin, `start_date=${day}&end_date=${day}`)
    expect(response.statusCode).toBe(200)
    const rows = (await rowsOf(response.rawPayload)).slice(1)
    const commissions = [first, second, third].map((id) => {
      const row = rows.find((r) => r[12] === `MH-HAR${id}`) ?? []
      return [row[20], row[21]]
    })
    expect(commissions).toEqual([
      [9.56, 0],
      [3.64, 0],
      [9.56, 5],
    ])
  })
})
