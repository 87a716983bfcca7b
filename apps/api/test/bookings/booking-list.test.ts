import {
  addDays,
  type BookingListRow,
  bookingExportColumns,
  formatContentRange,
  wallClock,
} from '@spaceboard/domain'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { centers, clients, organizations, spaces } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { pdfContent } from '../pdf-text.ts'
import { idByName, sydneyToday, userIdByEmail } from './fixtures.ts'

let t: TestApp
let superCookie: string
let harbourAdmin: string
let harbourCsr: string
let summitAdmin: string

const ids: Record<string, number> = {}

const idOf = (table: Parameters<typeof idByName>[1], name: string) => idByName(t, table, name)
const userId = (email: string) => userIdByEmail(t, email)

/**
 * Days 150 and later from today in Sydney: past the demo seed's future bookings and the other
 * booking tests' dates, so these tests own every booking of their date range.
 */
const today = sydneyToday
function day(n: number) {
  let date = addDays(today, 150)
  while (['12-24', '12-25', '12-26', '12-27', '12-31', '01-01', '01-02'].includes(date.slice(5)))
    date = addDays(date, 1)
  return addDays(date, n)
}
const range = () => `start_date=${day(0)}&end_date=${day(3)}`

interface Created {
  id: number
  reference: string
}
const created: Record<string, Created> = {}
let amenityNames: string[] = []

async function book(cookie: string, key: string, body: Record<string, unknown>) {
  const response = await t.api(cookie, 'POST', '/api/userbooking', {
    amenity_ids: [],
    payment_status: 'invoice',
    attendees: 2,
    ...body,
  })
  if (response.statusCode !== 201) throw new Error(`booking ${key}: ${response.body}`)
  const id = response.json().bookingId as number
  const view = (await t.api(cookie, 'GET', `/api/userbooking/${id}`)).json()
  created[key] = { id, reference: view.reference }
}

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  harbourCsr = await t.signIn(logins.harbourCsr)
  summitAdmin = await t.signIn(logins.summitAdmin)
  ids.harbour = await idOf(organizations, 'Harbour Workspaces')
  ids.summit = await idOf(organizations, 'Summit Business Centres')
  ids.quay = await idOf(centers, 'Circular Quay')
  ids.denver = await idOf(centers, 'Denver Downtown')
  ids.roomA = await idOf(spaces, 'Harbour Room A')
  ids.roomB = await idOf(spaces, 'Harbour Room B')
  ids.opera = await idOf(spaces, 'Opera Boardroom')
  ids.rockies = await idOf(spaces, 'Rockies Room')
  ids.acme = await idOf(clients, 'Acme Consulting')
  ids.coral = await idOf(clients, 'Coral Tech')
  ids.ddc = await idOf(clients, 'Denver Design Co')
  ids.alice = await userId('alice@acme.test')
  ids.carlos = await userId('carlos@coraltech.test')
  ids.dana = await userId('dana@denverdesign.test')

  const detail = (
    await t.api(harbourAdmin, 'GET', `/api/meetingroom/${ids.roomA}/detail?bookingDate=${day(0)}`)
  ).json() as { amenities: { amenity_id: number; name: string }[] }
  amenityNames = detail.amenities.map((a) => a.name)

  const harbour = { center_id: ids.quay }
  // Sydney mornings are the evening before in UTC: the list must go by the center's day.
  await book(harbourAdmin, 'h1', {
    ...harbour,
    meeting_room_id: ids.roomA,
    booking_date: day(0),
    start_time: '09:00',
    end_time: '11:00',
    client_id: ids.acme,
    user_id: ids.alice,
    attendees: 4,
    amenity_ids: detail.amenities.map((a) => a.amenity_id),
    notes: '=HYPERLINK("http://evil.example","x")',
    special_requirement: 'Vegan lunch for four',
  })
  await book(harbourCsr, 'h2', {
    ...harbour,
    meeting_room_id: ids.roomB,
    booking_date: day(0),
    start_time: '13:00',
    end_time: '14:30',
    client_id: ids.coral,
    user_id: ids.carlos,
    payment_status: 'card',
    transaction_id: 'txn_42',
    notes: 'Projector please',
  })
  await book(harbourAdmin, 'h3', {
    ...harbour,
    meeting_room_id: ids.opera,
    booking_date: day(1),
    start_time: '10:00',
    end_time: '12:00',
    client_id: ids.acme,
    user_id: ids.alice,
  })
  const summit = {
    center_id: ids.denver,
    meeting_room_id: ids.rockies,
    client_id: ids.ddc,
    user_id: ids.dana,
  }
  await book(summitAdmin, 's1', { ...summit, booking_date: day(0), start_time: '10:00', end_time: '11:00' })
  // 19:00 in Denver is 01:00 or 02:00 of the next day in UTC.
  await book(summitAdmin, 's2', { ...summit, booking_date: day(2), start_time: '19:00', end_time: '20:00' })
})
afterAll(() => t.close())

