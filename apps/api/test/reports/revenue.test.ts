import type { ReportResult } from '@spaceboard/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { organizations } from '../../src/db/schema/index.ts'
import { idByName } from '../bookings/fixtures.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { reportFixtures } from './revenue-fixture.ts'

/*
 * The fixture (amounts before tax; tax 10 % in Revenue AU, 15 % in Revenue NZ):
 *
 * Revenue AU (aud, financial year from July): Sydney Hub (Australia/Sydney: daylight saving ends
 * 2026-04-05 03:00 → 02:00) with Room One and Room Two, Perth Point (Australia/Perth) with Room
 * Three. Clients Acme (Corporate), Beta (Corporate and Startup), Gamma and Aardvark (no type), Echo
 * (Corporate); users Ann Lee and Bob Ray.
 *
 *  b1 Acme,  Room One,   Ann, 2026-04-01 10:00 Sydney (2026-03-31 23:00 UTC), 120 min:
 *     room 150 + amenity 50 = 200, tax 20                   → 220 with both, 150 ex both, 165 incTax exAmenity
 *  b2 Beta,  Room Two,   Bob, 2026-04-05 01:30 Sydney, across the change: 180 min (01:30 AEDT → 03:30 AEST);
 *     room 300 less a room refund of 40 = 260, tax 26       → 286, ex both 260, incTax exAmenity 286
 *  b3 Gamma, Room Three, Ann, 2026-04-30 23:00 Perth (in Sydney already 1 May), 60 min:
 *     room 50 + amenity 30 less its refund 10 = 70, tax 7   → 77, ex both 50, incTax exAmenity 55
 *  b4 Acme,  Room One,   Ann, 2026-04-10 09:00, cancelled, 500 + 50 tax → nowhere
 *  b5 Acme,  Room One,   Bob, 2026-04-20 14:00, 90 min:
 *     room 80 + a not-charged amenity 20 (kept in the stored subtotal) = 100, tax 10
 *                                                           → 110, ex both 80, incTax exAmenity 88
 *  b6 Beta,  Room One,   Ann, 2026-05-01 00:30 Sydney (2026-04-30 14:30 UTC: May, not April), 60 min:
 *     60, tax 6 → 66
 *  b8 Aardvark, Room Three, Bob, 2026-04-12 10:00 Perth, 60 min: 70, tax 7 → 77
 *  b9 Gamma, Room One, 2024-08-15: 1000 + 100 = 1100      (FY 2024/25)
 *  b10 Acme, Room One, 2023-03-01: 50 + 5 = 55             (FY 2022/23)
 *  b11 Echo, Room One, 2024-09-01: 400 + 40 = 440          (FY 2024/25)
 *  b12 Acme, Room One, 2026-12-01: 100 + 10 = 110          (FY 2026/27)
 * Targets: Sydney Hub 2024-08 800, 2025-07 1000, 2026-04 500, 2026-06 200, 2026-07 300; Perth 2026-04 100.
 *
 * Revenue NZ (nzd, calendar financial year): Auckland (Pacific/Auckland), client Delta (Corporate):
 *  b7 2026-04-15 10:00, 60 min: 1000 + 150 tax = 1150.
 */

