import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bookings,
  centers,
  clients,
  countries,
  globalRegions,
  organizationBlackoutPeriods,
  organizations,
  spaceBlackoutPeriods,
  spaces,
  users,
} from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

/**
 * Occupancy, Organizational Booking Data and the two industry benchmarking reports on a small
 * fixture of their own, in April 2025 (the demo data has no booking then). Every figure below is
 * worked out by hand in the comments.
 *
 * Bench Alpha (AUD, APAC, benchmarking and blackout features), month_id 7:
 *   Sydney location:  S1 window 00:00–12:00 (720 min); Sydney leaves daylight saving on Sunday
 *                     6 April 2025 at 03:00, so that day's window lasts 780 min. Blackout 10–11 April.
 *                     S3 09:00–17:00 (480 min), archived on 3 April (local): counts 1 and 2 April.
 *   Perth location:   S2 09:00–17:00 (480 min); S4 10:00–12:00 (120 min), disabled (still counts).
 *   Organization blackout: 11 April (single day; the 11th is S1's own blackout too: counted once).
 *   Bookable minutes in April:
 *     S1 = 30 × 720 + 60 (DST day) − 2 × 720 (10, 11 April)  = 20220
 *     S3 = 2 × 480                                            =   960
 *     S2 = 30 × 480 − 480 (11 April)                          = 13920
 *     S4 = 30 × 120 − 120 (11 April)                          =  3480
 *     Sydney 21180, Perth 17400, organization 38580
 *   Bookings (sub total + tax):
 *     b1 S1 6 Apr 01:00 AEDT → 04:00 AEST: 240 min across the change, 100.00 + 10.00
 *     b2 S2 1 Apr 09:00–11:00 AWST: 120 min, 50.00 + 5.00
 *     b3 S1 2 Apr, cancelled: never counted (999.00)
 *     b4 S2 1 May 00:30–01:30 AWST (30 April in UTC): May, 30.00 + 3.00
 *     b5 S1 1 Apr 00:30–02:00 AEDT (31 March in UTC): April, 90 min, 20.00 + 2.00
 *   April: 3 bookings, 450 min, 187.00 with tax (170.00 without).
 */

let t: TestApp
let superCookie: string
const ids: Record<string, number> = {}

const day = (iso: string) => new Date(iso)

async function insertOrganization(
  name: string,
  values: Partial<typeof organizations.$inferInsert>,
): Promise<number> {
  const [row] = await t.database.db
    .insert(organizations)
    .values({ name, monthId: 7, ...values })
    .returning({ id: organizations.id })
  return row?.id as number
}

async function insertCenter(organizationId: number, name: string, zone: string): Promise<number> {
  const [country] = await t.database.db.select({ id: countries.id }).from(countries).limit(1)
  const [row] = await t.database.db
    .insert(centers)
    .values({
      organizationId,
      name,
      timezoneId: zone,
      bookingConfirmEmail: 'desk@bench.example',
      contactEmail: 'desk@bench.example',
      contactNumber: '1',
      street: '1 Bench St',
      city: 'City',
      state: 'State',
      postcode: '1',
      countryId: country?.id as number,
    })
    .returning({ id: centers.id })
  return row?.id as number
}

async function insertSpace(
  organizationId: number,
  centerId: number,
  name: string,
  window: [string, string],
  values: Partial<typeof spaces.$inferInsert> = {},
): Promise<number> {
  const [row] = await t.database.db
    .insert(spaces)
    .values({
      organizationId,
      centerId,
      name,
      capacity: 4,
      minimumDurationMinutes: 0,
      maximumDurationMinutes: 1425,
      startTime: window[0],
      endTime: window[1],
      description: '',
      roomType: 'meetingroom',
      ...values,
    })
    .returning({ id: spaces.id })
  return row?.id as number
}

