import {
  bookedHours,
  REPORT_SHEET_NAME,
  reportExportMessages,
  wallClock,
  wallHourMinutes,
  wallStartHour,
} from '@spaceboard/domain'
import { and, eq, isNull } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bookings,
  centers,
  clients,
  countries,
  organizations,
  spaces,
  users,
} from '../../src/db/schema/index.ts'
import { hashPassword } from '../../src/platform/passwords.ts'
import { createTestApp, DEMO_PASSWORD, logins, type TestApp } from '../helpers.ts'

/**
 * The time and usage reports against a small fixture, every figure worked out by hand below.
 *
 * Organization "Tempo Rooms" (AUD, financial year from July, dd/mm): Sydney (Australia/Sydney,
 * daylight saving ends Sunday 5 April 2026 03:00 AEDT → 02:00 AEST) with space "Harbour Nook",
 * Perth (Australia/Perth, no daylight saving) with space "Swan Nook"; clients Alpha and Beta.
 * Organization "Thames Rooms" (GBP, calendar year, mm/dd): London with space "Bridge Nook".
 *
 *  id  where   client  local start → end                    UTC start          created (UTC)      lead (min)  gratis used  voucher
 *  b1  Sydney  Alpha   Sun 05-04 01:30 AEDT → 03:30 AEST    04-04 14:30 (180m) 03-30 14:30        7200 (5 d)  60 − 0 = 60   SPRING10 15.00
 *  b2  Perth   Beta    Sun 05-04 09:30 → 11:00 AWST         04-05 01:30 (90m)  04-05 00:00        90          30 − 30 = 0   SPRING10 5.50
 *  b3  Sydney  Alpha   Mon 20-04 10:00 → 12:00 AEST         04-20 00:00 (120m) 01-01 00:00        156960 (109 d) 45 − 15 = 30 VIP 20.00
 *  b4  Sydney  Alpha   Wed 22-04 10:00 → 11:00, CANCELLED   04-22 00:00 (60m)  04-01 00:00        —           60           VIP 10.00
 *  b5  Sydney  Alpha   Fri 01-05 00:30 → 01:30 AEST         04-30 14:30 (60m)  04-30 14:00        30          0            —
 *  b6  Sydney  Beta    Thu 30-04 23:30 → 01-05 00:30 AEST   04-30 13:30 (60m)  04-28 13:30        2880 (2 d)  0            —
 *  b7  Sydney  Beta    Wed 01-04 09:00 → 10:00 AEDT         03-31 22:00 (60m)  03-22 22:00        12960 (9 d) 15 − 0 = 15   —
 *  b8  Sydney  Alpha   Sun 04-10 01:30 AEST → 03:30 AEDT    10-03 15:30 (60m)  10-01 15:30        2880        0            —
 *  l1  London  Kew     Fri 10-04 14:00 → 15:30 BST          04-10 13:00 (90m)  04-01 13:00        12960 (9 d) 90 − 0 = 90   UKSAVE 12.34
 *  l2  London  Kew     Tue 05-05 09:00 → 10:00 BST          05-05 08:00 (60m)  05-06 08:00        0 (recorded a day after it started)
 *
 * b5 starts on 30 April in UTC but on 1 May in Sydney: it is May's. b7 starts on 31 March in UTC
 * but on 1 April in Sydney: it is April's. b4 is cancelled: it counts nowhere.
 */

let t: TestApp
let superCookie: string
let tempoCookie: string
let thamesCookie: string
let harbourAdmin: string
const ids = { tempo: 0, thames: 0, sydney: 0, perth: 0, swanNook: 0 }

const at = (iso: string) => new Date(`${iso}:00Z`)