let t: TestApp
let superCookie: string
let harbourAdmin: string
let harbour: number
let au: number
let nz: number
let sydney: number
let perth: number

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  harbour = await idByName(t, organizations, 'Harbour Workspaces')
  const f = reportFixtures(t)

  au = await f.organization('Revenue AU', 'aud', 7)
  sydney = await f.center(au, 'Sydney Hub', 'Australia/Sydney')
  perth = await f.center(au, 'Perth Point', 'Australia/Perth')
  const roomOne = await f.space(au, sydney, 'Room One')
  const roomTwo = await f.space(au, sydney, 'Room Two')
  const roomThree = await f.space(au, perth, 'Room Three')
  const corporate = await f.clientType(au, 'Corporate')
  const startup = await f.clientType(au, 'Startup')
  const acme = await f.client(au, 'Acme', [corporate])
  const beta = await f.client(au, 'Beta', [startup, corporate])
  const gamma = await f.client(au, 'Gamma')
  const aardvark = await f.client(au, 'Aardvark')
  const echo = await f.client(au, 'Echo', [corporate])
  const ann = await f.user(au, 'Ann', 'Lee')
  const bob = await f.user(au, 'Bob', 'Ray')
  const inSydney = { organizationId: au, centerId: sydney, zone: 'Australia/Sydney', taxBasisPoints: 1000 }
  const inPerth = { organizationId: au, centerId: perth, zone: 'Australia/Perth', taxBasisPoints: 1000 }
  const b1 = await f.booking({
    ...inSydney,
    spaceId: roomOne,
    clientId: acme,
    userId: ann,
    start: '2026-04-01 10:00',
    minutes: 120,
    roomCents: 15_000,
    amenities: [{ cents: 5_000 }],
  })
  expect(b1).toMatchObject({ subTotal: '200.00', taxAmount: '20.00' })
  const b2 = await f.booking({
    ...inSydney,
    spaceId: roomTwo,
    clientId: beta,
    userId: bob,
    start: '2026-04-05 01:30',
    minutes: 180,
    roomCents: 30_000,
    roomRefunds: [4_000],
  })
  expect(b2).toMatchObject({ subTotal: '260.00', taxAmount: '26.00' })
  const b3 = await f.booking({
    ...inPerth,
    spaceId: roomThree,
    clientId: gamma,
    userId: ann,
    start: '2026-04-30 23:00',
    minutes: 60,
    roomCents: 5_000,
    amenities: [{ cents: 3_000, refunds: [1_000] }],
  })
  expect(b3).toMatchObject({ subTotal: '70.00', taxAmount: '7.00' })
  await f.booking({
    ...inSydney,
    spaceId: roomOne,
    clientId: acme,
    userId: ann,
    start: '2026-04-10 09:00',
    minutes: 60,
    roomCents: 50_000,
    status: 'cancelled',
  })
  const b5 = await f.booking({
    ...inSydney,
    spaceId: roomOne,
    clientId: acme,
    userId: bob,
    start: '2026-04-20 14:00',
    minutes: 90,
    roomCents: 8_000,
    amenities: [{ cents: 2_000, notCharged: true }],
  })
  expect(b5).toMatchObject({ subTotal: '100.00', taxAmount: '10.00' })
  const other = { spaceId: roomOne, userId: ann, minutes: 60 }
  await f.booking({ ...inSydney, ...other, clientId: beta, start: '2026-05-01 00:30', roomCents: 6_000 })
  await f.booking({
    ...inPerth,
    spaceId: roomThree,
    clientId: aardvark,
    userId: bob,
    start: '2026-04-12 10:00',
    minutes: 60,
    roomCents: 7_000,
  })
  await f.booking({ ...inSydney, ...other, clientId: gamma, start: '2024-08-15 10:00', roomCents: 100_000 })
  await f.booking({ ...inSydney, ...other, clientId: acme, start: '2023-03-01 10:00', roomCents: 5_000 })
  await f.booking({ ...inSydney, ...other, clientId: echo, start: '2024-09-01 10:00', roomCents: 40_000 })
  await f.booking({ ...inSydney, ...other, clientId: acme, start: '2026-12-01 10:00', roomCents: 10_000 })
  await f.target(au, sydney, 2024, 8, '800.00')
  await f.target(au, sydney, 2025, 7, '1000.00')
  await f.target(au, sydney, 2026, 4, '500.00')
  await f.target(au, sydney, 2026, 6, '200.00')
  await f.target(au, sydney, 2026, 7, '300.00')
  await f.target(au, perth, 2026, 4, '100.00')

  nz = await f.organization('Revenue NZ', 'nzd', 1)
  const auckland = await f.center(nz, 'Auckland', 'Pacific/Auckland')
  const aucklandRoom = await f.space(nz, auckland, 'Harbour View')
  const nzCorporate = await f.clientType(nz, 'Corporate')
  const delta = await f.client(nz, 'Delta', [nzCorporate])
  const kiri = await f.user(nz, 'Kiri', 'Tane')
  await f.booking({
    organizationId: nz,
    centerId: auckland,
    zone: 'Pacific/Auckland',
    spaceId: aucklandRoom,
    clientId: delta,
    userId: kiri,
    start: '2026-04-15 10:00',
    minutes: 60,
    roomCents: 100_000,
    taxBasisPoints: 1500,
  })
})
afterAll(() => t.close())