/** A client with one user, for the bookings of an organization. */
async function insertClient(organizationId: number, name: string) {
  const [client] = await t.database.db
    .insert(clients)
    .values({ organizationId, name })
    .returning({ id: clients.id })
  const [user] = await t.database.db
    .insert(users)
    .values({
      organizationId,
      clientId: client?.id as number,
      type: 'basic',
      firstName: name,
      lastName: 'Booker',
      email: `${name.replaceAll(' ', '').toLowerCase()}@bench.example`,
      passwordHash: 'x',
    })
    .returning({ id: users.id })
  return { clientId: client?.id as number, userId: user?.id as number }
}

let superId: number
let betaPlace: Parameters<typeof insertBooking>[0]

async function insertBooking(
  place: { organizationId: number; centerId: number; spaceId: number; clientId: number; userId: number },
  start: string,
  end: string,
  subTotal: string,
  tax: string,
  status = 'confirmed',
) {
  const startTime = day(start)
  const endTime = day(end)
  await t.database.db.insert(bookings).values({
    ...place,
    status,
    paymentStatus: 'invoice',
    startTime,
    endTime,
    durationMinutes: (endTime.getTime() - startTime.getTime()) / 60_000,
    attendees: 2,
    submittedBy: superId,
    currency: 'aud',
    roomAmount: subTotal,
    originalAmount: subTotal,
    roomAmountAfterDiscount: subTotal,
    subTotal,
    taxAmount: tax,
    taxPercentage: '10',
    netAmount: (Number(subTotal) + Number(tax)).toFixed(2),
  })
}

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  const db = t.database.db
  const [superUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, logins.super))
  superId = superUser?.id as number
  const [apac] = await db
    .select({ id: globalRegions.id })
    .from(globalRegions)
    .where(eq(globalRegions.code, 'APAC'))
  const apacId = apac?.id as number

  // Bench Alpha
  const alpha = await insertOrganization('Bench Alpha', {
    currencyCode: 'aud',
    organizationRegionId: apacId,
    features: { industry_benchmarking_report: true, blackout_period: true },
  })
  ids.alpha = alpha
  const sydney = await insertCenter(alpha, 'Alpha Sydney', 'Australia/Sydney')
  const perth = await insertCenter(alpha, 'Alpha Perth', 'Australia/Perth')
  ids.sydney = sydney
  ids.perth = perth
  const s1 = await insertSpace(alpha, sydney, 'S1 Early', ['00:00', '12:00'])
  // Archived 3 April 10:00 AEDT (UTC+11): its local archive day is the 3rd.
  const s3 = await insertSpace(alpha, sydney, 'S3 Archived', ['09:00', '17:00'], {
    deletedAt: day('2025-04-02T23:00:00Z'),
  })
  const s2 = await insertSpace(alpha, perth, 'S2 Perth', ['09:00', '17:00'])
  const s4 = await insertSpace(alpha, perth, 'S4 Disabled', ['10:00', '12:00'], { isActive: false })
  Object.assign(ids, { s1, s2, s3, s4 })
  await db
    .insert(spaceBlackoutPeriods)
    .values({ organizationId: alpha, spaceId: s1, startDate: '2025-04-10', endDate: '2025-04-11' })
  await db.insert(organizationBlackoutPeriods).values({ organizationId: alpha, startDate: '2025-04-11' })
  const alphaClient = await insertClient(alpha, 'Alpha Client')
  const atS1 = { organizationId: alpha, centerId: sydney, spaceId: s1, ...alphaClient }
  const atS2 = { organizationId: alpha, centerId: perth, spaceId: s2, ...alphaClient }
  await insertBooking(atS1, '2025-04-05T14:00:00Z', '2025-04-05T18:00:00Z', '100.00', '10.00') // b1
  await insertBooking(atS2, '2025-04-01T01:00:00Z', '2025-04-01T03:00:00Z', '50.00', '5.00') // b2
  await insertBooking(atS1, '2025-04-01T14:00:00Z', '2025-04-01T17:00:00Z', '999.00', '99.90', 'cancelled') // b3
  await insertBooking(atS2, '2025-04-30T16:30:00Z', '2025-04-30T17:30:00Z', '30.00', '3.00') // b4
  await insertBooking(atS1, '2025-03-31T13:30:00Z', '2025-03-31T15:00:00Z', '20.00', '2.00') // b5

  // Bench Beta (AUD, no region): Perth 09:00–17:00 = 14400 min in April; two 180-min bookings, 40.00 and
  // 60.00: occupancy 360/14400 = 2.50 %, value 50.00, 3.00 h.
  const beta = await insertOrganization('Bench Beta', { currencyCode: 'aud' })
  const betaCenter = await insertCenter(beta, 'Beta Perth', 'Australia/Perth')
  const betaSpace = await insertSpace(beta, betaCenter, 'Beta Room', ['09:00', '17:00'])
  const atBeta = {
    organizationId: beta,
    centerId: betaCenter,
    spaceId: betaSpace,
    ...(await insertClient(beta, 'Beta Client')),
  }
  betaPlace = atBeta
  await insertBooking(atBeta, '2025-04-02T01:00:00Z', '2025-04-02T04:00:00Z', '40.00', '4.00')
  await insertBooking(atBeta, '2025-04-03T01:00:00Z', '2025-04-03T04:00:00Z', '60.00', '6.00')

  // Bench Gamma (USD, APAC, the feature): New York 09:00–17:00 = 14400 min (its DST change is in March);
  // one 60-min booking of 10.00: occupancy 60/14400 = 0.4166 → 0.42 %, value 10.00 (USD), 1.00 h.
  const gamma = await insertOrganization('Bench Gamma', {
    currencyCode: 'usd',
    organizationRegionId: apacId,
    features: { industry_benchmarking_report: true },
  })
  ids.gamma = gamma
  const gammaCenter = await insertCenter(gamma, 'Gamma New York', 'America/New_York')
  const gammaSpace = await insertSpace(gamma, gammaCenter, 'Gamma Room', ['09:00', '17:00'])
  const atGamma = {
    organizationId: gamma,
    centerId: gammaCenter,
    spaceId: gammaSpace,
    ...(await insertClient(gamma, 'Gamma Client')),
  }
  await insertBooking(atGamma, '2025-04-07T13:00:00Z', '2025-04-07T14:00:00Z', '10.00', '1.00')

  // Bench Delta (AUD, APAC) is excluded from reporting: its 30-min booking of 5.00 would be the worst of all.
  const delta = await insertOrganization('Bench Delta', {
    currencyCode: 'aud',
    organizationRegionId: apacId,
    excludeFromReporting: true,
    features: { industry_benchmarking_report: true },
  })
  ids.delta = delta
  const deltaCenter = await insertCenter(delta, 'Delta Perth', 'Australia/Perth')
  const deltaSpace = await insertSpace(delta, deltaCenter, 'Delta Room', ['09:00', '17:00'])
  const atDelta = {
    organizationId: delta,
    centerId: deltaCenter,
    spaceId: deltaSpace,
    ...(await insertClient(delta, 'Delta Client')),
  }
  await insertBooking(atDelta, '2025-04-08T01:00:00Z', '2025-04-08T01:30:00Z', '5.00', '0.50')
})
afterAll(() => t.close())

