import { addDays, billingSheetColumns, messages, wallClock } from '@spaceboard/domain'
import { eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bookings,
  centers,
  clients,
  organizationBillingSheetColumns,
  organizations,
  spaces,
} from '../../src/db/schema/index.ts'
import { SHOWCASE_NOTES } from '../../src/db/seed/bookings.ts'
import { idByName, sydneyDay, userIdByEmail } from '../bookings/fixtures.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { billingApi, cents, type Line } from './billing-helpers.ts'

let t: TestApp
let api: ReturnType<typeof billingApi>
let superCookie: string
let harbourAdmin: string
let harbourCsr: string
let summitAdmin: string
const ids: Record<string, number> = {}

/** Days well past the demo's bookings and the other tests', so this file owns every booking in them. */
const day = (n: number) => sydneyDay(170 + n)
const range = `start_date=${day(0)}&end_date=${day(6)}`

const sum = (lines: Line[], column: keyof Line = 'TotalAmount') =>
  lines.reduce((s, l) => s + cents(l[column]), 0)
const ofBooking = (lines: Line[], id: number) => lines.filter((l) => l.Reference.startsWith(`MH-HAR${id}`))

beforeAll(async () => {
  t = await createTestApp()
  api = billingApi(t)
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  harbourCsr = await t.signIn(logins.harbourCsr)
  summitAdmin = await t.signIn(logins.summitAdmin)
  ids.harbour = await idByName(t, organizations, 'Harbour Workspaces')
  ids.summit = await idByName(t, organizations, 'Summit Business Centres')
  ids.quay = await idByName(t, centers, 'Circular Quay')
  ids.roomA = await idByName(t, spaces, 'Harbour Room A')
  ids.roomB = await idByName(t, spaces, 'Harbour Room B')
  ids.acme = await idByName(t, clients, 'Acme Consulting')
  ids.coral = await idByName(t, clients, 'Coral Tech')
  ids.alice = await userIdByEmail(t, 'alice@acme.test')
  ids.carlos = await userIdByEmail(t, 'carlos@coraltech.test')
})
afterAll(() => t.close())

describe('the demo Showcase booking', () => {
  it('exports one line per money event, hand-computed, adding up to its net amount 200.34', async () => {
    const [row] = await t.database.db
      .select({ id: bookings.id, startTime: bookings.startTime })
      .from(bookings)
      .where(sql`${bookings.notes} like ${`${SHOWCASE_NOTES}%`}`)
    if (!row) throw new Error('no showcase booking')
    const date = wallClock(row.startTime, 'Australia/Sydney').date
    const { headers, lines: all } = await api.lines(
      harbourAdmin,
      `start_date=${date}&end_date=${date}&search=MH-HAR${row.id}`,
    )
    expect(headers).toEqual([...billingSheetColumns])
    const lines = ofBooking(all, row.id)
    const [y, m, d] = date.split('-')
    const due = addDays(date, 14).split('-')
    // GST 10 % on the running subtotal: each line carries what it adds to the rounded tax.
    expect(
      lines.map((l) => [l.Description.split(' - ')[0], l.Quantity, l.UnitAmount, l.TaxAmount, l.TotalAmount]),
    ).toEqual([
      // 34.63 does not divide by its 3 hours to the cent: one of 34.63, so quantity × unit = amount.
      ['Harbour Room A', '1', '34.63', '3.46', '38.09'],
      [expect.any(String), expect.any(String), expect.any(String), '2.50', '27.50'],
      [expect.any(String), expect.any(String), expect.any(String), '7.50', '82.50'],
      [expect.any(String), expect.any(String), expect.any(String), '3.00', '33.00'],
      ['Additional Charge: Meeting Room', '1', '30.00', '3.00', '33.00'],
      ['Additional Charge: Flip chart', '1', '15.00', '1.50', '16.50'],
      ['Room Refund: Harbour Room A', '1', '-10.00', '-1.00', '-11.00'],
      [expect.stringMatching(/^Amenity Refund: /), '1', '-12.50', '-1.25', '-13.75'],
      ['Refund: Additional Charge: Flip chart', '1', '-5.00', '-0.50', '-5.50'],
    ])
    expect(sum(lines)).toBe(20034)
    expect(sum(lines, 'TaxAmount')).toBe(1821)
    const room = lines[0] as Line
    expect(room).toMatchObject({
      CompanyClientName: 'Acme Consulting',
      InvoiceNumber: `MH-HAR${row.id}`,
      Reference: `MH-HAR${row.id}`,
      InvoiceDate: `${d}/${m}/${y}`,
      DueDate: `${due[2]}/${due[1]}/${due[0]}`,
      Discount: '10.37',
      TaxType: 'GST',
      TaxPercent: '10.00',
      Currency: 'AUD',
      PaymentMethod: 'Invoice',
      SiteID: String(ids.quay),
      LocationName: 'Circular Quay',
      SpaceName: 'Harbour Room A',
      BookingDate: `${d}/${m}/${y}`,
      Exported: 'No',
    })
    // Refunds are credit notes: the refund prefix and their sequence on the booking.
    expect(lines.slice(6).map((l) => l.InvoiceNumber)).toEqual([1, 2, 3].map((n) => `CRMH-HAR${row.id}-${n}`))
  })
})