async function report(cookie: string, query: Record<string, string | number>): Promise<ReportResult> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))
  const response = await t.api(cookie, 'GET', `/api/reports?${search}`)
  expect(response.statusCode, response.body).toBe(200)
  const body = response.json() as { success: boolean; data: ReportResult[] }
  expect(body.success).toBe(true)
  const [result] = body.data
  if (!result) throw new Error('no report')
  return result
}

const april = { year: 2026, month: 4, report_duration: 'monthly' }

describe('clientTypeRevenue', () => {
  it('sums revenue and bookings per client type group over the month, per local day', async () => {
    const result = await report(superCookie, { report_type: 'clientTypeRevenue', org_id: au, ...april })
    expect(result.currency_code).toBe('aud')
    expect(result.period).toMatchObject({ from: '2026-04-01', to: '2026-05-01', label: 'April 2026' })
    const data = result.data as {
      Key: string
      NumberBooking: number
      BookingTotal: number
      Share: number
      KeyData: { day: string; TotalBooking: number; revenue: number }[]
    }[]
    // Corporate: b1 220 + b5 110 = 330 (2); Corporate, Startup: b2 286 (1); none: b3 77 + b8 77 = 154 (2).
    // Total 770: shares 330/770 = 42.857 → 42.86, 286/770 = 37.143 → 37.14, 154/770 = 20.
    // b4 (cancelled) and b6 (1 May in Sydney though 30 April in UTC) are out.
    expect(data.map(({ KeyData: _, ...row }) => row)).toEqual([
      { Key: 'Corporate', NumberBooking: 2, BookingTotal: 330, Share: 42.86 },
      { Key: 'Corporate, Startup', NumberBooking: 1, BookingTotal: 286, Share: 37.14 },
      { Key: 'No client type', NumberBooking: 2, BookingTotal: 154, Share: 20 },
    ])
    const corporate = data[0]?.KeyData ?? []
    expect(corporate).toHaveLength(30)
    // b1 is on 1 April in Sydney although it starts on 31 March in UTC.
    expect(corporate.filter((d) => d.TotalBooking > 0)).toEqual([
      { day: '2026-04-01', label: '01', TotalBooking: 1, revenue: 220 },
      { day: '2026-04-20', label: '20', TotalBooking: 1, revenue: 110 },
    ])
    // b2 across the change on 5 April; b3 on 30 April in Perth (1 May in Sydney).
    expect(data[1]?.KeyData.find((d) => d.day === '2026-04-05')?.revenue).toBe(286)
    expect(data[2]?.KeyData.find((d) => d.day === '2026-04-30')?.revenue).toBe(77)
    const [byType, perDay] = result.tables
    expect(byType?.rows.at(-1)).toEqual({ Key: 'Total', NumberBooking: 5, BookingTotal: 770, Share: 100 })
    expect(perDay?.rows.find((row) => row.bucket === '05')).toMatchObject({ type1: 286, total: 286 })
    expect(result.charts.map((chart) => chart.kind)).toEqual(['pie', 'column'])
  })

  it('leaves out tax and amenities as asked (a not-charged amenity is in the subtotal, so out with the amenities)', async () => {
    const exBoth = await report(superCookie, {
      report_type: 'clientTypeRevenue',
      org_id: au,
      ...april,
      is_tax_included: 'exTax',
      is_amenity_included: 'exAmenity',
    })
    // Corporate: b1 200 − 50 = 150, b5 100 − 20 = 80 → 230; Corporate, Startup: b2 260; none: b3 70 − 20 = 50, b8 70 → 120.
    expect(
      (exBoth.data as { Key: string; BookingTotal: number }[]).map((r) => [r.Key, r.BookingTotal]),
    ).toEqual([
      ['Corporate, Startup', 260],
      ['Corporate', 230],
      ['No client type', 120],
    ])
    const taxNoAmenities = await report(superCookie, {
      report_type: 'clientTypeRevenue',
      org_id: au,
      ...april,
      is_amenity_included: 'exAmenity',
    })
    // With tax at the booking's 10 %: Corporate 165 + 88 = 253; b2 286; none 55 + 77 = 132.
    expect(
      (taxNoAmenities.data as { Key: string; BookingTotal: number }[]).map((r) => [r.Key, r.BookingTotal]),
    ).toEqual([
      ['Corporate, Startup', 286],
      ['Corporate', 253],
      ['No client type', 132],
    ])
  })

  it('covers a financial year by local month, for one location', async () => {
    const result = await report(superCookie, {
      report_type: 'clientTypeRevenue',
      org_id: au,
      year: 2025,
      report_duration: 'yearly',
      center_id: sydney,
    })
    expect(result.period).toMatchObject({ from: '2025-07-01', to: '2026-07-01', label: 'FY 2025/26' })
    const data = result.data as {
      Key: string
      BookingTotal: number
      KeyData: { day: string; revenue: number }[]
    }[]
    // Sydney Hub in FY 2025/26: Corporate b1 220 + b5 110 = 330; Corporate, Startup b2 286 + b6 66 = 352 (b6 in May).
    expect(data.map((r) => [r.Key, r.BookingTotal])).toEqual([
      ['Corporate, Startup', 352],
      ['Corporate', 330],
    ])
    expect(data[0]?.KeyData.map((d) => d.day)).toEqual([
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ])
    expect(data[0]?.KeyData.filter((d) => d.revenue).map((d) => [d.day, d.revenue])).toEqual([
      ['2026-04', 286],
      ['2026-05', 66],
    ])
  })

  it("answers a non-AUD organization in its currency, and an admin only their own organization's figures", async () => {
    const result = await report(superCookie, { report_type: 'clientTypeRevenue', org_id: nz, ...april })
    expect(result.currency_code).toBe('nzd')
    // b7: 1000 + 15 % = 1150.
    expect(result.data).toEqual([
      expect.objectContaining({ Key: 'Corporate', NumberBooking: 1, BookingTotal: 1150, Share: 100 }),
    ])
    const asHarbour = await report(harbourAdmin, { report_type: 'clientTypeRevenue', org_id: au, ...april })
    const harbourBySuper = await report(superCookie, {
      report_type: 'clientTypeRevenue',
      org_id: harbour,
      ...april,
    })
    expect(asHarbour.organization?.id).toBe(harbour)
    expect(asHarbour.data).toEqual(harbourBySuper.data)
  })
})