function list(cookie: string | null, query: string, rangeHeader?: string) {
  return t.api(cookie, 'GET', `/api/userbooking?booking=1&${query}`, undefined, rangeHeader)
}
const refs = (rows: BookingListRow[]) => rows.map((r) => r.reference)

describe('GET /api/userbooking?booking=1 (bookings list)', () => {
  it("gives super every organization's bookings of the dates, newest start first, with the total", async () => {
    const response = await list(superCookie, range())
    expect(response.statusCode).toBe(200)
    const rows = response.json() as BookingListRow[]
    expect(refs(rows)).toEqual(['s2', 'h3', 's1', 'h2', 'h1'].map((k) => created[k]?.reference))
    expect(response.headers['content-range']).toBe('0-4/5')
    const h1 = rows.find((r) => r.bookingId === created.h1?.id)
    expect(h1).toMatchObject({
      booking_prefix: 'MH-HAR',
      reference: `MH-HAR${created.h1?.id}`,
      org_id: ids.harbour,
      organizationName: 'Harbour Workspaces',
      time_format: 'dd/mm',
      centerId: ids.quay,
      centerName: 'Circular Quay',
      meetingroomId: ids.roomA,
      meetingName: 'Harbour Room A',
      timezone: 'Australia/Sydney',
      start_date: day(0),
      start_wall: '09:00',
      end_date: day(0),
      end_wall: '11:00',
      clientId: ids.acme,
      clientName: 'Acme Consulting',
      fUserName: 'Alice',
      currency: 'aud',
      status: 'tentative',
      payment_status: 'invoice',
      is_paid: 0,
      recurringId: null,
      showStatus: true,
    })
    // The instant is the Sydney wall clock's: the evening before in UTC.
    expect(wallClock(new Date(h1?.start_time ?? ''), 'Australia/Sydney')).toEqual({
      date: day(0),
      time: '09:00',
    })
    expect(h1?.net_amount).toMatch(/^\d+\.\d{2}$/)
    // Super has the Booking Status column even for an organization that does not screen bookings.
    expect(rows.find((r) => r.bookingId === created.s1?.id)?.showStatus).toBe(true)
  })

  it('locks an admin to their organization whatever org_id says; Booking Status follows screen bookings', async () => {
    const harbour = (await list(harbourAdmin, `${range()}&org_id=${ids.summit}`)).json() as BookingListRow[]
    expect(refs(harbour)).toEqual(['h3', 'h2', 'h1'].map((k) => created[k]?.reference))
    expect(harbour.every((r) => r.showStatus)).toBe(true)
    const csr = await list(harbourCsr, range())
    expect(csr.statusCode).toBe(200)
    expect(csr.headers['content-range']).toBe('0-2/3')

    const summit = (await list(summitAdmin, range())).json() as BookingListRow[]
    expect(refs(summit)).toEqual(['s2', 's1'].map((k) => created[k]?.reference))
    // Summit does not screen bookings: no Booking Status column for its users.
    expect(summit.every((r) => r.showStatus === false)).toBe(true)
    expect(summit[0]).toMatchObject({ time_format: 'mm/dd', currency: 'usd' })
    // Another organization's location gives nothing, not its bookings.
    const other = await list(summitAdmin, `${range()}&business_center_id=${ids.quay}`)
    expect(other.json()).toEqual([])
    expect(other.headers['content-range']).toBe('*/0')
  })

  it("filters by each booking's own location day, not by UTC", async () => {
    // s2 starts at 19:00 in Denver on day 2, which is day 3 in UTC.
    const day2 = (await list(summitAdmin, `start_date=${day(2)}&end_date=${day(2)}`)).json()
    expect(refs(day2)).toEqual([created.s2?.reference])
    expect(day2[0]).toMatchObject({ start_date: day(2), start_wall: '19:00', end_wall: '20:00' })
    expect((await list(summitAdmin, `start_date=${day(3)}&end_date=${day(3)}`)).json()).toEqual([])
    // h1 starts at 09:00 in Sydney on day 0, which is day −1 in UTC.
    const day0 = (await list(harbourAdmin, `start_date=${day(0)}&end_date=${day(0)}`)).json()
    expect(refs(day0)).toEqual(['h2', 'h1'].map((k) => created[k]?.reference))
    expect((await list(harbourAdmin, `start_date=${day(-1)}&end_date=${day(-1)}`)).json()).toEqual([])
    // Open-ended ranges.
    expect(refs((await list(summitAdmin, `start_date=${day(1)}`)).json())).toContain(created.s2?.reference)
    expect(refs((await list(harbourAdmin, `start_date=${day(1)}&end_date=${day(400)}`)).json())).toEqual([
      created.h3?.reference,
    ])
  })

  it('filters by organization and location for super', async () => {
    const summit = await list(superCookie, `${range()}&org_id=${ids.summit}`)
    expect(refs(summit.json())).toEqual(['s2', 's1'].map((k) => created[k]?.reference))
    const quay = await list(superCookie, `${range()}&org_id=${ids.harbour}&business_center_id=${ids.quay}`)
    expect(refs(quay.json())).toEqual(['h3', 'h2', 'h1'].map((k) => created[k]?.reference))
    const mismatch = await list(superCookie, `${range()}&org_id=${ids.summit}&business_center_id=${ids.quay}`)
    expect(mismatch.json()).toEqual([])
  })

  it("answers the spec's messages for reversed dates and a location without an organization", async () => {
    const reversed = await list(harbourAdmin, `start_date=${day(3)}&end_date=${day(0)}`)
    expect(reversed.statusCode).toBe(400)
    expect(reversed.json()).toEqual({
      message: 'Start date should be less than end date.',
      errors: { start_date: 'Start date should be less than end date.' },
    })
    const noOrganization = await list(superCookie, `${range()}&business_center_id=${ids.quay}`)
    expect(noOrganization.statusCode).toBe(400)
    expect(noOrganization.json()).toEqual({
      message: 'Select organization.',
      errors: { org_id: 'Select organization.' },
    })
    // An admin's organization is their own: a location alone is fine.
    expect((await list(harbourAdmin, `${range()}&business_center_id=${ids.quay}`)).statusCode).toBe(200)
    const badDate = await list(harbourAdmin, 'start_date=2026-02-30')
    expect(badDate.statusCode).toBe(400)
    expect(badDate.json().errors).toEqual({
      start_date: 'Start date must be a real date: 2026-02-30 does not exist.',
    })
    const badOrder = await list(harbourAdmin, 'order=password')
    expect(badOrder.statusCode).toBe(400)
    expect(badOrder.json().errors.order).toMatch(/^Sort order must be one of: bookingId, /)
    // Search is any printable text, a bound parameter (issue 15 item 15); control characters are not.
    expect((await list(harbourAdmin, 'search=%27%3B%20drop')).statusCode).toBe(200)
    expect((await list(harbourAdmin, 'search=a%07b')).statusCode).toBe(400)
  })

  it('searches the reference, client, booker names, space and location', async () => {
    const search = async (text: string, cookie = harbourAdmin) =>
      refs((await list(cookie, `${range()}&search=${encodeURIComponent(text)}`)).json())
    expect(await search(created.h2?.reference ?? '')).toEqual([created.h2?.reference])
    expect(await search('coral')).toEqual([created.h2?.reference])
    expect(await search('Carlos Diaz')).toEqual([created.h2?.reference])
    expect(await search('opera')).toEqual([created.h3?.reference])
    expect(await search('circular')).toHaveLength(3)
    expect(await search('Denver')).toEqual([])
    expect(await search('Denver', superCookie)).toEqual(['s2', 's1'].map((k) => created[k]?.reference))
    // LIKE wildcards in the search are plain characters.
    expect(await search('_')).toEqual([])
  })

  it('pages with Range and Content-Range, and sorts by whitelisted columns', async () => {
    const first = await list(superCookie, range(), '0-1')
    expect(first.headers['content-range']).toBe('0-1/5')
    expect(refs(first.json())).toEqual(['s2', 'h3'].map((k) => created[k]?.reference))
    const second = await list(superCookie, range(), '2-3')
    expect(second.headers['content-range']).toBe('2-3/5')
    expect(refs(second.json())).toEqual(['s1', 'h2'].map((k) => created[k]?.reference))
    const last = await list(superCookie, range(), '4-5')
    expect(last.headers['content-range']).toBe('4-4/5')
    const past = await list(superCookie, range(), '20-39')
    expect(past.json()).toEqual([])
    expect(past.headers['content-range']).toBe(formatContentRange(20, 0, 5))
    // page= without Range: 20 a page.
    expect((await list(superCookie, `${range()}&page=2`)).headers['content-range']).toBe('*/5')
    expect((await list(superCookie, range(), 'rows')).statusCode).toBe(400)
    expect((await list(superCookie, range(), '0-5000')).statusCode).toBe(400)

    const ascending = await list(superCookie, `${range()}&direct=asc`)
    expect(refs(ascending.json())).toEqual(['h1', 'h2', 's1', 'h3', 's2'].map((k) => created[k]?.reference))
    const byClient = (await list(superCookie, `${range()}&order=clientName&direct=asc`)).json()
    expect(byClient.map((r: BookingListRow) => r.clientName)).toEqual([
      'Acme Consulting',
      'Acme Consulting',
      'Coral Tech',
      'Denver Design Co',
      'Denver Design Co',
    ])
    const byId = (await list(superCookie, `${range()}&order=bookingId&direct=desc&random=123`)).json()
    expect(byId.map((r: BookingListRow) => r.bookingId)).toEqual(
      ['s2', 's1', 'h3', 'h2', 'h1'].map((k) => created[k]?.id),
    )
  })

  it('is for signed-in staff only, and still answers the confirmation PDF', async () => {
    expect((await list(null, range())).statusCode).toBe(401)
    const pdf = await t.api(
      harbourAdmin,
      'GET',
      `/api/userbooking?invoice_pdf=true&invoice_id=${created.h1?.id}`,
    )
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect((await t.api(harbourAdmin, 'GET', '/api/userbooking?invoice_pdf=true')).statusCode).toBe(400)
    const other = await t.api(
      summitAdmin,
      'GET',
      `/api/userbooking?invoice_pdf=true&invoice_id=${created.h1?.id}`,
    )
    expect(other.statusCode).toBe(404)
  })
})

