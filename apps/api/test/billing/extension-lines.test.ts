import { billingLines } from '@spaceboard/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { centers, clients, spaces } from '../../src/db/schema/index.ts'
import { idByName, sydneyDay, userIdByEmail } from '../bookings/fixtures.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { pdfContent } from '../pdf-text.ts'
import { billingApi, cents } from './billing-helpers.ts'

// Issue 42 item 2: after an extension the room line keeps the hours its amount pays for and the
// extension has its own line, on the confirmation page, its PDF and the billing export alike.

let t: TestApp
let admin: string
let api: ReturnType<typeof billingApi>

beforeAll(async () => {
  t = await createTestApp()
  api = billingApi(t)
  admin = await t.signIn(logins.harbourAdmin)
})
afterAll(() => t.close())

describe('a booking extended in the calendar', () => {
  it('counts every hour on one line only, and every line reads quantity × unit = amount', async () => {
    const day = sydneyDay(320)
    const room = await idByName(t, spaces, 'Harbour Room A')
    // Blue Ocean Legal: 60 gratis minutes a month, no discounts; Harbour Room A at 45.00 an hour.
    const id = await api.book(admin, {
      center_id: await idByName(t, centers, 'Circular Quay'),
      client_id: await idByName(t, clients, 'Blue Ocean Legal'),
      user_id: await userIdByEmail(t, 'bella@blueocean.test'),
      meeting_room_id: room,
      booking_date: day,
      start_time: '10:00',
      end_time: '12:00',
      use_gratis: true,
    })
    // Two hours, one of them free: the room is 1 × 45.00. The extension's hour is another 45.00.
    const extended = await api.act(admin, id, {
      code: 'RESCHEDULE_BOOKING',
      newMeetingRoomId: room,
      newStartTime: `${day} 10:00`,
      newEndTime: `${day} 13:00`,
    })
    expect(extended.statusCode, extended.body).toBe(200)

    // The page's lines (the page and the PDF both show billingLines of this answer).
    const view = await api.view(admin, id)
    const lines = billingLines(view)
    expect(
      lines
        .filter((l) => l.kind === 'room' || l.kind === 'charge')
        .map((l) => [l.description, l.quantity, l.unitPrice, l.amount]),
    ).toEqual([
      ['Harbour Room A', '1', 4500, 4500],
      ['Additional Charge: Meeting Room', '1', 4500, 4500],
    ])
    expect(lines.find((l) => l.kind === 'gratis')?.detail).toContain('3 hours booked, 2 charged')
    for (const line of lines)
      if (line.unitPrice !== undefined)
        expect(Math.round(Number(line.quantity) * 100) * line.unitPrice).toBe((line.amount ?? 0) * 100)

    const pdf = await t.api(admin, 'GET', `/api/userbooking?invoice_pdf=true&invoice_id=${id}`)
    expect(pdf.statusCode).toBe(200)
    const { lines: printed } = await pdfContent(pdf.rawPayload)
    expect(printed).toEqual(
      expect.arrayContaining([
        'Harbour Room A 1 A$45.00 A$45.00',
        'Additional Charge: Meeting Room 1 A$45.00 A$45.00',
      ]),
    )

    const exported = (await api.lines(admin, `start_date=${day}&end_date=${day}&search=MH-HAR${id}`)).lines
    const rows = exported.map((l) => [l.Description.split(' - ')[0], l.Quantity, l.UnitAmount])
    expect(rows).toEqual([
      ['Harbour Room A', '1', '45.00'],
      ['Additional Charge: Meeting Room', '1', '45.00'],
    ])
    for (const row of exported)
      expect(Math.round(Number(row.Quantity) * 100) * cents(row.UnitAmount)).toBe(
        cents(row.TotalAmount) * 100 - cents(row.TaxAmount) * 100,
      )
  })
})