async function report(cookie: string, query: string) {
  const response = await t.api(cookie, 'GET', `/api/reports?${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data[0]
}

async function fixture() {
  const db = t.database.db
  const [country] = await db.select({ id: countries.id }).from(countries).limit(1)
  if (!country) throw new Error('no country')
  const [tempo, thames] = await db
    .insert(organizations)
    .values([
      { name: 'Tempo Rooms', currencyCode: 'aud', monthId: 7, timeFormat: 'dd/mm' },
      { name: 'Thames Rooms', currencyCode: 'gbp', monthId: 1, timeFormat: 'mm/dd' },
    ])
    .returning({ id: organizations.id })
  if (!tempo || !thames) throw new Error('no organizations')
  ids.tempo = tempo.id
  ids.thames = thames.id
  const place = { bookingConfirmEmail: 'b@x.test', contactEmail: 'c@x.test', contactNumber: '1' }
  const address = { street: '1 St', city: 'City', state: 'S', postcode: '1', countryId: country.id }
  const [sydney, perth, london] = await db
    .insert(centers)
    .values([
      {
        organizationId: tempo.id,
        name: 'Tempo Sydney',
        timezoneId: 'Australia/Sydney',
        ...place,
        ...address,
      },
      { organizationId: tempo.id, name: 'Tempo Perth', timezoneId: 'Australia/Perth', ...place, ...address },
      { organizationId: thames.id, name: 'Thames London', timezoneId: 'Europe/London', ...place, ...address },
    ])
    .returning({ id: centers.id })
  if (!sydney || !perth || !london) throw new Error('no centers')
  ids.sydney = sydney.id
  ids.perth = perth.id
  const room = {
    capacity: 4,
    minimumDurationMinutes: 0,
    maximumDurationMinutes: 1440,
    startTime: '00:00',
    endTime: '23:59',
    description: 'A room',
    roomType: 'Meeting Room',
  }
  const [harbourNook, swanNook, bridgeNook] = await db
    .insert(spaces)
    .values([
      { organizationId: tempo.id, centerId: sydney.id, name: 'Harbour Nook', ...room },
      { organizationId: tempo.id, centerId: perth.id, name: 'Swan Nook', ...room },
      { organizationId: thames.id, centerId: london.id, name: 'Bridge Nook', ...room },
    ])
    .returning({ id: spaces.id })
  if (!harbourNook || !swanNook || !bridgeNook) throw new Error('no spaces')
  ids.swanNook = swanNook.id
  const [alpha, beta, kew] = await db
    .insert(clients)
    .values([
      { organizationId: tempo.id, name: 'Alpha' },
      { organizationId: tempo.id, name: 'Beta' },
      { organizationId: thames.id, name: 'Kew' },
    ])
    .returning({ id: clients.id })
  if (!alpha || !beta || !kew) throw new Error('no clients')
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const [tina, tom] = await db
    .insert(users)
    .values([
      {
        organizationId: tempo.id,
        type: 'admin',
        firstName: 'Tina',
        lastName: 'Tempo',
        email: 'tina@tempo.test',
        passwordHash,
      },
      {
        organizationId: thames.id,
        type: 'admin',
        firstName: 'Tom',
        lastName: 'Thames',
        email: 'tom@thames.test',
        passwordHash,
      },
    ])
    .returning({ id: users.id })
  if (!tina || !tom) throw new Error('no users')

  const booking = (
    organization: 'tempo' | 'thames',
    where: { center: number; space: number },
    client: number,
    start: string,
    minutes: number,
    created: string,
    extra: Partial<typeof bookings.$inferInsert> = {},
  ): typeof bookings.$inferInsert => {
    const startTime = at(start)
    return {
      organizationId: organization === 'tempo' ? tempo.id : thames.id,
      status: 'confirmed',
      paymentStatus: 'invoice',
      centerId: where.center,
      spaceId: where.space,
      startTime,
      endTime: new Date(startTime.getTime() + minutes * 60_000),
      durationMinutes: minutes,
      attendees: 1,
      clientId: client,
      userId: organization === 'tempo' ? tina.id : tom.id,
      submittedBy: organization === 'tempo' ? tina.id : tom.id,
      currency: organization === 'tempo' ? 'aud' : 'gbp',
      roomAmount: '100.00',
      originalAmount: '100.00',
      roomAmountAfterDiscount: '100.00',
      subTotal: '100.00',
      netAmount: '100.00',
      createdAt: at(created),
      ...extra,
    }
  }
  const syd = { center: sydney.id, space: harbourNook.id }
  const per = { center: perth.id, space: swanNook.id }
  const lon = { center: london.id, space: bridgeNook.id }
  const voucher = (code: string, discount: string) => ({ voucherCode: code, voucherDiscount: discount })
  await db.insert(bookings).values([
    booking('tempo', syd, alpha.id, '2026-04-04T14:30', 180, '2026-03-30T14:30', {
      gratisMinutes: 60,
      ...voucher('SPRING10', '15.00'),
    }),
    booking('tempo', per, beta.id, '2026-04-05T01:30', 90, '2026-04-05T00:00', {
      gratisMinutes: 30,
      refundedGratisMinutes: 30,
      ...voucher('SPRING10', '5.50'),
    }),
    booking('tempo', syd, alpha.id, '2026-04-20T00:00', 120, '2026-01-01T00:00', {
      gratisMinutes: 45,
      refundedGratisMinutes: 15,
      ...voucher('VIP', '20.00'),
    }),
    booking('tempo', syd, alpha.id, '2026-04-22T00:00', 60, '2026-04-01T00:00', {
      status: 'cancelled',
      gratisMinutes: 60,
      ...voucher('VIP', '10.00'),
    }),
    booking('tempo', syd, alpha.id, '2026-04-30T14:30', 60, '2026-04-30T14:00'),
    booking('tempo', syd, beta.id, '2026-04-30T13:30', 60, '2026-04-28T13:30'),
    booking('tempo', syd, beta.id, '2026-03-31T22:00', 60, '2026-03-22T22:00', { gratisMinutes: 15 }),
    booking('tempo', syd, alpha.id, '2026-10-03T15:30', 60, '2026-10-01T15:30'),
    booking('thames', lon, kew.id, '2026-04-10T13:00', 90, '2026-04-01T13:00', {
      gratisMinutes: 90,
      ...voucher('UKSAVE', '12.34'),
    }),
    booking('thames', lon, kew.id, '2026-05-05T08:00', 60, '2026-05-06T08:00'),
  ])
}

beforeAll(async () => {
  t = await createTestApp()
  await fixture()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  tempoCookie = await t.signIn('tina@tempo.test')
  thamesCookie = await t.signIn('tom@thames.test')
  // Four sign-ins and a password hash (argon2) on a shared, loaded machine.
}, 180_000)
afterAll(() => t.close())

const april = 'year=2026&month=4&report_duration=monthly'
type Row = Record<string, unknown>
const nonZero = (rows: Row[], field: string) => rows.filter((row) => row[field] !== 0)

describe('Booking Lead Time (leadTime)', () => {
  it('averages the lead per local day and spreads the bookings over the lead bands', async () => {
    const result = await report(tempoCookie, `report_type=leadTime&${april}`)
    expect(result).toMatchObject({ label: 'Booking Lead Time', currency_code: 'aud' })
    expect(result.data.buckets).toHaveLength(30)
    // 01-04: b7 12960 min = 9 d. 05-04: b1 7200 + b2 90 = 7290 min / 1440 / 2 = 2.53125 → 2.53.
    // 20-04: b3 156960 / 1440 = 109. 30-04: b6 2880 / 1440 = 2. b4 cancelled, b5 is May's.
    expect(nonZero(result.data.buckets, 'NumberBooking')).toEqual([
      { Key: '2026-04-01', label: '01', NumberBooking: 1, AvgLeadTime: 9 },
      { Key: '2026-04-05', label: '05', NumberBooking: 2, AvgLeadTime: 2.53 },
      { Key: '2026-04-20', label: '20', NumberBooking: 1, AvgLeadTime: 109 },
      { Key: '2026-04-30', label: '30', NumberBooking: 1, AvgLeadTime: 2 },
    ])
    // Whole days: b2 0 → same day; b6 2 → 1–2; b1 5 → 3–7; b7 9 → 8–14; b3 109 → over 90. 1 of 5 = 20 %.
    expect(result.data.bands.map((band: Row) => [band.Key, band.NumberBooking, band.share])).toEqual([
      ['Same day (< 1 day)', 1, 20],
      ['1–2 days', 1, 20],
      ['3–7 days', 1, 20],
      ['8–14 days', 1, 20],
      ['15–30 days', 0, 0],
      ['31–90 days', 0, 0],
      ['Over 90 days', 1, 20],
    ])
    expect(result.charts.map((chart: Row) => chart.kind)).toEqual(['line', 'column'])
    expect(result.tables[0].rows).toHaveLength(30)
  })

  it('buckets a financial year by local month, and narrows to a space', async () => {
    // FY 2025/26 (July start). April: 12960 + 7200 + 90 + 156960 + 2880 = 180090 min / 1440 / 5
    // = 25.0125 → 25.01. May: b5 30 min / 1440 = 0.0208 → 0.02.
    const year = await report(tempoCookie, 'report_type=leadTime&year=2025&report_duration=yearly')
    expect(year.period).toEqual({ from: '2025-07-01', to: '2026-07-01', label: 'FY 2025/26' })
    expect(nonZero(year.data.buckets, 'NumberBooking')).toEqual([
      { Key: '2026-04', label: 'Apr 2026', NumberBooking: 5, AvgLeadTime: 25.01 },
      { Key: '2026-05', label: 'May 2026', NumberBooking: 1, AvgLeadTime: 0.02 },
    ])
    // Swan Nook (Perth): b2 only, 90 min → 0.0625 → 0.06.
    const swan = await report(tempoCookie, `report_type=leadTime&${april}&room_id=${ids.swanNook}`)
    expect(nonZero(swan.data.buckets, 'NumberBooking')).toEqual([
      { Key: '2026-04-05', label: '05', NumberBooking: 1, AvgLeadTime: 0.06 },
    ])
  })
})

describe('Busy Day of the Week (dayOfTheWeek)', () => {
  it('counts bookings or booked hours by the weekday of the local start date, seven rows', async () => {
    const counted = await report(tempoCookie, `report_type=dayOfTheWeek&${april}&busy_type=bookings`)
    // b3 Mon, b7 Wed (1 April local, 31 March UTC), b6 Thu, b1 and b2 Sun.
    expect(counted.data).toEqual([
      { day: 'Monday', total: 1 },
      { day: 'Tuesday', total: 0 },
      { day: 'Wednesday', total: 1 },
      { day: 'Thursday', total: 1 },
      { day: 'Friday', total: 0 },
      { day: 'Saturday', total: 0 },
      { day: 'Sunday', total: 2 },
    ])
    // Hours: Mon b3 120 min = 2; Wed b7 1; Thu b6 1; Sun b1 180 (3 h across the clock change) + b2 90 = 4.5.
    const hours = await report(tempoCookie, `report_type=dayOfTheWeek&${april}&busy_type=hours`)
    expect(hours.data.map((row: Row) => row.total)).toEqual([2, 0, 1, 1, 0, 0, 4.5])
    expect(hours.tables[0].columns[1]).toEqual({ key: 'total', title: 'Booked hours', kind: 'hours' })
    // Perth only: b2 on Sunday.
    const perth = await report(tempoCookie, `report_type=dayOfTheWeek&${april}&center_id=${ids.perth}`)
    expect(perth.data.map((row: Row) => row.total)).toEqual([0, 0, 0, 0, 0, 0, 1])
  })
})

describe('Busy Time of the Day (timeOfTheDay)', () => {
  it('counts bookings by the local hour they start in, 24 rows', async () => {
    const result = await report(tempoCookie, `report_type=timeOfTheDay&${april}&busy_type=bookings`)
    expect(result.data).toHaveLength(24)
    // b1 01:30 Sydney, b2 09:30 Perth, b7 09:00, b3 10:00, b6 23:30.
    expect(nonZero(result.data, 'total')).toEqual([
      { Key: '01:00', hour: 1, total: 1 },
      { Key: '09:00', hour: 9, total: 2 },
      { Key: '10:00', hour: 10, total: 1 },
      { Key: '23:00', hour: 23, total: 1 },
    ])
  })

  it('spreads booked minutes over the wall-clock hours, the repeated hour of a clock change holding both passes', async () => {
    const result = await report(tempoCookie, `report_type=timeOfTheDay&${april}&busy_type=hours`)
    // b1 01:30 AEDT → 03:30 AEST (180 min): hour 1 30, hour 2 60 (AEDT) + 60 (AEST) = 120, hour 3 30.
    // b2 09:30–11:00 Perth: 9 30, 10 60. b3 10:00–12:00: 10 60, 11 60. b6 23:30–00:30: 23 30, 0 30.
    // b7 09:00–10:00: 9 60. Hours: 0 0.5, 1 0.5, 2 2, 3 0.5, 9 1.5, 10 2, 11 1, 23 0.5 (8.5 h = 510 min).
    expect(nonZero(result.data, 'total').map((row: Row) => [row.hour, row.total])).toEqual([
      [0, 0.5],
      [1, 0.5],
      [2, 2],
      [3, 0.5],
      [9, 1.5],
      [10, 2],
      [11, 1],
      [23, 0.5],
    ])
    // October: b8 01:30 AEST → 03:30 AEDT is 60 minutes; the skipped hour 2 gets none.
    const october = await report(
      tempoCookie,
      'report_type=timeOfTheDay&year=2026&month=10&report_duration=monthly&busy_type=hours',
    )
    expect(nonZero(october.data, 'total').map((row: Row) => [row.hour, row.total])).toEqual([
      [1, 0.5],
      [3, 0.5],
    ])
  })
})

describe('Gratis Usage (gratisUsage)', () => {
  it('adds the gratis minutes used (less refunds) per day and per client, with the share of bookings using gratis', async () => {
    const result = await report(tempoCookie, `report_type=gratisUsage&${april}`)
    // 01-04 b7 15 min; 05-04 b1 60 (b2 30 − 30 = 0); 20-04 b3 45 − 15 = 30; 30-04 b6 none.
    expect(nonZero(result.data.buckets, 'NumberBooking')).toEqual([
      {
        Key: '2026-04-01',
        label: '01',
        NumberBooking: 1,
        GratisBookings: 1,
        GratisHours: 0.25,
        GratisShare: 100,
      },
      {
        Key: '2026-04-05',
        label: '05',
        NumberBooking: 2,
        GratisBookings: 1,
        GratisHours: 1,
        GratisShare: 50,
      },
      {
        Key: '2026-04-20',
        label: '20',
        NumberBooking: 1,
        GratisBookings: 1,
        GratisHours: 0.5,
        GratisShare: 100,
      },
      { Key: '2026-04-30', label: '30', NumberBooking: 1, GratisBookings: 0, GratisHours: 0, GratisShare: 0 },
    ])
    // 5 bookings, 3 using gratis (60 %), 15 + 60 + 30 = 105 min = 1.75 h.
    expect(result.data.total).toEqual({
      NumberBooking: 5,
      GratisBookings: 3,
      GratisHours: 1.75,
      GratisShare: 60,
    })
    // Alpha: b1 60 + b3 30 = 1.5 h (b4 cancelled left out); Beta: b7 15 = 0.25 h.
    expect(result.data.clients).toEqual([
      { name: 'Alpha', GratisBookings: 2, GratisHours: 1.5 },
      { name: 'Beta', GratisBookings: 1, GratisHours: 0.25 },
    ])
  })
})

describe('Voucher Usage (voucherUsage)', () => {
  it('adds the bookings and the discount of each voucher code, over the period and per day', async () => {
    const result = await report(tempoCookie, `report_type=voucherUsage&${april}`)
    // SPRING10: b1 15.00 + b2 5.50 = 20.50; VIP: b3 20.00 (b4's 10.00 is cancelled).
    expect(result.data.vouchers).toEqual([
      { name: 'SPRING10', NumberBooking: 2, total: 20.5 },
      { name: 'VIP', NumberBooking: 1, total: 20 },
    ])
    expect(result.data.buckets).toEqual([
      { Key: '2026-04-05', label: '05', name: 'SPRING10', NumberBooking: 2, total: 20.5 },
      { Key: '2026-04-20', label: '20', name: 'VIP', NumberBooking: 1, total: 20 },
    ])
    expect(result.charts[0]).toMatchObject({ kind: 'column', seriesField: 'name', valueKind: 'money' })
  })

  it('reports a pound organization in pounds, on London time', async () => {
    const vouchers = await report(thamesCookie, `report_type=voucherUsage&${april}`)
    expect(vouchers.currency_code).toBe('gbp')
    expect(vouchers.data.vouchers).toEqual([{ name: 'UKSAVE', NumberBooking: 1, total: 12.34 }])
    // l1 14:00–15:30 BST: hour 14 1 h, hour 15 0.5 h; 90 − 0 gratis minutes = 1.5 h.
    const hours = await report(thamesCookie, `report_type=timeOfTheDay&${april}&busy_type=hours`)
    expect(nonZero(hours.data, 'total').map((row: Row) => [row.hour, row.total])).toEqual([
      [14, 1],
      [15, 0.5],
    ])
    // l2 was recorded a day after it started: a lead of 0, same day.
    const may = await report(thamesCookie, 'report_type=leadTime&year=2026&month=5&report_duration=monthly')
    expect(nonZero(may.data.buckets, 'NumberBooking')).toEqual([
      { Key: '2026-05-05', label: '05', NumberBooking: 1, AvgLeadTime: 0 },
    ])
    expect(may.data.bands[0]).toEqual({ Key: 'Same day (< 1 day)', NumberBooking: 1, share: 100 })
    const gratis = await report(thamesCookie, `report_type=gratisUsage&${april}`)
    expect(gratis.data.total).toEqual({
      NumberBooking: 1,
      GratisBookings: 1,
      GratisHours: 1.5,
      GratisShare: 100,
    })
  })
})

describe('tenancy', () => {
  it("gives an admin their own organization's figures whatever org_id says; super chooses", async () => {
    const asThames = await report(thamesCookie, `report_type=voucherUsage&${april}&org_id=${ids.tempo}`)
    expect(asThames.organization.id).toBe(ids.thames)
    expect(asThames.data.vouchers.map((row: Row) => row.name)).toEqual(['UKSAVE'])
    const harbour = await report(harbourAdmin, `report_type=voucherUsage&${april}&org_id=${ids.tempo}`)
    expect(harbour.data.vouchers.map((row: Row) => row.name)).not.toContain('SPRING10')
    // Another organization's location is refused, not reported.
    const foreign = await t.api(
      thamesCookie,
      'GET',
      `/api/reports?report_type=dayOfTheWeek&${april}&center_id=${ids.sydney}`,
    )
    expect(foreign.statusCode).toBe(400)
    const asSuper = await report(superCookie, `report_type=voucherUsage&${april}&org_id=${ids.tempo}`)
    expect(asSuper.data.vouchers.map((row: Row) => row.name)).toEqual(['SPRING10', 'VIP'])
    const noOrganization = await t.api(
      superCookie,
      'GET',
      `/api/reports/export?report_type=leadTime&${april}`,
    )
    expect([noOrganization.statusCode, noOrganization.json().message]).toEqual([
      400,
      'Select Organization First.',
    ])
  })
})

describe('All Organizations (org_id=All, super only)', () => {
  it('adds up every organization reported on for the busy reports, and refuses it to others and to money reports', async () => {
    const reported = await t.database.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.excludeFromReporting, false), isNull(organizations.deletedAt)))
    expect(reported.length).toBeGreaterThan(2)
    for (const [type, busy] of [
      ['dayOfTheWeek', 'bookings'],
      ['timeOfTheDay', 'hours'],
    ] as const) {
      const query = `report_type=${type}&${april}&busy_type=${busy}`
      const all = await report(superCookie, `${query}&org_id=All`)
      expect(all.organization).toBeNull()
      expect(all.filters).toContainEqual({ label: 'Organization', value: 'All Organizations' })
      const sums = (all.data as Row[]).map(() => 0)
      for (const { id } of reported) {
        const own = await report(superCookie, `${query}&org_id=${id}`)
        ;(own.data as Row[]).forEach((row, index) => {
          sums[index] = Math.round(((sums[index] ?? 0) + (row.total as number)) * 100) / 100
        })
      }
      expect((all.data as Row[]).map((row) => row.total)).toEqual(sums)
      expect(sums.some((sum) => sum > 0)).toBe(true)
    }
    // Tempo's own bookings are among them (b1 and b2 on Sunday).
    const sunday = (await report(superCookie, `report_type=dayOfTheWeek&${april}&org_id=All`)).data[6].total
    expect(sunday).toBeGreaterThanOrEqual(2)

    const exported = await t.api(
      superCookie,
      'GET',
      `/api/reports/export?report_type=dayOfTheWeek&${april}&org_id=All`,
    )
    expect(exported.statusCode, exported.body).toBe(200)

    const money = await t.api(superCookie, 'GET', `/api/reports?report_type=voucherUsage&${april}&org_id=All`)
    expect([money.statusCode, money.json().message]).toEqual([
      400,
      'Voucher Usage is reported per organization: choose one organization (All Organizations is offered for Busy Day of the Week and Busy Time of the Day).',
    ])
    for (const cookie of [tempoCookie, harbourAdmin]) {
      const refused = await t.api(cookie, 'GET', `/api/reports?report_type=dayOfTheWeek&${april}&org_id=All`)
      expect([refused.statusCode, refused.json().message]).toEqual([
        403,
        'All Organizations is available to super users only.',
      ])
    }
  })
})

async function readWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(body as unknown as ArrayBuffer)
  return workbook
}

describe('GET /api/reports/export', () => {
  it('writes sheet Report: who, when, the filters, then each table with number formats', async () => {
    const response = await t.api(tempoCookie, 'GET', `/api/reports/export?report_type=leadTime&${april}`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-disposition']).toContain('filename="Booking Lead Time April 2026.xlsx"')
    const workbook = await readWorkbook(response.rawPayload)
    expect(workbook.creator ?? '').toBe('')
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([REPORT_SHEET_NAME])
    const sheet = workbook.getWorksheet(REPORT_SHEET_NAME)
    if (!sheet) throw new Error('no sheet')
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1)
    expect(values(1)).toEqual(['Created by', 'Tina Tempo'])
    // dd-MM-yyyy HH:mm on the clock of the first location (Sydney).
    const createdAt = String(values(2)[1])
    expect(createdAt).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2} \(Australia\/Sydney\)$/)
    const [y, m, d] = wallClock(new Date(), 'Australia/Sydney').date.split('-')
    expect(createdAt.slice(0, 10)).toBe(`${d}-${m}-${y}`)
    expect([3, 4, 5, 6, 7, 8, 9].map(values)).toEqual([
      ['Report', 'Booking Lead Time'],
      ['Organization', 'Tempo Rooms'],
      ['Period', 'April 2026'],
      ['Duration', 'Monthly'],
      ['Location', 'All Locations'],
      ['Space', 'All Spaces'],
      ['Currency', 'AUD'],
    ])
    expect(values(10)).toEqual([])
    expect(values(11)).toEqual(['Average lead time'])
    expect(values(12)).toEqual(['Day', 'Bookings', 'Average lead time (days)'])
    expect(values(13)).toEqual(['01', 1, 9])
    expect(values(17)).toEqual(['05', 2, 2.53])
    expect(sheet.getRow(17).getCell(3).numFmt).toBe('#,##0.00')
    expect(sheet.getRow(17).getCell(2).numFmt).toBe('#,##0')
    // 30 days, a blank row, then the bands: title at 44, headers 45, same day 46.
    expect(values(44)).toEqual(['Bookings by lead time'])
    expect(values(46)).toEqual(['Same day (< 1 day)', 1, 0.2])
    expect(sheet.getRow(46).getCell(3).numFmt).toBe('0.00%')
    expect(sheet.rowCount).toBe(52)
  })

  it('writes money with two decimals and the date in the mm/dd format of the organization', async () => {
    const response = await t.api(thamesCookie, 'GET', `/api/reports/export?report_type=voucherUsage&${april}`)
    expect(response.statusCode, response.body).toBe(200)
    const sheet = (await readWorkbook(response.rawPayload)).getWorksheet(REPORT_SHEET_NAME)
    if (!sheet) throw new Error('no sheet')
    const rows: unknown[][] = []
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
    expect(rows[0]).toEqual(['Created by', 'Tom Thames'])
    const [y, m, d] = wallClock(new Date(), 'Europe/London').date.split('-')
    expect(String(rows[1]?.[1])).toMatch(new RegExp(`^${m}-${d}-${y} \\d{2}:\\d{2} \\(Europe/London\\)$`))
    expect(rows).toContainEqual(['Currency', 'GBP'])
    expect(rows).toContainEqual(['UKSAVE', 1, 12.34])
    expect(rows).toContainEqual(['10', 'UKSAVE', 1, 12.34])
    const money = [...Array(sheet.rowCount).keys()]
      .map((i) => sheet.getRow(i + 1))
      .find((row) => row.getCell(1).value === 'UKSAVE')
    expect(money?.getCell(3).numFmt).toBe('#,##0.00')
  })

  it('refuses the organization-level industry benchmarking and a csr', async () => {
    const refused = await t.api(
      superCookie,
      'GET',
      `/api/reports/export?report_type=bcIndustryBenchmarking&${april}&org_id=${ids.tempo}`,
    )
    expect([refused.statusCode, refused.json().message]).toEqual([400, reportExportMessages.noExport])
    const csr = await t.signIn(logins.harbourCsr)
    const forbidden = await t.api(csr, 'GET', `/api/reports/export?report_type=leadTime&${april}`)
    expect(forbidden.statusCode).toBe(403)
  })
})

describe('Busy Time of the Day: the statement against the domain (wallHourMinutes, wallStartHour)', () => {
  it('agrees on random bookings across clock changes and in half- and quarter-hour zones', async () => {
    const db = t.database.db
    const zones = [
      'Australia/Sydney',
      'Australia/Adelaide',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Europe/London',
    ]
    // October 2026: Sydney, Adelaide and Lord Howe go forward on the 4th, London back on the 25th.
    const changes = ['2026-10-03T16:00', '2026-10-03T16:30', '2026-10-03T15:30', '2026-10-25T01:00']
    const [country] = await db.select({ id: countries.id }).from(countries).limit(1)
    const [organization] = await db
      .insert(organizations)
      .values({ name: 'Random Rooms' })
      .returning({ id: organizations.id })
    if (!country || !organization) throw new Error('no organization')
    const organizationId = organization.id
    const places = await db
      .insert(centers)
      .values(
        zones.map((zone) => ({
          organizationId,
          name: `Random ${zone}`,
          timezoneId: zone,
          bookingConfirmEmail: 'b@x.test',
          contactEmail: 'c@x.test',
          contactNumber: '1',
          street: '1 St',
          city: 'City',
          state: 'S',
          postcode: '1',
          countryId: country.id,
        })),
      )
      .returning({ id: centers.id })
    const rooms = await db
      .insert(spaces)
      .values(
        places.map((place, index) => ({
          organizationId,
          centerId: place.id,
          name: `Random room ${index}`,
          capacity: 4,
          minimumDurationMinutes: 0,
          maximumDurationMinutes: 1440,
          startTime: '00:00',
          endTime: '23:59',
          description: 'A room',
          roomType: 'Meeting Room',
        })),
      )
      .returning({ id: spaces.id })
    const [client] = await db
      .insert(clients)
      .values({ organizationId, name: 'Random client' })
      .returning({ id: clients.id })
    const [user] = await db
      .insert(users)
      .values({
        organizationId,
        type: 'admin',
        firstName: 'Rae',
        lastName: 'Random',
        email: 'rae@random.test',
        passwordHash: 'x',
      })
      .returning({ id: users.id })
    if (!client || !user) throw new Error('no client')

    const quarter = 15 * 60_000
    const samples = fc.sample(
      fc.record({
        zone: fc.nat({ max: zones.length - 1 }),
        start: fc.oneof(
          // Anywhere from 2 to 29 October (UTC), on a quarter hour.
          fc.integer({ min: 0, max: 27 * 96 }).map((q) => Date.UTC(2026, 9, 2) + q * quarter),
          // Up to 12 hours before a clock change.
          fc
            .tuple(fc.constantFrom(...changes), fc.integer({ min: 0, max: 48 }))
            .map(([change, q]) => at(change).getTime() - q * quarter),
        ),
        quarters: fc.integer({ min: 1, max: 48 }),
      }),
      { seed: 20, numRuns: 80 },
    )
    const expectedMinutes = Array.from({ length: 24 }, () => 0)
    const expectedStarts = Array.from({ length: 24 }, () => 0)
    const rows = samples.map((sample) => {
      const zone = zones[sample.zone] ?? 'UTC'
      const startTime = new Date(sample.start)
      const endTime = new Date(sample.start + sample.quarters * quarter)
      wallHourMinutes(startTime, endTime, zone).forEach((minutes, hour) => {
        expectedMinutes[hour] = (expectedMinutes[hour] ?? 0) + minutes
      })
      const hour = wallStartHour(startTime, zone)
      expectedStarts[hour] = (expectedStarts[hour] ?? 0) + 1
      return {
        organizationId,
        status: 'confirmed',
        paymentStatus: 'invoice',
        centerId: places[sample.zone]?.id ?? 0,
        spaceId: rooms[sample.zone]?.id ?? 0,
        startTime,
        endTime,
        durationMinutes: sample.quarters * 15,
        attendees: 1,
        clientId: client.id,
        userId: user.id,
        submittedBy: user.id,
        currency: 'aud',
        roomAmount: '1.00',
        originalAmount: '1.00',
        roomAmountAfterDiscount: '1.00',
        subTotal: '1.00',
        netAmount: '1.00',
      }
    })
    await db.insert(bookings).values(rows)
    const october = `report_type=timeOfTheDay&year=2026&month=10&report_duration=monthly&org_id=${organizationId}`
    const hours = await report(superCookie, `${october}&busy_type=hours`)
    expect(hours.data.map((row: Row) => row.total)).toEqual(
      expectedMinutes.map((minutes) => bookedHours(minutes)),
    )
    const starts = await report(superCookie, `${october}&busy_type=bookings`)
    expect(starts.data.map((row: Row) => row.total)).toEqual(expectedStarts)
  })
})