/** Reads the export back: its header row and every row as header → cell value. */
async function readWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer)
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new Error('no sheet')
  const header = (sheet.getRow(1).values as unknown[]).slice(1)
  const rows: Record<string, unknown>[] = []
  sheet.eachRow((row, number) => {
    if (number === 1) return
    const entry: Record<string, unknown> = {}
    bookingExportColumns.forEach((name, index) => {
      const value = row.getCell(index + 1).value
      entry[name] = value === undefined || value === '' ? null : value
    })
    rows.push(entry)
  })
  return { header, rows }
}

describe('GET /api/userbooking?bookingSheet=1 (Excel export)', () => {
  it('streams "Booking List.xlsx" with the spec columns, in the location clock and the organization date order', async () => {
    const response = await t.api(harbourAdmin, 'GET', `/api/userbooking?bookingSheet=1&${range()}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(response.headers['content-disposition']).toContain('attachment; filename="Booking List.xlsx"')
    expect(response.headers['content-range']).toBeUndefined()
    const { header, rows } = await readWorkbook(response.rawPayload)
    expect(header).toEqual([...bookingExportColumns])
    expect(rows.map((r) => r.BookingReferenceNumber)).toEqual(
      ['h3', 'h2', 'h1'].map((k) => created[k]?.reference),
    )
    const [dd, mm, yyyy] = [day(0).slice(8, 10), day(0).slice(5, 7), day(0).slice(0, 4)]
    const h1 = rows[2] as Record<string, unknown>
    const h1View = (await t.api(harbourAdmin, 'GET', `/api/userbooking/${created.h1?.id}`)).json()
    expect(h1).toEqual({
      LocationName: 'Circular Quay',
      SpaceName: 'Harbour Room A',
      CompanyName: 'Acme Consulting',
      BookerName: `${h1View.fUserName} ${h1View.lUserName}`,
      BookerEmail: 'alice@acme.test',
      BookingDate: `${dd}-${mm}-${yyyy}`,
      BookingReferenceNumber: created.h1?.reference,
      NumberOfAttendees: 4,
      StartTime: '09:00 AM',
      EndTime: '11:00 AM',
      BookingDuration: 2,
      PaymentStatus: 'Unpaid',
      PaymentMethod: 'Invoice',
      // A formula typed into the notes stays text.
      Notes: `'=HYPERLINK("http://evil.example","x")`,
      TotalAmount: Number(h1View.net_amount),
      Status: 'tentative',
      CancellationRefund: 0,
    })
    expect(rows[1]).toMatchObject({
      CompanyName: 'Coral Tech',
      StartTime: '01:00 PM',
      EndTime: '02:30 PM',
      BookingDuration: 1.5,
      PaymentStatus: 'Paid',
      PaymentMethod: 'Credit Card',
      Notes: 'Projector please',
    })
    // The list's direction applies to the export too.
    const ascending = await t.api(
      harbourAdmin,
      'GET',
      `/api/userbooking?bookingSheet=1&${range()}&direct=asc`,
    )
    expect((await readWorkbook(ascending.rawPayload)).rows.map((r) => r.BookingReferenceNumber)).toEqual(
      ['h1', 'h2', 'h3'].map((k) => created[k]?.reference),
    )
  })

  it("writes a mm/dd organization's dates month first; super's export spans organizations", async () => {
    const summit = await t.api(summitAdmin, 'GET', `/api/userbooking?bookingSheet=1&${range()}`)
    const { rows } = await readWorkbook(summit.rawPayload)
    const [dd, mm, yyyy] = [day(2).slice(8, 10), day(2).slice(5, 7), day(2).slice(0, 4)]
    expect(rows[0]).toMatchObject({
      BookingReferenceNumber: created.s2?.reference,
      BookingDate: `${mm}-${dd}-${yyyy}`,
      StartTime: '07:00 PM',
      EndTime: '08:00 PM',
      Status: 'Confirmed',
    })
    const all = await t.api(superCookie, 'GET', `/api/userbooking?bookingSheet=1&${range()}`)
    expect((await readWorkbook(all.rawPayload)).rows).toHaveLength(5)
    const filtered = await t.api(
      superCookie,
      'GET',
      `/api/userbooking?bookingSheet=1&${range()}&org_id=${ids.harbour}&search=coral`,
    )
    expect((await readWorkbook(filtered.rawPayload)).rows.map((r) => r.BookingReferenceNumber)).toEqual([
      created.h2?.reference,
    ])
  })

  it('refuses bad filters before streaming anything', async () => {
    const response = await t.api(
      superCookie,
      'GET',
      `/api/userbooking?bookingSheet=1&business_center_id=${ids.quay}`,
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe('Select organization.')
    expect((await t.api(null, 'GET', '/api/userbooking?bookingSheet=1')).statusCode).toBe(401)
  })
})