describe('averagePerBooking', () => {
  it('averages revenue and hours per location, space, client and user', async () => {
    const by = async (report_value: string) => {
      const result = await report(superCookie, {
        report_type: 'averagePerBooking',
        org_id: au,
        ...april,
        report_value,
      })
      return result
    }
    const centers = await by('center')
    // Perth Point: b3 77 + b8 77 = 154 / 2 = 77, 120 min / 2 = 1 h.
    // Sydney Hub: b1 220 + b2 286 + b5 110 = 616 / 3 = 205.333 → 205.33; 120 + 180 + 90 = 390 min = 6.5 h / 3 = 2.1667 → 2.17.
    // All: 770 / 5 = 154; 510 min = 8.5 h / 5 = 1.70.
    expect(centers.data).toEqual([
      {
        id: perth,
        Key: 'Perth Point',
        NumberBooking: 2,
        BookingTotal: 154,
        AvgBookingTotal: 77,
        BookedHours: 2,
        AvgBookingHours: 1,
      },
      {
        id: sydney,
        Key: 'Sydney Hub',
        NumberBooking: 3,
        BookingTotal: 616,
        AvgBookingTotal: 205.33,
        BookedHours: 6.5,
        AvgBookingHours: 2.17,
      },
    ])
    expect(centers.tables[0]?.rows.at(-1)).toEqual({
      Key: 'All',
      NumberBooking: 5,
      BookingTotal: 770,
      AvgBookingTotal: 154,
      BookedHours: 8.5,
      AvgBookingHours: 1.7,
    })
    expect(centers.charts.map((c) => [c.kind, 'yField' in c ? c.yField : ''])).toEqual([
      ['bar', 'AvgBookingTotal'],
      ['bar', 'AvgBookingHours'],
    ])
    const figures = (result: ReportResult) =>
      (
        result.data as {
          Key: string
          NumberBooking: number
          AvgBookingTotal: number
          AvgBookingHours: number
        }[]
      ).map((r) => [r.Key, r.NumberBooking, r.AvgBookingTotal, r.AvgBookingHours])
    // Ann: b1 220 + b3 77 = 297 / 2 = 148.5, 180 min → 1.5 h; Bob: b2 286 + b5 110 + b8 77 = 473 / 3 = 157.667
    // → 157.67, 330 min / 3 = 110 min → 1.83 h.
    expect(figures(await by('user'))).toEqual([
      ['Ann Lee', 2, 148.5, 1.5],
      ['Bob Ray', 3, 157.67, 1.83],
    ])
    // Acme: 330 / 2 = 165, 210 min / 2 = 1.75 h.
    expect(figures(await by('client'))).toEqual([
      ['Aardvark', 1, 77, 1],
      ['Acme', 2, 165, 1.75],
      ['Beta', 1, 286, 3],
      ['Gamma', 1, 77, 1],
    ])
    expect(figures(await by('room'))).toEqual([
      ['Room One', 2, 165, 1.75],
      ['Room Three', 2, 77, 1],
      ['Room Two', 1, 286, 3],
    ])
  })
})