describe('export of bookings with every row kind, marking, tenancy', () => {
  const booked: Record<string, number> = {}
  let amenityId = 0

  beforeAll(async () => {
    const detail = (
      await t.api(harbourAdmin, 'GET', `/api/meetingroom/${ids.roomA}/detail?bookingDate=${day(0)}`)
    ).json() as { amenities: { amenity_id: number }[] }
    const base = { center_id: ids.quay, client_id: ids.acme, user_id: ids.alice }
    booked.b1 = await api.book(harbourAdmin, {
      ...base,
      meeting_room_id: ids.roomA,
      booking_date: day(0),
      // Acme has 120 gratis minutes a month: four hours leave two to charge.
      start_time: '09:00',
      end_time: '13:00',
      amenity_ids: detail.amenities.slice(0, 1).map((a) => a.amenity_id),
    })
    booked.b2 = await api.book(harbourAdmin, {
      ...base,
      client_id: ids.coral,
      user_id: ids.carlos,
      meeting_room_id: ids.roomB,
      booking_date: day(1),
      start_time: '13:00',
      end_time: '14:30',
      payment_status: 'card',
      transaction_id: 'txn_7',
    })
    booked.b3 = await api.book(harbourAdmin, {
      ...base,
      meeting_room_id: ids.roomA,
      booking_date: day(2),
      start_time: '10:00',
      end_time: '13:00',
    })
    const view = await api.view(harbourAdmin, booked.b1)
    amenityId = view.bookedAmenities[0].id
    const charged = await api.act(harbourAdmin, booked.b1, {
      code: 'additional_charges',
      adhocCharges: [
        {
          charge_type: 'room',
          room_code_id: 'meetingroom',
          additional_booking_charge_value: '20.00',
          reason_for_additional_booking_charge: 'Late finish',
        },
      ],
    })
    expect(charged.statusCode, charged.body).toBe(200)
    const chargeId = (await api.view(harbourAdmin, booked.b1)).additionalCharges[0].id
    const refunded = await api.act(harbourAdmin, booked.b1, {
      code: 'partial',
      roomAmountRefund: '5.00',
      roomNotes: 'AC broken',
      amenityPartialRefund: [{ booking_amenity_id: amenityId, amount: '1.00', reason: 'Cold coffee' }],
      additionalChargeRefund: [{ additional_charge_id: chargeId, amount: '2.00', reason: 'Goodwill' }],
    })
    expect(refunded.statusCode, refunded.body).toBe(200)
    const cancelled = await api.act(harbourAdmin, booked.b3, { code: 'full', refundPercent: '50' })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    // A client id a spreadsheet would run as a formula.
    await t.database.db
      .update(clients)
      .set({ externalClientId: '=cmd|calc' })
      .where(eq(clients.id, ids.coral as number))
  })

  it('writes one line per money event, refunds negative, each booking adding up to its net amount', async () => {
    const { lines } = await api.lines(harbourAdmin, range)
    const b1 = ofBooking(lines, booked.b1 as number)
    const view1 = await api.view(harbourAdmin, booked.b1 as number)
    expect(b1.map((l) => [(l.Description.split(':')[0] ?? '').split(' - ')[0], l.UnitAmount])).toEqual([
      ['Harbour Room A', expect.any(String)],
      [view1.bookedAmenities[0].name, expect.any(String)],
      ['Additional Charge', '20.00'],
      ['Room Refund', '-5.00'],
      ['Amenity Refund', '-1.00'],
      ['Refund', '-2.00'],
    ])
    expect(sum(b1)).toBe(cents(view1.net_amount))
    expect(b1.slice(3).map((l) => l.InvoiceNumber)).toEqual([1, 2, 3].map((n) => `CRMH-HAR${booked.b1}-${n}`))
    expect(b1.every((l) => l.Exported === 'No')).toBe(true)

    const b2 = ofBooking(lines, booked.b2 as number)
    expect(b2).toHaveLength(1)
    expect(b2[0]).toMatchObject({
      PaymentMethod: 'Credit Card',
      UniqueClientID: "'=cmd|calc",
      Quantity: '1',
      CompanyClientName: 'Coral Tech',
    })

    const b3 = ofBooking(lines, booked.b3 as number)
    const view3 = await api.view(harbourAdmin, booked.b3 as number)
    expect(b3.map((l) => l.Description.split(' (')[0])).toEqual(['Harbour Room A', 'Cancellation Refund'])
    expect(b3[1]?.Reference).toMatch(
      new RegExp(`^MH-HAR${booked.b3} - Cancelled on \\d\\d/\\d\\d/\\d{4}, 50.00% refunded$`),
    )
    expect(b3[1]?.InvoiceNumber).toBe(`CRMH-HAR${booked.b3}-1`)
    expect(cents(b3[1]?.TotalAmount ?? '')).toBe(-cents(view3.cancellationRefund.amount))
    expect(sum(b3)).toBe(cents(view3.net_amount))
  })

  it('marks exactly the lines not yet exported; a later refund goes out with the next export only', async () => {
    const first = await api.mark(harbourAdmin, { start_date: day(0), end_date: day(6) }, booked.b1 as number)
    expect(first.statusCode, first.body).toBe(200)
    const { exportId, lines: taken, status } = first.json()
    expect(status).toBe(true)
    const marked = (await api.lines(harbourAdmin, `${range}&exportId=${exportId}`)).lines
    expect(marked).toHaveLength(taken)
    expect(marked.length).toBe(9)
    expect(marked.every((l) => l.Exported === 'Yes')).toBe(true)

    const again = await api.mark(harbourAdmin, { start_date: day(0), end_date: day(6) }, booked.b2 as number)
    expect(again.json().lines).toBe(0)

    // A refund after the export: the next export holds it, and only it.
    const refund = await api.act(harbourAdmin, booked.b1 as number, {
      code: 'partial',
      roomAmountRefund: '3.00',
      roomNotes: 'Noise',
    })
    expect(refund.statusCode, refund.body).toBe(200)
    const preview = ofBooking((await api.lines(harbourAdmin, range)).lines, booked.b1 as number)
    expect(preview.map((l) => l.Exported)).toEqual(['Yes', 'Yes', 'Yes', 'Yes', 'Yes', 'Yes', 'No'])
    const second = (
      await api.mark(harbourAdmin, { start_date: day(0), end_date: day(6) }, booked.b1 as number)
    ).json()
    expect(second.lines).toBe(1)
    const next = (await api.lines(harbourAdmin, `exportId=${second.exportId}`)).lines
    expect(next.map((l) => [l.InvoiceNumber, l.UnitAmount, l.Exported])).toEqual([
      [`CRMH-HAR${booked.b1}-4`, '-3.00', 'Yes'],
    ])
    // What went out over both exports is the booking's net amount to the cent.
    const view1 = await api.view(harbourAdmin, booked.b1 as number)
    expect(sum(ofBooking(marked, booked.b1 as number)) + sum(next)).toBe(cents(view1.net_amount))
  })

  it("never shows or marks another organization's lines; csr cannot export money data", async () => {
    const mine = (
      await api.mark(harbourAdmin, { start_date: day(0), end_date: day(6) }, booked.b1 as number)
    ).json()
    expect((await api.exportCsv(summitAdmin, `exportId=${mine.exportId}`)).statusCode).toBe(404)
    const summit = (await api.lines(summitAdmin, `${range}&org_id=${ids.harbour}`)).lines
    expect(summit.filter((l) => l.Reference.startsWith('MH-HAR'))).toEqual([])
    // Harbour's booking on the path is no booking of Summit's: not found, nothing marked.
    const foreign = await api.mark(
      summitAdmin,
      { start_date: day(0), end_date: day(6), org_id: ids.harbour },
      booked.b1 as number,
    )
    expect(foreign.statusCode).toBe(404)

    for (const call of [
      () => t.api(harbourCsr, 'GET', `/api/userbooking?billing=true&${range}`),
      () => api.exportCsv(harbourCsr, range),
      () => api.mark(harbourCsr, { start_date: day(0), end_date: day(6) }, booked.b1 as number),
      () => t.api(harbourCsr, 'GET', '/api/mh-billing-sheet'),
    ]) {
      const response = await call()
      expect(response.statusCode).toBe(403)
      expect(response.json().message).toBe('Only super and admin users can do this.')
    }
    expect(
      (await api.mark(superCookie, { start_date: day(0), end_date: day(6) }, booked.b1 as number)).json()
        .message,
    ).toBe(messages.selectOrganizationForFilter)
    const badDates = await api.exportCsv(harbourAdmin, `start_date=${day(3)}&end_date=${day(1)}`)
    expect([badDates.statusCode, badDates.json().message]).toEqual([400, messages.startBeforeEnd])
    expect((await api.exportCsv(harbourAdmin, 'start_date=2026-13-01')).statusCode).toBe(400)
  })

  it('marks exactly what the filters show, only with a date range, only on a booking of the organization', async () => {
    const base = { center_id: ids.quay, meeting_room_id: ids.roomB, start_time: '09:00', end_time: '10:00' }
    const acme = { client_id: ids.acme, user_id: ids.alice }
    const shown = await api.book(harbourAdmin, { ...base, ...acme, booking_date: day(10) })
    const otherClient = await api.book(harbourAdmin, {
      ...base,
      client_id: ids.coral,
      user_id: ids.carlos,
      booking_date: day(10),
      start_time: '11:00',
      end_time: '12:00',
    })
    const nextDay = await api.book(harbourAdmin, { ...base, ...acme, booking_date: day(11) })

    // Without a date range nothing is marked: the organization's whole history is never one call away.
    for (const body of [{}, { start_date: day(10) }, { end_date: day(11) }, { search: 'Acme' }]) {
      const refused = await api.mark(harbourAdmin, body, shown)
      expect([refused.statusCode, refused.json().message]).toEqual([400, messages.markExportedRangeRequired])
    }
    // The path names a booking of the organization: another's, or none, is not found.
    const [summitBooking] = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.organizationId, ids.summit as number))
      .limit(1)
    for (const id of [summitBooking?.id as number, 2_000_000_000]) {
      const refused = await api.mark(harbourAdmin, { start_date: day(10), end_date: day(11) }, id)
      expect(refused.statusCode).toBe(404)
    }
    const untouched = (await api.lines(harbourAdmin, `start_date=${day(10)}&end_date=${day(11)}`)).lines
    expect(untouched.map((l) => l.Exported)).toEqual(['No', 'No', 'No'])

    // Day 10 and "Acme": one booking of the three.
    const marked = await api.mark(
      harbourAdmin,
      { start_date: day(10), end_date: day(10), search: 'Acme' },
      shown,
    )
    expect(marked.statusCode, marked.body).toBe(200)
    const file = (await api.lines(harbourAdmin, `exportId=${marked.json().exportId}`)).lines
    expect(file.map((l) => l.Reference)).toEqual([`MH-HAR${shown}`])
    const after = (await api.lines(harbourAdmin, `start_date=${day(10)}&end_date=${day(11)}`)).lines
    expect(after.map((l) => [l.Reference, l.Exported])).toEqual([
      [`MH-HAR${shown}`, 'Yes'],
      [`MH-HAR${otherClient}`, 'No'],
      [`MH-HAR${nextDay}`, 'No'],
    ])
  })

  it('lists the billing rows with Range, the payment method and the total', async () => {
    const response = await t.api(
      harbourAdmin,
      'GET',
      `/api/userbooking?billing=true&${range}`,
      undefined,
      '0-19',
    )
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-range']).toBe('0-2/3')
    const rows = response.json() as { bookingId: number; payment_method: string; reference: string }[]
    expect(rows.map((r) => [r.reference, r.payment_method])).toEqual([
      [`MH-HAR${booked.b3}`, 'Invoice'],
      [`MH-HAR${booked.b2}`, 'Credit Card'],
      [`MH-HAR${booked.b1}`, 'Invoice'],
    ])
  })

  it("names the columns the organization's way, dates MM/DD/YYYY for mm/dd, monthly invoices per client", async () => {
    await t.database.db.insert(organizationBillingSheetColumns).values([
      { organizationId: ids.harbour as number, columnKey: 'InvoiceNumber', customName: 'Invoice No' },
      { organizationId: ids.harbour as number, columnKey: 'Exported', customName: 'Sent' },
    ])
    const sheet = await t.api(harbourAdmin, 'GET', `/api/mh-billing-sheet?org=${ids.summit}`)
    expect(sheet.json().org_id).toBe(ids.harbour)
    const columns = sheet.json().columns as string[]
    expect(columns).toHaveLength(31)
    expect([columns[0], columns[8], columns[30]]).toEqual(['CompanyClientName', 'Invoice No', 'Sent'])
    const superSheet = await t.api(superCookie, 'GET', `/api/mh-billing-sheet?org=${ids.summit}`)
    expect(superSheet.json().columns[8]).toBe('InvoiceNumber')

    await t.database.db
      .update(organizations)
      .set({ timeFormat: 'mm/dd' })
      .where(eq(organizations.id, ids.harbour as number))
    const { headers, lines } = await api.lines(harbourAdmin, `${range}&monthlyBilling=true`)
    expect(headers).toEqual(columns)
    const [y, m, d] = day(0).split('-')
    const room = ofBooking(lines, booked.b1 as number)[0] as Line
    expect(room.BookingDate).toBe(`${m}/${d}/${y}`)
    const month = `${y}${m}`
    const lastDay = new Date(Date.UTC(Number(y), Number(m), 0)).toISOString().slice(0, 10).split('-')
    // Without an Invoice Numbering, the monthly invoice goes under the booking prefix.
    expect(room.InvoiceNumber).toBe(`MH-HAR${month}-${ids.acme}`)
    expect(room.InvoiceDate).toBe(`${lastDay[1]}/${lastDay[2]}/${lastDay[0]}`)
    // Refunds keep their own credit note numbers.
    expect(ofBooking(lines, booked.b1 as number)[3]?.InvoiceNumber).toBe(`CRMH-HAR${booked.b1}-1`)

    // With one (required when the organization bills monthly), under it.
    await t.database.db
      .update(organizations)
      .set({ invoiceNumbering: 'INV-HW-', monthlyBilling: true })
      .where(eq(organizations.id, ids.harbour as number))
    const monthly = ofBooking((await api.lines(harbourAdmin, range)).lines, booked.b1 as number)
    expect(monthly[0]?.InvoiceNumber).toBe(`INV-HW-${month}-${ids.acme}`)
    expect(monthly[3]?.InvoiceNumber).toBe(`CRMH-HAR${booked.b1}-1`)
    await t.database.db
      .update(organizations)
      .set({ timeFormat: 'dd/mm', invoiceNumbering: '', monthlyBilling: false })
      .where(eq(organizations.id, ids.harbour as number))
  })

  it('downloads the same lines as a workbook, amounts as numbers', async () => {
    const response = await t.api(harbourAdmin, 'GET', `/api/userbooking/?billing=true&export=xlsx&${range}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toContain('Booking Detail.xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    if (!sheet) throw new Error('no sheet')
    const csv = (await api.lines(harbourAdmin, range)).lines
    expect(sheet.rowCount).toBe(csv.length + 1)
    const total = (sheet.getRow(2).getCell(22).value as number) * 100
    expect(Math.round(total)).toBe(cents(csv[0]?.TotalAmount ?? ''))
    expect(sheet.getRow(2).getCell(1).value).toBe(csv[0]?.CompanyClientName)
  })
})