describe('GET /api/userbooking?pdf=true (run sheet)', () => {
  it('prints the filtered bookings per location and day with notes, special requirements and amenities', async () => {
    const response = await t.api(harbourAdmin, 'GET', `/api/userbooking?pdf=true&${range()}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toContain('filename="Run Sheet.pdf"')
    const { lines, title } = await pdfContent(response.rawPayload)
    const text = lines.join('\n')
    const display = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`
    expect(title).toBe(`Run Sheet ${display(day(0))} to ${display(day(3))}`)
    expect(text).toContain('Run Sheet')
    expect(text).toContain('3 bookings')
    const weekday = (iso: string) =>
      new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' })
    // Location and day headings, in start order.
    const headings = lines.filter((l) => l.startsWith('Circular Quay - '))
    expect(headings).toEqual([
      `Circular Quay - ${weekday(day(0))} ${display(day(0))} 2 bookings`,
      `Circular Quay - ${weekday(day(1))} ${display(day(1))} 1 booking`,
    ])
    expect(lines).toContain('Time Space Client Booker Attendees Status Notes Special Requirements Amenities')
    const h1 = lines.findIndex((l) => l.startsWith('09:00 AM - 11:00 AM'))
    expect(lines[h1]).toContain('Harbour Room A Acme Consulting')
    expect(lines[h1]).toContain('4 tentative')
    expect(lines[h1]).toContain('=HYPERLINK')
    expect(lines[h1]).toContain('Vegan lunch for four')
    expect(text).toContain(created.h1?.reference)
    for (const name of amenityNames) expect(text).toContain(name)
    expect(
      lines.some((l) => l.startsWith('01:00 PM - 02:30 PM Harbour Room B Coral Tech Carlos Diaz 2')),
    ).toBe(true)
    expect(text).toContain('Projector please')
    expect(text).not.toContain('Denver')
  })

  it("keeps an organization's sheet to its own bookings and checks the filters", async () => {
    const summit = await t.api(
      summitAdmin,
      'GET',
      `/api/userbooking?pdf=true&${range()}&org_id=${ids.harbour}`,
    )
    const text = (await pdfContent(summit.rawPayload)).lines.join('\n')
    expect(text).toContain('Denver Downtown')
    expect(text).not.toContain('Circular Quay')
    const empty = await t.api(
      harbourAdmin,
      'GET',
      `/api/userbooking?pdf=true&start_date=${day(-1)}&end_date=${day(-1)}`,
    )
    expect((await pdfContent(empty.rawPayload)).lines).toContain('No bookings match the filter.')
    const reversed = await t.api(
      harbourAdmin,
      'GET',
      `/api/userbooking?pdf=true&start_date=${day(2)}&end_date=${day(1)}`,
    )
    expect(reversed.statusCode).toBe(400)
    expect(reversed.json().message).toBe('Start date should be less than end date.')
  })
})
