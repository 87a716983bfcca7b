import { addDays, bookingListQuerySchema, TOTAL_ESTIMATED_HEADER } from '@spaceboard/domain'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXACT_TOTAL_LIMIT } from '../../src/modules/bookings/booking-list.repository.ts'
import { runSheet } from '../../src/modules/bookings/booking-list.service.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { sydneyToday } from './fixtures.ts'

let t: TestApp
let superCookie: string
let harbourAdmin: string
let harbourId: number
/** The location of the many bookings below. */
let centerOfMany: number

const estimatedHeader = TOTAL_ESTIMATED_HEADER.toLowerCase()
const totalOf = (contentRange: unknown) => Number(String(contentRange).split('/')[1])

async function rowsOf<T>(query: ReturnType<typeof sql>) {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows
}

function list(cookie: string, query: string, range = '0-19') {
  return t.api(cookie, 'GET', `/api/userbooking?booking=1${query}`, undefined, range)
}

/** Days 400 and later from today: no other booking is there. */
const first = addDays(sydneyToday, 400)
const many = 3 * EXACT_TOTAL_LIMIT

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  const [harbour] = await rowsOf<{ id: number }>(
    sql`select id from organizations where name = 'Harbour Workspaces'`,
  )
  harbourId = harbour?.id ?? 0
  const [model] = await rowsOf<{ center_id: number }>(
    sql`select center_id from bookings where organization_id = ${harbourId} order by id limit 1`,
  )
  centerOfMany = model?.center_id ?? 0
  // More bookings than are counted exactly, one every 15 minutes from the first day on, made from
  // one of Harbour's bookings in one statement (the triggers count them at commit).
  await t.database.db.execute(sql`
    insert into bookings (organization_id, booking_prefix, status, payment_status, center_id, space_id,
                          start_time, end_time, duration_minutes, attendees, client_id, user_id,
                          submitted_by, currency, room_amount, original_amount, room_amount_after_discount,
                          sub_total, net_amount)
    select b.organization_id, b.booking_prefix, 'confirmed', 'invoice', b.center_id, b.space_id,
           ${first}::date + g * interval '15 minutes', ${first}::date + (g + 1) * interval '15 minutes', 15,
           1, b.client_id, b.user_id, b.submitted_by, b.currency, 10, 10, 10, 10, 10
    from (select * from bookings where organization_id = ${harbourId} order by id limit 1) b
    cross join generate_series(1, ${many}) g`)
})
afterAll(() => t.close())