async function report(query: Record<string, string | number>, cookie = superCookie) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))
  return t.api(cookie, 'GET', `/api/reports?${search}`)
}

async function reportData(query: Record<string, string | number>, cookie = superCookie) {
  const response = await report(query, cookie)
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data[0]
}

describe('Organizational Booking Data (bookByOrganization)', () => {
  const april = { report_type: 'bookByOrganization', year: 2025, month: 4, report_duration: 'monthly' }

  it('gives each day revenue, bookings and occupancy, per location, by local date', async () => {
    const result = await reportData({ ...april, org_id: ids.alpha as number })
    expect(result.currency_code).toBe('aud')
    const rows = result.data as {
      Key: string
      BookingTotal: number
      NumberBooking: number
      Occupacy: number
      roomsData: { id: number; name: string; BookingTotal: number; NumberBooking: number; Occupacy: number }[]
    }[]
    expect(rows).toHaveLength(30)
    const byKey = new Map(rows.map((row) => [row.Key, row]))
    // 1 April: b5 (Sydney, 90 min, 22.00; bookable S1 720 + S3 480 = 1200 → 7.50 %) and b2 (Perth,
    // 120 min, 55.00; bookable S2 480 + S4 120 = 600 → 20.00 %). Total 77.00, 210/1800 → 11.67 %.
    expect(byKey.get('2025-04-01')).toEqual({
      Key: '2025-04-01',
      BookingTotal: 77,
      NumberBooking: 2,
      Occupacy: 11.67,
      roomsData: [
        { id: ids.perth, name: 'Alpha Perth', BookingTotal: 55, NumberBooking: 1, Occupacy: 20 },
        { id: ids.sydney, name: 'Alpha Sydney', BookingTotal: 22, NumberBooking: 1, Occupacy: 7.5 },
      ],
    })
    // 6 April (DST): b1 240 min over S1's 780-min day → 30.77 % in Sydney; Perth 0 of 600.
    // Whole day 240/1380 → 17.39 %.
    expect(byKey.get('2025-04-06')).toMatchObject({ BookingTotal: 110, NumberBooking: 1, Occupacy: 17.39 })
    expect(byKey.get('2025-04-06')?.roomsData[1]).toMatchObject({ name: 'Alpha Sydney', Occupacy: 30.77 })
    // 2 April: the cancelled b3 counts nowhere.
    expect(byKey.get('2025-04-02')).toMatchObject({ BookingTotal: 0, NumberBooking: 0, Occupacy: 0 })
    // The month: b1, b2, b5; b4 starts on 1 May local time.
    expect(rows.reduce((sum, row) => sum + row.NumberBooking, 0)).toBe(3)
    expect(rows.reduce((sum, row) => sum + Math.round(row.BookingTotal * 100), 0)).toBe(18700)
    expect(result.charts.map((chart: { kind: string }) => chart.kind)).toEqual(['column', 'line'])
    expect(result.tables[0].rows).toHaveLength(30)
  })

  it('counts the month in a yearly report by the financial year, and leaves tax out when asked', async () => {
    // FY 2024/25 (month_id 7): July 2024 – June 2025.
    const result = await reportData({
      report_type: 'bookByOrganization',
      org_id: ids.alpha as number,
      year: 2024,
      report_duration: 'yearly',
      is_tax_included: 'exTax',
    })
    expect(result.period).toMatchObject({ from: '2024-07-01', to: '2025-07-01', label: 'FY 2024/25' })
    const rows = result.data as {
      Key: string
      BookingTotal: number
      NumberBooking: number
      Occupacy: number
    }[]
    expect(rows.map((row) => row.Key)).toHaveLength(12)
    // April: 450 min of 38580 → 1.17 %; 170.00 without tax.
    expect(rows.find((row) => row.Key === '2025-04')).toMatchObject({
      BookingTotal: 170,
      NumberBooking: 3,
      Occupacy: 1.17,
    })
    // May: b4, 60 min of S1 31 × 720 + S2 31 × 480 + S4 31 × 120 = 40920 (S3 archived) → 0.15 %.
    expect(rows.find((row) => row.Key === '2025-05')).toMatchObject({
      BookingTotal: 30,
      NumberBooking: 1,
      Occupacy: 0.15,
    })
  })

  it('groups by space, the archived and the disabled ones included for their bookable days', async () => {
    const result = await reportData({ ...april, org_id: ids.alpha as number, report_value: 'room' })
    const first = (result.data as { Key: string; roomsData: { name: string; Occupacy: number }[] }[])[0]
    // 1 April: S1 90/720 → 12.50 %, S2 120/480 → 25.00 %, S3 0/480, S4 0/120.
    expect(first?.roomsData).toEqual([
      expect.objectContaining({ name: 'S1 Early', Occupacy: 12.5 }),
      expect.objectContaining({ name: 'S2 Perth', Occupacy: 25 }),
      expect.objectContaining({ name: 'S3 Archived', Occupacy: 0 }),
      expect.objectContaining({ name: 'S4 Disabled', Occupacy: 0 }),
    ])
  })

  it("gives an admin their own organization's figures, never another's", async () => {
    const admin = await t.signIn(logins.summitAdmin)
    const result = await reportData({ ...april, org_id: ids.alpha as number }, admin)
    expect(result.organization.name).toBe('Summit Business Centres')
    expect((result.data as { NumberBooking: number }[]).every((row) => row.NumberBooking === 0)).toBe(true)
  })
})

