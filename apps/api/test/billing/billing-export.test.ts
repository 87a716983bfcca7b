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
import { billingApi, cents, type Line, linesOf } from './billing-helpers.ts'

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
      ['Harbour Room A', '3', '11.54', '3.46', '38.09'],
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