describe('the bookings list total at scale', () => {
  it("keeps every organization's booking count (the unfiltered total) as bookings are made", async () => {
    const counts = await rowsOf<{ organization_id: number; kept: number; counted: number }>(sql`
      select o.id as organization_id, coalesce(c.bookings, 0)::int as kept,
             (select count(*) from bookings b where b.organization_id = o.id)::int as counted
      from organizations o left join booking_counts c on c.organization_id = o.id`)
    for (const row of counts) expect(row.kept, `organization ${row.organization_id}`).toBe(row.counted)
    const [all] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from bookings`)
    const everyone = await list(superCookie, '')
    expect(totalOf(everyone.headers['content-range'])).toBe(all?.n)
    expect(everyone.headers[estimatedHeader]).toBeUndefined()
    const harbour = counts.find((c) => c.organization_id === harbourId)
    expect(totalOf((await list(harbourAdmin, '')).headers['content-range'])).toBe(harbour?.counted)
  })

  it('counts a small filtered set exactly, and a larger one by its UTC window: an estimate never below the total', async () => {
    const oneDay = await list(harbourAdmin, `&start_date=${first}&end_date=${first}`)
    expect(oneDay.headers[estimatedHeader]).toBeUndefined()
    // From 00:15 to 23:45 of the first day, in the location's clock (Sydney).
    expect(totalOf(oneDay.headers['content-range'])).toBeLessThanOrEqual(96)

    // The test database was never analyzed (no planner's guess to take): the bookings of the UTC
    // window (from 14 h before the first day to 36 h after the last) are counted instead.
    const span = `&start_date=${first}&end_date=${addDays(first, 60)}`
    const [exact] = await rowsOf<{ n: number }>(sql`
      select count(*)::int as n from bookings b join centers c on c.id = b.center_id
      where b.organization_id = ${harbourId}
        and (b.start_time at time zone c.timezone_id)::date between ${first}::date and ${addDays(first, 60)}::date`)
    const counted = await list(harbourAdmin, span)
    expect(counted.headers[estimatedHeader]).toBe('true')
    const total = totalOf(counted.headers['content-range'])
    expect(exact?.n).toBeGreaterThan(EXACT_TOTAL_LIMIT)
    expect(total).toBeGreaterThanOrEqual(exact?.n ?? 0)
    // One booking every 15 minutes: at most 50 hours of them besides the days asked for.
    expect(total - (exact?.n ?? 0)).toBeLessThanOrEqual(50 * 4)

    // A location filter alone is counted exactly up to 10 times the exact limit.
    const quay = await list(harbourAdmin, `&business_center_id=${centerOfMany}`)
    const [ofCenter] = await rowsOf<{ n: number }>(sql`
      select count(*)::int as n from bookings where organization_id = ${harbourId} and center_id = ${centerOfMany}`)
    expect(quay.headers[estimatedHeader]).toBeUndefined()
    expect(totalOf(quay.headers['content-range'])).toBe(ofCenter?.n)
  })

  it('estimates a large filtered set once the planner has statistics, and says so', async () => {
    await t.database.db.execute(sql`analyze bookings`)
    const large = await list(harbourAdmin, `&start_date=${first}&end_date=${addDays(first, 60)}`)
    expect(large.statusCode).toBe(200)
    expect(large.json()).toHaveLength(20)
    expect(large.headers[estimatedHeader]).toBe('true')
    expect(totalOf(large.headers['content-range'])).toBeGreaterThan(EXACT_TOTAL_LIMIT)
  })

  it('counts exactly on the last page and past the end, so the pager finds the true last page', async () => {
    const span = `&start_date=${first}&end_date=${addDays(first, 60)}`
    const past = await list(harbourAdmin, span, '100000-100019')
    expect(past.json()).toEqual([])
    expect(past.headers[estimatedHeader]).toBeUndefined()
    const exact = totalOf(past.headers['content-range'])
    expect(exact).toBeGreaterThanOrEqual(many - 96)
    const last = await list(harbourAdmin, span, `${exact - 5}-${exact + 14}`)
    expect(last.json()).toHaveLength(5)
    expect(last.headers['content-range']).toBe(`${exact - 5}-${exact - 1}/${exact}`)
    expect(last.headers[estimatedHeader]).toBeUndefined()
  })

  it('finds a rare reference among many bookings through the index, and a common name', async () => {
    const [one] = await rowsOf<{ reference: string }>(sql`
      select booking_prefix || id as reference from bookings
      where organization_id = ${harbourId} order by id desc limit 1`)
    const found = await list(harbourAdmin, `&search=${encodeURIComponent(one?.reference ?? '')}`)
    expect(found.json().map((r: { reference: string }) => r.reference)).toEqual([one?.reference])
    expect(totalOf(found.headers['content-range'])).toBe(1)
  })

  it('prints a run sheet part read in slices: every booking once, in order', async () => {
    const [admin] = await rowsOf<{ id: number }>(
      sql`select id from users where email = ${logins.harbourAdmin}`,
    )
    const actor = { userId: admin?.id ?? 0, type: 'admin' as const, organizationId: harbourId, sessionId: '' }
    const query = bookingListQuerySchema.parse({
      booking: '1',
      pdf: 'true',
      start_date: first,
      end_date: addDays(first, 60),
    })
    const sheet = await runSheet({ actor, tx: t.database.db as never }, query)
    const printed = sheet.groups.flatMap((group) => group.bookings.map((booking) => booking.reference))
    expect(printed).toHaveLength(sheet.total)
    expect(sheet.total).toBeGreaterThan(500)
    expect(new Set(printed).size).toBe(printed.length)
    const [expected] = await rowsOf<{ references: string[] }>(sql`
      select array_agg(b.booking_prefix || b.id order by c.name, b.center_id, b.start_time, b.id) as references
      from bookings b join centers c on c.id = b.center_id
      where b.organization_id = ${harbourId}
        and (b.start_time at time zone c.timezone_id)::date between ${first}::date and ${addDays(first, 60)}::date`)
    expect(printed).toEqual(expected?.references.slice(0, sheet.total))
  })
})