describe('industry benchmarking', () => {
  const april = { year: 2025, month: 4, report_duration: 'monthly' }

  beforeAll(async () => {
    const saved = await t.api(superCookie, 'POST', '/api/setting', {
      data: {
        type: 'benchmarking',
        averageoccupancy: 40,
        averagebookingvalue: '75.50',
        averagebookingduration: 2.25,
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
  })

  it('never shows a figure made by fewer than three other organizations: two in its region, none equal to theirs', async () => {
    const result = await reportData({
      ...april,
      report_type: 'bcIndustryBenchmarking',
      org_id: ids.alpha as number,
    })
    // Others reported on, with April bookings: Beta (no region) and Gamma (APAC, like Alpha); Delta is
    // excluded. Alpha: 450/38580 → 1.17 %, 17000 ¢ / 3 → 56.67, 450 min / 3 → 2.50 h.
    // Two others: the lowest of them, or APAC's average of Gamma alone, would be their own figure.
    const withheld = { averageoccupancy: null, averagebookingvalue: null, averagebookingduration: null }
    expect(result.data).toEqual({
      GlobalIndustry: { averageoccupancy: 40, averagebookingvalue: 75.5, averagebookingduration: 2.25 },
      OrgPerformance: { averageoccupancy: 1.17, averagebookingvalue: 56.67, averagebookingduration: 2.5 },
      WorstPerformance: withheld,
      Regional: withheld,
    })
    const others = [2.5, 50, 3, 0.42, 10, 1]
    const shown = [
      ...result.tables.flatMap((table: { rows: Record<string, unknown>[] }) =>
        table.rows.flatMap((row) => [row.WorstPerformance, row.Regional, row.GlobalIndustry]),
      ),
      ...result.charts.flatMap((chart: Record<string, unknown>) => [
        chart.worst,
        chart.regional,
        chart.target,
      ]),
    ]
    expect(shown.filter((value) => others.includes(value as number))).toEqual([])
    const labels = 'Average Occupancy (%), Average Booking Value, Average Booking Duration (hours)'
    expect(result.notes).toEqual([
      `Worst Performance is not shown for ${labels}: it is shown only when at least 3 other organizations with bookings in the period can be compared (booking values within the same currency), so that no organization's own figure can be read from it.`,
      `Regional is not shown for ${labels}: it is shown only when at least 3 other organizations of your region with bookings in the period can be compared (booking values within the same currency), so that no organization's own figure can be read from it.`,
    ])
    // The bullets keep the organization's figure and the global one; bands up to 40, 75.50 and 2.50.
    expect(result.charts).toEqual([
      expect.objectContaining({
        kind: 'bullet',
        measure: 1.17,
        target: 40,
        worst: null,
        regional: null,
        ranges: [25, 50],
      }),
      expect.objectContaining({
        kind: 'bullet',
        measure: 56.67,
        target: 75.5,
        worst: null,
        regional: null,
        ranges: [150],
      }),
      expect.objectContaining({
        kind: 'bullet',
        measure: 2.5,
        target: 2.25,
        worst: null,
        regional: null,
        ranges: [24],
      }),
    ])
  })

  it('compares booking values only within the currency, and never with its own', async () => {
    const result = await reportData({
      ...april,
      report_type: 'bcIndustryBenchmarking',
      org_id: ids.gamma as number,
    })
    // Gamma is the only USD organization: no value to compare with (its own is not a peer's), no global
    // value in USD, so no value chart.
    expect(result.data.GlobalIndustry.averagebookingvalue).toBeNull()
    expect(result.data.WorstPerformance.averagebookingvalue).toBeNull()
    expect(result.data.Regional.averagebookingvalue).toBeNull()
    expect(result.charts).toHaveLength(2)
  })

  it('refuses organizations without the feature, excluded ones for super, and admins the super report', async () => {
    const summitAdmin = await t.signIn(logins.summitAdmin)
    expect((await report({ ...april, report_type: 'bcIndustryBenchmarking' }, summitAdmin)).statusCode).toBe(
      403,
    )
    expect(
      (await report({ ...april, report_type: 'bcIndustryBenchmarking', org_id: ids.delta as number }))
        .statusCode,
    ).toBe(400)
    const harbourAdmin = await t.signIn(logins.harbourAdmin)
    expect(
      (await report({ ...april, report_type: 'superIndustryBenchmarking' }, harbourAdmin)).statusCode,
    ).toBe(403)
  })

  it('lists every organization reported on for super, without choosing one', async () => {
    const result = await reportData({ ...april, report_type: 'superIndustryBenchmarking' })
    expect(result.organization).toBeNull()
    const rows = result.data as { OrganizationName: string }[]
    const names = rows.map((row) => row.OrganizationName)
    expect(names).not.toContain('Bench Delta')
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    expect(rows.filter((row) => row.OrganizationName.startsWith('Bench'))).toEqual([
      {
        OrganizationName: 'Bench Alpha',
        AvgBookingTotal: 56.67,
        AvgBookingHours: 2.5,
        AvgOccupacy: 1.17,
        currency_code: 'aud',
      },
      {
        OrganizationName: 'Bench Beta',
        AvgBookingTotal: 50,
        AvgBookingHours: 3,
        AvgOccupacy: 2.5,
        currency_code: 'aud',
      },
      {
        OrganizationName: 'Bench Gamma',
        AvgBookingTotal: 10,
        AvgBookingHours: 1,
        AvgOccupacy: 0.42,
        currency_code: 'usd',
      },
    ])
    // The demo organizations have no booking in April 2025: zeros, not left out.
    expect(rows.find((row) => row.OrganizationName === 'Harbour Workspaces')).toMatchObject({
      AvgBookingTotal: 0,
      AvgBookingHours: 0,
      AvgOccupacy: 0,
    })
  })
})

describe('what the reports keep between requests (report-memo.ts)', () => {
  const april = { report_type: 'bookByOrganization', year: 2025, month: 4, report_duration: 'monthly' }
  const perthOnFirstApril = async () => {
    const rows = (await reportData({ ...april, org_id: ids.alpha as number })).data as {
      Key: string
      roomsData: { id: number; Occupacy: number }[]
    }[]
    return rows.find((row) => row.Key === '2025-04-01')?.roomsData.find((room) => room.id === ids.perth)
      ?.Occupacy
  }

  it("computes bookable time again once a space's window or blackout periods change", async () => {
    const db = t.database.db
    const s2 = ids.s2 as number
    // b2's 120 min over S2 480 + S4 120.
    expect(await perthOnFirstApril()).toBe(20)
    await db.update(spaces).set({ endTime: '13:00' }).where(eq(spaces.id, s2))
    // Over S2 240 + S4 120.
    expect(await perthOnFirstApril()).toBe(33.33)
    await db
      .insert(spaceBlackoutPeriods)
      .values({ organizationId: ids.alpha as number, spaceId: s2, startDate: '2025-04-01' })
    // S2 dark that day: over S4's 120.
    expect(await perthOnFirstApril()).toBe(100)
    await db
      .delete(spaceBlackoutPeriods)
      .where(and(eq(spaceBlackoutPeriods.spaceId, s2), eq(spaceBlackoutPeriods.startDate, '2025-04-01')))
    await db.update(spaces).set({ endTime: '17:00' }).where(eq(spaces.id, s2))
    expect(await perthOnFirstApril()).toBe(20)
  })

  it('gives the benchmarking figures again once a booking or an organization changes', async () => {
    const db = t.database.db
    const beta = async () => {
      const rows = (await reportData({ ...april, report_type: 'superIndustryBenchmarking' })).data as {
        OrganizationName: string
      }[]
      return rows.find((row) => row.OrganizationName.startsWith('Bench Beta'))
    }
    expect(await beta()).toMatchObject({ OrganizationName: 'Bench Beta', AvgBookingTotal: 50 })
    // A third booking of 80.00 for an hour: (40 + 60 + 80) / 3, (3 + 3 + 1) / 3 h, 420 / 14400 min.
    await insertBooking(betaPlace, '2025-04-04T05:00:00Z', '2025-04-04T06:00:00Z', '80.00', '8.00')
    expect(await beta()).toMatchObject({ AvgBookingTotal: 60, AvgBookingHours: 2.33, AvgOccupacy: 2.92 })
    await db
      .update(organizations)
      .set({ name: 'Bench Beta Renamed' })
      .where(eq(organizations.id, betaPlace.organizationId))
    expect(await beta()).toMatchObject({ OrganizationName: 'Bench Beta Renamed', AvgBookingTotal: 60 })
    await db
      .delete(bookings)
      .where(
        and(eq(bookings.spaceId, betaPlace.spaceId), eq(bookings.startTime, day('2025-04-04T05:00:00Z'))),
      )
    await db
      .update(organizations)
      .set({ name: 'Bench Beta' })
      .where(eq(organizations.id, betaPlace.organizationId))
    expect(await beta()).toMatchObject({
      OrganizationName: 'Bench Beta',
      AvgBookingTotal: 50,
      AvgBookingHours: 3,
    })
  })
})

describe('industry benchmarking with enough other organizations', () => {
  const april = { year: 2025, month: 4, report_duration: 'monthly', report_type: 'bcIndustryBenchmarking' }

  it('shows the 25th percentile of the others as the worst and the average of its region, each of at least three', async () => {
    const [apac] = await t.database.db
      .select({ id: globalRegions.id })
      .from(globalRegions)
      .where(eq(globalRegions.code, 'APAC'))
    // Epsilon and Zeta (AUD, APAC), Perth 09:00–17:00 = 14400 min in April:
    //   Epsilon: one 120-min booking of 30.00 → 0.83 %, 30.00, 2.00 h
    //   Zeta:    one 240-min booking of 70.00 → 1.67 %, 70.00, 4.00 h
    for (const [name, end, value] of [
      ['Peer Epsilon', '2025-04-09T03:00:00Z', '30.00'],
      ['Peer Zeta', '2025-04-09T05:00:00Z', '70.00'],
    ] as const) {
      const id = await insertOrganization(name, {
        currencyCode: 'aud',
        organizationRegionId: apac?.id as number,
      })
      const center = await insertCenter(id, `${name} Perth`, 'Australia/Perth')
      const space = await insertSpace(id, center, `${name} Room`, ['09:00', '17:00'])
      const place = {
        organizationId: id,
        centerId: center,
        spaceId: space,
        ...(await insertClient(id, `${name} Client`)),
      }
      await insertBooking(place, '2025-04-09T01:00:00Z', end, value, '0.00')
    }
    const result = await reportData({ ...april, org_id: ids.alpha as number })
    // Others: occupancy Beta 2.50, Gamma 0.42, Epsilon 0.83, Zeta 1.67 → 25th percentile at rank 0.75:
    //   0.42 + 0.75 × (0.83 − 0.42) = 0.7275 → 0.73; durations 3, 1, 2, 4 → 1 + 0.75 × 1 = 1.75;
    //   AUD values Beta 50, Epsilon 30, Zeta 70 → rank 0.5: 40.00.
    // APAC others: Gamma, Epsilon, Zeta: occupancy (0.42 + 0.83 + 1.67) / 3 = 0.97, hours 7 / 3 = 2.33;
    //   AUD values in APAC only Epsilon's and Zeta's: withheld.
    expect(result.data.WorstPerformance).toEqual({
      averageoccupancy: 0.73,
      averagebookingvalue: 40,
      averagebookingduration: 1.75,
    })
    expect(result.data.Regional).toEqual({
      averageoccupancy: 0.97,
      averagebookingvalue: null,
      averagebookingduration: 2.33,
    })
    expect(result.notes).toEqual([
      "Regional is not shown for Average Booking Value: it is shown only when at least 3 other organizations of your region with bookings in the period can be compared (booking values within the same currency), so that no organization's own figure can be read from it.",
    ])
    expect(result.charts[0]).toMatchObject({ kind: 'bullet', worst: 0.73, regional: 0.97 })
  })
})