describe('topClients', () => {
  it("ranks the month's clients by revenue, ties by name", async () => {
    const result = await report(superCookie, { report_type: 'topClients', org_id: au, ...april })
    // Acme 330 (b1, b5), Beta 286, then Aardvark and Gamma at 77 each, by name.
    expect(
      (result.data as { name: string; total: number; totalBooking: number }[]).map((r) => [
        r.name,
        r.total,
        r.totalBooking,
      ]),
    ).toEqual([
      ['Acme', 330, 2],
      ['Beta', 286, 1],
      ['Aardvark', 77, 1],
      ['Gamma', 77, 1],
    ])
    expect(result.tables[0]?.rows[0]).toEqual({ rank: 1, name: 'Acme', total: 330, totalBooking: 2 })
  })

  it('ranks the financial year and shows the three years before', async () => {
    const result = await report(superCookie, {
      report_type: 'topClients',
      org_id: au,
      year: 2025,
      report_duration: 'yearly',
    })
    // FY 2025/26: Beta 286 + 66 = 352, Acme 330, Aardvark 77, Gamma 77. Before: Gamma 1100 in FY 2024/25,
    // Acme 55 in FY 2022/23; Echo (440 in FY 2024/25) has nothing this year and is not ranked.
    expect(result.data).toEqual([
      {
        id: expect.any(Number),
        name: 'Beta',
        totalBooking: 2,
        yearly_total: 352,
        last_yearly_total: 0,
        second_last_yearly_total: 0,
        third_last_yearly_total: 0,
      },
      {
        id: expect.any(Number),
        name: 'Acme',
        totalBooking: 2,
        yearly_total: 330,
        last_yearly_total: 0,
        second_last_yearly_total: 0,
        third_last_yearly_total: 55,
      },
      {
        id: expect.any(Number),
        name: 'Aardvark',
        totalBooking: 1,
        yearly_total: 77,
        last_yearly_total: 0,
        second_last_yearly_total: 0,
        third_last_yearly_total: 0,
      },
      {
        id: expect.any(Number),
        name: 'Gamma',
        totalBooking: 1,
        yearly_total: 77,
        last_yearly_total: 1100,
        second_last_yearly_total: 0,
        third_last_yearly_total: 0,
      },
    ])
    expect(result.tables[0]?.columns.map((c) => c.title)).toEqual([
      'Rank',
      'Client',
      'Bookings FY 2025/26',
      'FY 2025/26',
      'FY 2024/25',
      'FY 2023/24',
      'FY 2022/23',
    ])
  })

  it('keeps 20 clients at most', async () => {
    const f = reportFixtures(t)
    const org = await f.organization('Revenue Many', 'aud', 1)
    const center = await f.center(org, 'Only', 'UTC')
    const space = await f.space(org, center, 'Room')
    const user = await f.user(org, 'Many', 'Clients')
    // 21 clients C01 … C21 paying 1 … 21: the top 20 are C21 down to C02.
    for (let i = 1; i <= 21; i++) {
      const client = await f.client(org, `C${String(i).padStart(2, '0')}`)
      await f.booking({
        organizationId: org,
        centerId: center,
        zone: 'UTC',
        spaceId: space,
        clientId: client,
        userId: user,
        start: '2026-04-02 10:00',
        minutes: 60,
        roomCents: i * 100,
        taxBasisPoints: 0,
      })
    }
    const result = await report(superCookie, { report_type: 'topClients', org_id: org, ...april })
    const names = (result.data as { name: string }[]).map((r) => r.name)
    expect(names).toHaveLength(20)
    expect([names[0], names.at(-1)]).toEqual(['C21', 'C02'])
  })
})

describe('centerRevenueTarget', () => {
  it('sets each month of the financial year against its target', async () => {
    const result = await report(superCookie, {
      report_type: 'centerRevenueTarget',
      org_id: au,
      year: 2025,
      month: 4,
      report_duration: 'monthly',
    })
    expect(result.period).toMatchObject({ from: '2025-07-01', to: '2026-07-01', label: 'FY 2025/26' })
    const data = result.data as {
      Key: string
      yearly_budget: number
      yearly_total: number
      variance: number
      KeyData: { day: string; revenue: number; total: number; variance: number }[]
    }[]
    // Perth Point: target 100 (April), actual b3 77 + b8 77 = 154, variance +54.
    // Sydney Hub: targets 1000 + 500 + 200 = 1700; actual b1 220 + b2 286 + b5 110 + b6 66 = 682; variance −1018.
    expect(data.map(({ KeyData: _, ...row }) => row)).toEqual([
      { Key: 'Perth Point', center_id: perth, yearly_budget: 100, yearly_total: 154, variance: 54 },
      { Key: 'Sydney Hub', center_id: sydney, yearly_budget: 1700, yearly_total: 682, variance: -1018 },
    ])
    const sydneyMonths = data[1]?.KeyData ?? []
    expect(sydneyMonths).toHaveLength(12)
    expect(
      sydneyMonths.filter((m) => m.revenue || m.total).map((m) => [m.day, m.revenue, m.total, m.variance]),
    ).toEqual([
      ['2025-07', 1000, 0, -1000],
      ['2026-04', 500, 616, 116],
      ['2026-05', 0, 66, 66],
      ['2026-06', 200, 0, -200],
    ])
    // Both locations: April 600 against 770.
    expect(result.tables[0]?.rows.find((row) => row.month === 'Apr 2026')).toEqual({
      month: 'Apr 2026',
      target: 600,
      actual: 770,
      variance: 170,
    })
    expect(result.tables[0]?.rows.at(-1)).toEqual({
      month: 'Total',
      target: 1800,
      actual: 836,
      variance: -964,
    })
  })

  it('shows the financial years before, of and after the chosen one, for the chosen location', async () => {
    const result = await report(superCookie, {
      report_type: 'centerRevenueTarget',
      org_id: au,
      year: 2025,
      report_duration: 'yearly',
      center_id: sydney,
    })
    // FY 2024/25: target 800, actual b9 1100 + b11 440 = 1540, +740. FY 2025/26 as above. FY 2026/27: target
    // 300, actual b12 110, −190.
    expect(result.data).toEqual([
      {
        Key: 'Sydney Hub',
        center_id: sydney,
        last_yearly_budget: 800,
        last_yearly_total: 1540,
        last_variance: 740,
        yearly_budget: 1700,
        yearly_total: 682,
        variance: -1018,
        next_yearly_budget: 300,
        next_yearly_total: 110,
        next_variance: -190,
      },
    ])
    const chart = result.charts[0]
    expect(chart && 'data' in chart ? chart.data : []).toEqual([
      { year: 'FY 2024/25', series: 'Target', value: 800 },
      { year: 'FY 2024/25', series: 'Actual', value: 1540 },
      { year: 'FY 2025/26', series: 'Target', value: 1700 },
      { year: 'FY 2025/26', series: 'Actual', value: 682 },
      { year: 'FY 2026/27', series: 'Target', value: 300 },
      { year: 'FY 2026/27', series: 'Actual', value: 110 },
    ])
  })

  it("refuses another organization's location and gives an admin their own organization", async () => {
    const response = await t.api(
      superCookie,
      'GET',
      `/api/reports?report_type=centerRevenueTarget&org_id=${nz}&center_id=${sydney}&year=2025`,
    )
    expect([response.statusCode, response.json().message]).toEqual([
      400,
      'Choose a location of this organization.',
    ])
    const own = await report(harbourAdmin, { report_type: 'centerRevenueTarget', org_id: au, year: 2025 })
    const harbourBySuper = await report(superCookie, {
      report_type: 'centerRevenueTarget',
      org_id: harbour,
      year: 2025,
    })
    expect(own.organization?.id).toBe(harbour)
    expect(own.data).toEqual(harbourBySuper.data)
    expect(JSON.stringify(own.data)).not.toContain('Sydney Hub')
  })
})
