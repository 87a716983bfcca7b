import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import {
  addDays,
  bookableWindow,
  CALENDAR_MAX_DAYS,
  type CalendarEvent,
  calendarAnswerSchema,
  calendarColorIndex,
  calendarQuerySchema,
  expandCalendarAnswer,
  messages,
  wallClock,
  zonedInstant,
} from '@spaceboard/domain'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tx } from '../../src/db/client.ts'
import {
  centers,
  clients,
  organizationBlackoutPeriods,
  organizations,
  regions,
  spaceBlackoutPeriods,
  spaces,
} from '../../src/db/schema/index.ts'
import { CALENDAR_CHANNEL, CALENDAR_SETUP_CHANNEL } from '../../src/modules/calendar/calendar.repository.ts'
import { calendarWindow } from '../../src/modules/calendar/calendar.service.ts'
import { idByName, sydneyToday, userIdByEmail } from '../bookings/fixtures.ts'
import { createTestApp, logins, statementsRunBy, type TestApp } from '../helpers.ts'
import { pdfContent } from '../pdf-text.ts'

let t: TestApp
let superCookie: string
let admin: string
let csr: string
let summit: string
const ids = { harbour: 0, summit: 0, quay: 0, denver: 0, roomA: 0, roomB: 0, coral: 0, carlos: 0 }

/** Next year's change to daylight time in Sydney (the first Sunday of October) and the day before it. */
const daylightChange = (() => {
  let change = `${Number(sydneyToday.slice(0, 4)) + 1}-10-01`
  while (new Date(`${change}T00:00:00Z`).getUTCDay() !== 0) change = addDays(change, 1)
  return { before: addDays(change, -1), change }
})()

let offset = 300
/**
 * A fresh day per test, far past the demo seed's bookings, clear of the blackout dates and of the
 * daylight-saving test's two days (which the run reaches when today is late in November).
 */
function nextDay() {
  const taken = (date: string) =>
    ['12-24', '12-25', '12-26', '12-27', '12-31', '01-01', '01-02'].includes(date.slice(5)) ||
    date === daylightChange.before ||
    date === daylightChange.change
  let date = addDays(sydneyToday, offset++)
  while (taken(date)) date = addDays(sydneyToday, offset++)
  return date
}

async function book(date: string, overrides: Record<string, unknown> = {}) {
  const response = await t.api(admin, 'POST', '/api/userbooking', {
    center_id: ids.quay,
    meeting_room_id: ids.roomA,
    booking_date: date,
    start_time: '10:00',
    end_time: '12:00',
    client_id: ids.coral,
    user_id: ids.carlos,
    attendees: 4,
    payment_status: 'invoice',
    ...overrides,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().bookingId as number
}

const calendarUrl = (query: Record<string, string | number>) =>
  `/api/userbooking/?${new URLSearchParams({
    business_center_id: '',
    meeting_room_id: '',
    onlyBooked: '',
    org_id: '',
    ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  })}`

async function calendar(cookie: string, query: Record<string, string | number>) {
  const response = await t.api(cookie, 'GET', calendarUrl(query))
  expect(response.statusCode, response.body).toBe(200)
  // Every answer keeps the contract, and names each client and booker once however many bookings.
  const answer = calendarAnswerSchema.parse(response.json())
  expect(new Set(answer.names).size).toBe(answer.names.length)
  return expandCalendarAnswer(answer)
}

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  admin = await t.signIn(logins.harbourAdmin)
  csr = await t.signIn(logins.harbourCsr)
  summit = await t.signIn(logins.summitAdmin)
  ids.harbour = await idByName(t, organizations, 'Harbour Workspaces')
  ids.summit = await idByName(t, organizations, 'Summit Business Centres')
  ids.quay = await idByName(t, centers, 'Circular Quay')
  ids.denver = await idByName(t, centers, 'Denver Downtown')
  ids.roomA = await idByName(t, spaces, 'Harbour Room A')
  ids.roomB = await idByName(t, spaces, 'Harbour Room B')
  ids.coral = await idByName(t, clients, 'Coral Tech')
  ids.carlos = await userIdByEmail(t, 'carlos@coraltech.test')
})
afterAll(() => t.close())

describe('GET /api/userbooking/?…&onlyBooked= (the calendar window)', () => {
  it("answers the location's spaces in display order and the day's bookings as UTC instants", async () => {
    const date = nextDay()
    const first = await book(date)
    const second = await book(date, { meeting_room_id: ids.roomB, start_time: '13:00', end_time: '15:30' })
    const window = await calendar(csr, { start_date: date, end_date: date, business_center_id: ids.quay })

    expect(window).toMatchObject({
      organizationId: ids.harbour,
      time_format: 'dd/mm',
      start_date: date,
      end_date: date,
    })
    const roomA = window.spaces.find((s) => s.id === ids.roomA)
    expect(roomA).toMatchObject({
      name: 'Harbour Room A',
      centerId: ids.quay,
      centerName: 'Circular Quay',
      timezone: 'Australia/Sydney',
      colorIndex: calendarColorIndex(ids.roomA),
    })
    expect(roomA?.minimumDurationMinutes).toBeGreaterThan(0)
    expect(roomA?.startTime).toMatch(/^\d\d:\d\d$/)
    expect(window.spaces.every((s) => s.centerId === ids.quay)).toBe(true)
    // display_order ascending, 0 counting as 10000 (spec 2 §9).
    const orders = window.spaces.map((s) => (s.displayOrder ? s.displayOrder : 10000))
    expect(orders).toEqual([...orders].sort((a, b) => a - b))

    const ours = window.bookings.filter((b) => b.id === first || b.id === second)
    expect(ours).toEqual([
      {
        id: first,
        reference: expect.stringMatching(new RegExp(`^[A-Z0-9-]+${first}$`)),
        spaceId: ids.roomA,
        clientName: 'Coral Tech',
        bookerName: expect.stringContaining('Carlos'),
        status: 'tentative',
        start: zonedInstant(date, '10:00', 'Australia/Sydney')?.toISOString().replace('.000Z', 'Z'),
        end: zonedInstant(date, '12:00', 'Australia/Sydney')?.toISOString().replace('.000Z', 'Z'),
        total: expect.stringMatching(/^\d+\.\d\d$/),
        currency: expect.any(String),
        imported: false,
      },
      expect.objectContaining({ id: second, spaceId: ids.roomB }),
    ])
    // Every booking shown lies in the day on Sydney's clock.
    const from = zonedInstant(date, '00:00', 'Australia/Sydney')?.getTime() as number
    const to = zonedInstant(addDays(date, 1), '00:00', 'Australia/Sydney')?.getTime() as number
    for (const b of window.bookings) {
      expect(Date.parse(b.start)).toBeLessThan(to)
      expect(Date.parse(b.end)).toBeGreaterThan(from)
    }
  })

  it('includes both end dates, filters a space, leaves cancelled bookings out, and onlyBooked lists booked spaces only', async () => {
    const date = nextDay()
    const kept = await book(date)
    const cancelled = await book(date, { start_time: '14:00', end_time: '16:00' })
    const cancel = await t.api(admin, 'PUT', `/api/userbooking/${cancelled}`, { code: 'full' })
    expect(cancel.statusCode, cancel.body).toBe(200)

    const day = await calendar(admin, { start_date: date, end_date: date, meeting_room_id: ids.roomA })
    expect(day.spaces.map((s) => s.id)).toEqual([ids.roomA])
    expect(day.bookings.map((b) => b.id)).toContain(kept)
    expect(day.bookings.map((b) => b.id)).not.toContain(cancelled)

    expect(
      (await calendar(admin, { start_date: addDays(date, -1), end_date: date })).bookings.map((b) => b.id),
    ).toContain(kept)
    expect(
      (await calendar(admin, { start_date: addDays(date, 1), end_date: addDays(date, 2) })).bookings.map(
        (b) => b.id,
      ),
    ).not.toContain(kept)

    const onlyBooked = await calendar(admin, {
      start_date: date,
      end_date: date,
      business_center_id: ids.quay,
      onlyBooked: 1,
    })
    const booked = new Set(onlyBooked.bookings.map((b) => b.spaceId))
    expect(onlyBooked.spaces.map((s) => s.id).sort()).toEqual([...booked].sort())
    expect(booked.has(ids.roomA)).toBe(true)
  })

  it('shows a daylight-saving day on the location clock: 10:00 in Sydney is 23:00 UTC after the change, 00:00 before', async () => {
    // Sydney moves to daylight time (UTC+11) on the first Sunday of October.
    const { before, change } = daylightChange
    const ids2 = [await book(before), await book(change)]
    const window = await calendar(admin, { start_date: before, end_date: change, meeting_room_id: ids.roomA })
    const starts = window.bookings.filter((b) => ids2.includes(b.id)).map((b) => b.start)
    expect(starts).toEqual([`${addDays(before, 0)}T00:00:00Z`, `${addDays(change, -1)}T23:00:00Z`])
  })

  it("shades what the server refuses: a space's window wider than its location's hours is bookable only inside both", async () => {
    const date = nextDay()
    const [quay] = await t.database.db.select().from(centers).where(eq(centers.id, ids.quay))
    const [roomB] = await t.database.db.select().from(spaces).where(eq(spaces.id, ids.roomB))
    await t.database.db
      .update(centers)
      .set({ openTime: '09:00', closeTime: '20:00', openAfterHours: false })
      .where(eq(centers.id, ids.quay))
    await t.database.db
      .update(spaces)
      .set({ startTime: '07:00', endTime: '21:00' })
      .where(eq(spaces.id, ids.roomB))
    try {
      const window = await calendar(admin, { start_date: date, end_date: date, meeting_room_id: ids.roomB })
      const shown = window.spaces.find((s) => s.id === ids.roomB)
      expect(shown).toMatchObject({
        startTime: '07:00',
        endTime: '21:00',
        openTime: '09:00',
        closeTime: '20:00',
      })
      const open = shown && bookableWindow(shown, shown)
      expect(open).toEqual({ opens: '09:00', closes: '20:00' })
      for (const [start, end] of [
        ['07:00', '09:00'],
        ['09:00', '11:00'],
        ['18:00', '20:00'],
        ['20:00', '21:00'],
      ] as const) {
        const response = await t.api(admin, 'POST', '/api/userbooking', {
          center_id: ids.quay,
          meeting_room_id: ids.roomB,
          booking_date: date,
          start_time: start,
          end_time: end,
          client_id: ids.coral,
          user_id: ids.carlos,
          attendees: 4,
          payment_status: 'invoice',
        })
        const inside = open !== null && open !== undefined && start >= open.opens && end <= open.closes
        expect(response.statusCode, `${start}–${end}: ${response.body}`).toBe(inside ? 201 : 400)
        if (!inside)
          expect(response.json().errors.start_time).toBe(messages.outsideCenterHours('09:00 AM', '08:00 PM'))
      }
    } finally {
      if (quay) await t.database.db.update(centers).set(quay).where(eq(centers.id, ids.quay))
      if (roomB) await t.database.db.update(spaces).set(roomB).where(eq(spaces.id, ids.roomB))
    }
  })

  it("lists the organization's and the shown spaces' blackout periods that touch the window", async () => {
    const date = nextDay()
    await t.database.db.insert(spaceBlackoutPeriods).values([
      { organizationId: ids.harbour, spaceId: ids.roomA, startDate: addDays(date, -3), endDate: date },
      { organizationId: ids.harbour, spaceId: ids.roomB, startDate: addDays(date, 1), endDate: null },
      {
        organizationId: ids.harbour,
        spaceId: ids.roomB,
        startDate: addDays(date, -9),
        endDate: addDays(date, -1),
      },
    ])
    await t.database.db
      .insert(organizationBlackoutPeriods)
      .values({ organizationId: ids.harbour, startDate: date, endDate: date })
    const window = await calendar(admin, {
      start_date: date,
      end_date: addDays(date, 1),
      business_center_id: ids.quay,
    })
    expect(window.blackouts).toEqual(
      expect.arrayContaining([
        { spaceId: null, startDate: date, endDate: date },
        { spaceId: ids.roomA, startDate: addDays(date, -3), endDate: date },
        { spaceId: ids.roomB, startDate: addDays(date, 1), endDate: null },
      ]),
    )
    expect(window.blackouts).not.toContainEqual(expect.objectContaining({ endDate: addDays(date, -1) }))
    const onlyA = await calendar(admin, {
      start_date: date,
      end_date: addDays(date, 1),
      meeting_room_id: ids.roomA,
    })
    expect(onlyA.blackouts.every((b) => b.spaceId === null || b.spaceId === ids.roomA)).toBe(true)
  })

  it("filters by region: the spaces of the region's locations only", async () => {
    const date = sydneyToday
    const [sydneyCbd] = await t.database.db
      .select({ id: regions.id })
      .from(regions)
      .where(and(eq(regions.organizationId, ids.harbour), eq(regions.name, 'Sydney CBD')))
    const all = await calendar(admin, { start_date: date, end_date: date })
    const region = await calendar(admin, { start_date: date, end_date: date, region_id: sydneyCbd?.id ?? 0 })
    expect(new Set(all.spaces.map((s) => s.centerId)).size).toBeGreaterThan(1)
    expect(region.spaces.length).toBeGreaterThan(0)
    expect(region.spaces.every((s) => s.centerId === ids.quay)).toBe(true)
  })

  it('a region means itself and its descendants: a parent shows the locations of its child and grandchild regions', async () => {
    const date = sydneyToday
    const regionId = async (name: string) => {
      const [row] = await t.database.db
        .select({ id: regions.id })
        .from(regions)
        .where(and(eq(regions.organizationId, ids.harbour), eq(regions.name, name)))
      return row?.id ?? 0
    }
    const parramatta = await idByName(t, centers, 'Parramatta')
    const centersOf = async (region: string) =>
      new Set(
        (
          await calendar(admin, { start_date: date, end_date: date, region_id: await regionId(region) })
        ).spaces.map((s) => s.centerId),
      )
    // Australia > New South Wales (Parramatta) > Sydney CBD (Circular Quay).
    expect(await centersOf('Australia')).toEqual(new Set([ids.quay, parramatta]))
    expect(await centersOf('New South Wales')).toEqual(new Set([ids.quay, parramatta]))
    expect(await centersOf('Victoria')).toEqual(new Set())

    // Moving a region, by another connection, changes what a kept window of its old ancestor shows.
    const australia = { start_date: date, end_date: date, region_id: await regionId('Australia') }
    expect((await eventuallyKept(admin, australia)).computed).toBe(false)
    const sydneyCbd = await regionId('Sydney CBD')
    const newSouthWales = await regionId('New South Wales')
    await t.database.db
      .update(regions)
      .set({ parentId: await regionId('New Zealand') })
      .where(eq(regions.id, sydneyCbd))
    try {
      const moved = await eventually(admin, australia, (w) => w.spaces.every((s) => s.centerId !== ids.quay))
      expect(new Set(moved.spaces.map((s) => s.centerId))).toEqual(new Set([parramatta]))
    } finally {
      await t.database.db.update(regions).set({ parentId: newSouthWales }).where(eq(regions.id, sydneyCbd))
    }
    // Another organization's region is no way into this one's spaces.
    const summitRegion = await t.database.db
      .select({ id: regions.id })
      .from(regions)
      .where(and(eq(regions.organizationId, ids.summit), eq(regions.name, 'United States')))
    const foreign = await calendar(admin, {
      start_date: date,
      end_date: date,
      region_id: summitRegion[0]?.id ?? 0,
    })
    expect(foreign.spaces).toEqual([])
  })

  it('refuses bad input with a clear message: dates missing, malformed, reversed, or a window over the cap', async () => {
    const date = nextDay()
    const cases: [Record<string, string>, string][] = [
      [{ start_date: '', end_date: date }, messages.calendarDatesRequired],
      [
        { start_date: '2026-02-30', end_date: date },
        'Start date must be a real date: 2026-02-30 does not exist.',
      ],
      [{ start_date: date, end_date: addDays(date, -1) }, messages.startBeforeEnd],
      [
        { start_date: date, end_date: addDays(date, CALENDAR_MAX_DAYS) },
        messages.calendarWindowTooLong(CALENDAR_MAX_DAYS),
      ],
      [{ start_date: date, end_date: date, meeting_room_id: 'x' }, ''],
    ]
    for (const [query, message] of cases) {
      const response = await t.api(admin, 'GET', calendarUrl(query))
      expect(response.statusCode, JSON.stringify(query)).toBe(400)
      if (message) expect(response.json().message).toBe(message)
      else expect(response.json().message).toEqual(expect.any(String))
    }
    expect(
      (await calendar(admin, { start_date: date, end_date: addDays(date, CALENDAR_MAX_DAYS - 1) })).bookings,
    ).toBeDefined()
    const superWithout = await t.api(superCookie, 'GET', calendarUrl({ start_date: date, end_date: date }))
    expect(superWithout.statusCode).toBe(400)
    expect(superWithout.json().message).toBe(messages.selectOrganizationForFilter)
    expect((await t.api(null, 'GET', calendarUrl({ start_date: date, end_date: date }))).statusCode).toBe(401)
  })
})

describe('the calendar window of a very busy range', () => {
  it('refuses a range holding more bookings than one answer carries, with a message saying what to do', async () => {
    const date = nextDay()
    await book(date)
    await book(date, { start_time: '13:00', end_time: '15:00' })
    const ctx = {
      actor: { userId: 1, type: 'admin' as const, organizationId: ids.harbour, sessionId: 'test' },
      tx: t.database.db as unknown as Tx,
    }
    const query = calendarQuerySchema.parse({ start_date: date, end_date: date, meeting_room_id: ids.roomA })
    expect((await calendarWindow(ctx, query, 2)).bookings).toHaveLength(2)
    await expect(calendarWindow(ctx, query, 1)).rejects.toMatchObject({
      statusCode: 400,
      message: messages.calendarTooManyBookings(1),
    })
  })
})

describe('the calendar window’s statements', () => {
  it('are three: the organization with its spaces and blackouts, the bookings, their clients’ and bookers’ names', async () => {
    const date = nextDay()
    await book(date)
    const ctx = {
      actor: { userId: 1, type: 'admin' as const, organizationId: ids.harbour, sessionId: 'test' },
      tx: t.database.db as unknown as Tx,
    }
    const query = calendarQuerySchema.parse({ start_date: date, end_date: addDays(date, 6) })
    const { result, statements } = await statementsRunBy(t.database, () => calendarWindow(ctx, query))
    expect(statements).toHaveLength(3)
    expect(result.bookings.length).toBeGreaterThan(0)
    expect(result.names.length).toBeGreaterThan(0)
    expect(result.spaces.length).toBeGreaterThan(0)
    // Named prepared statements, their values placeholders: another window of another location is
    // the same three statements, planned once per connection rather than on every request.
    expect(statements.map((s) => s.name)).toEqual([
      expect.stringMatching(/^calendar_setting_\d$/),
      'calendar_bookings',
      'calendar_names',
    ])
    const other = calendarQuerySchema.parse({
      start_date: addDays(date, 1),
      end_date: addDays(date, 1),
      business_center_id: ids.quay,
    })
    const again = await statementsRunBy(t.database, () => calendarWindow(ctx, other))
    expect(again.statements.map((s) => s.name)).toEqual([
      expect.stringMatching(/^calendar_setting_\d$/),
      'calendar_bookings',
      'calendar_names',
    ])
    expect(again.statements.slice(1)).toEqual(statements.slice(1))
  })
})

/** The calendar statements a request ran (the bookings statement: computed, not kept). */
async function windowStatementsOf(cookie: string, query: Record<string, string | number>) {
  const { result, statements } = await statementsRunBy(t.database, () => calendar(cookie, query))
  return { window: result, computed: statements.some((s) => s.name === 'calendar_bookings') }
}

/** Asks until `shows` holds of the answer: another connection's change arrives as PostgreSQL announces it. */
async function eventually(
  cookie: string,
  query: Record<string, string | number>,
  shows: (w: Window) => boolean,
) {
  const until = Date.now() + 2000
  for (;;) {
    const window = await calendar(cookie, query)
    if (shows(window) || Date.now() > until) return window
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
type Window = Awaited<ReturnType<typeof calendar>>

/**
 * Waits until this process has heard every change announced so far: PostgreSQL delivers a
 * channel's announcements in the order their transactions committed, so a marker announced on
 * both channels now, for an organization that does not exist, is heard after all of them.
 */
async function everythingAnnouncedHeard() {
  const nobody = 999_999
  const before = t.calendarAnswers.changesHeard(nobody)
  const marker: CalendarEvent = { action: 'changed', bookingId: 0, spaceIds: [], organizationId: nobody }
  await t.database.db.execute(
    sql`select pg_notify(${CALENDAR_CHANNEL}, ${JSON.stringify(marker)}), pg_notify(${CALENDAR_SETUP_CHANNEL}, ${String(nobody)})`,
  )
  const until = Date.now() + 2000
  while (t.calendarAnswers.changesHeard(nobody) < before + 2 && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 5))
  expect(t.calendarAnswers.changesHeard(nobody)).toBe(before + 2)
}

/**
 * Asks until the answer comes without reading (kept): on PostgreSQL hearing the announcements
 * starts a moment after the first request, and a change's own announcement, arriving after the
 * request that made it, drops the answer once more.
 */
async function eventuallyKept(cookie: string, query: Record<string, string | number>) {
  const until = Date.now() + 2000
  for (;;) {
    const read = await windowStatementsOf(cookie, query)
    if (!read.computed || Date.now() > until) return read
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the calendar window kept between requests', () => {
  it('is answered again without reading, until its organization changes: by a request here at once, by any other connection as announced', async () => {
    const date = nextDay()
    const query = { start_date: date, end_date: addDays(date, 6) }
    // The first request starts hearing the announcements; from then on an answer is kept.
    await calendar(admin, query)
    expect((await eventuallyKept(admin, query)).computed).toBe(false)

    // A change's announcement arrives a moment after the request that made it, and drops the
    // answers once more: the checks start once it has been heard.
    const id = await book(date)
    await everythingAnnouncedHeard()
    const kept = await eventuallyKept(csr, query)
    expect(kept.computed).toBe(false)
    expect(kept.window.bookings.map((b) => b.id)).toContain(id)

    // Another organization's change, once heard, leaves it kept.
    const rockies = await idByName(t, spaces, 'Rockies Room')
    await t.database.db.update(spaces).set({ name: 'Rockies Room' }).where(eq(spaces.id, rockies))
    await everythingAnnouncedHeard()
    expect((await windowStatementsOf(admin, query)).computed).toBe(false)

    // As a browser asks it: the kept answer compressed once, as it was kept; the same bytes each time,
    // nothing read. gzip (and brotli refused) as the compression plugin answers any JSON.
    const asked = (acceptEncoding: string) =>
      statementsRunBy(t.database, () =>
        t.app.inject({
          method: 'GET',
          url: calendarUrl(query),
          headers: { cookie: admin, 'accept-encoding': acceptEncoding },
        }),
      )
    const plain = JSON.parse((await t.api(admin, 'GET', calendarUrl(query))).body)
    const [br, brAgain] = [await asked('gzip, deflate, br, zstd'), await asked('br')]
    for (const { result, statements } of [br, brAgain]) {
      expect(result.headers['content-encoding']).toBe('br')
      expect(result.headers.vary).toMatch(/accept-encoding/i)
      expect(result.headers['cache-control']).toBe('no-store')
      expect(result.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(JSON.parse(brotliDecompressSync(result.rawPayload).toString())).toEqual(plain)
      expect(statements.some((s) => s.name === 'calendar_bookings')).toBe(false)
    }
    expect(brAgain.result.rawPayload.equals(br.result.rawPayload)).toBe(true)
    const uncompressed = await t.app.inject({
      method: 'GET',
      url: calendarUrl(query),
      headers: { cookie: admin, 'accept-encoding': 'br', 'x-no-compression': '1' },
    })
    expect(uncompressed.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(uncompressed.body)).toEqual(plain)
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip']) {
      const gzip = (await asked(acceptEncoding)).result
      expect(gzip.headers['content-encoding']).toBe('gzip')
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain)
    }

    // A booking made through the API: shown on the next request, no waiting.
    const second = await book(date, { start_time: '14:00', end_time: '15:00' })
    const afterCreate = await windowStatementsOf(admin, query)
    expect(afterCreate.computed).toBe(true)
    expect(afterCreate.window.bookings.map((b) => b.id)).toContain(second)
    expect((await eventuallyKept(admin, query)).computed).toBe(false)

    // Changes written by another connection (another process), none through this app: each shows.
    const moved = (await t.database.db.execute(
      sql`update bookings set start_time = start_time + interval '1 hour', end_time = end_time + interval '1 hour' where id = ${id} returning start_time`,
    )) as unknown as { rows: { start_time: Date | string }[] }
    const movedStart = new Date(moved.rows[0]?.start_time ?? '').toISOString().replace('.000Z', 'Z')
    let window = await eventually(
      admin,
      query,
      (w) => w.bookings.find((b) => b.id === id)?.start === movedStart,
    )
    expect(window.bookings.find((b) => b.id === id)?.start).toBe(movedStart)

    await t.database.db.update(spaces).set({ name: 'Harbour Room A (kept)' }).where(eq(spaces.id, ids.roomA))
    window = await eventually(admin, query, (w) => w.spaces.some((s) => s.name === 'Harbour Room A (kept)'))
    expect(window.spaces.map((s) => s.name)).toContain('Harbour Room A (kept)')
    await t.database.db.update(spaces).set({ name: 'Harbour Room A' }).where(eq(spaces.id, ids.roomA))

    await t.database.db.update(clients).set({ name: 'Coral Tech (kept)' }).where(eq(clients.id, ids.coral))
    window = await eventually(admin, query, (w) =>
      w.bookings.some((b) => b.clientName === 'Coral Tech (kept)'),
    )
    expect(window.bookings.find((b) => b.id === id)?.clientName).toBe('Coral Tech (kept)')
    await t.database.db.update(clients).set({ name: 'Coral Tech' }).where(eq(clients.id, ids.coral))

    await t.database.db
      .insert(organizationBlackoutPeriods)
      .values({ organizationId: ids.harbour, startDate: addDays(date, 3), endDate: addDays(date, 3) })
    window = await eventually(admin, query, (w) => w.blackouts.some((b) => b.startDate === addDays(date, 3)))
    expect(window.blackouts.map((b) => b.startDate)).toContain(addDays(date, 3))
    await t.database.db
      .delete(organizationBlackoutPeriods)
      .where(
        and(
          eq(organizationBlackoutPeriods.organizationId, ids.harbour),
          eq(organizationBlackoutPeriods.startDate, addDays(date, 3)),
        ),
      )

    // The date order changed, then back.
    for (const timeFormat of ['mm/dd', 'dd/mm'] as const) {
      await t.database.db.update(organizations).set({ timeFormat }).where(eq(organizations.id, ids.harbour))
      window = await eventually(admin, query, (w) => w.time_format === timeFormat)
      expect(window.time_format).toBe(timeFormat)
    }
  })

  it("is kept per organization and window: super's two organizations and two windows are four answers", async () => {
    const date = nextDay()
    const harbour = { start_date: date, end_date: date, org_id: ids.harbour }
    const summitQuery = { start_date: date, end_date: date, org_id: ids.summit }
    for (let round = 0; round < 2; round++) {
      expect((await calendar(superCookie, harbour)).organizationId).toBe(ids.harbour)
      expect((await calendar(superCookie, summitQuery)).organizationId).toBe(ids.summit)
      expect((await calendar(summit, { start_date: date, end_date: date })).organizationId).toBe(ids.summit)
      const week = await calendar(superCookie, { ...harbour, end_date: addDays(date, 6) })
      expect(week.end_date).toBe(addDays(date, 6))
    }
  })
})

describe('the calendar window across organizations', () => {
  it("never shows another organization's spaces or bookings; super sees the organization asked", async () => {
    const date = nextDay()
    const id = await book(date)
    // Summit's admin asking for Harbour's location, space or organization gets Summit's own calendar only.
    const foreign: Record<string, number>[] = [
      { business_center_id: ids.quay },
      { meeting_room_id: ids.roomA },
      { org_id: ids.harbour },
    ]
    for (const query of foreign) {
      const window = await calendar(summit, { start_date: date, end_date: date, ...query })
      expect(window.organizationId).toBe(ids.summit)
      expect(window.bookings.map((b) => b.id)).not.toContain(id)
      expect(window.spaces.map((s) => s.id)).not.toContain(ids.roomA)
    }
    const summitOwn = await calendar(summit, {
      start_date: date,
      end_date: date,
      business_center_id: ids.denver,
    })
    expect(summitOwn.spaces.length).toBeGreaterThan(0)
    expect(summitOwn.spaces.every((s) => s.timezone === 'America/Denver')).toBe(true)
    expect(summitOwn.time_format).toBe('mm/dd')

    const asSuper = await calendar(superCookie, { start_date: date, end_date: date, org_id: ids.harbour })
    expect(asSuper.bookings.map((b) => b.id)).toContain(id)
    const superOther = await calendar(superCookie, { start_date: date, end_date: date, org_id: ids.summit })
    expect(superOther.bookings.map((b) => b.id)).not.toContain(id)
    const missing = await t.api(
      superCookie,
      'GET',
      calendarUrl({ start_date: date, end_date: date, org_id: 999999 }),
    )
    expect(missing.statusCode).toBe(404)
  })
})

describe('GET /api/userbooking?…&pdf=2&onlyBooked=1 (the calendar PDF)', () => {
  it("prints the range's bookings, dates DD/MM/YYYY, or MM/DD/YYYY for an mm/dd organization", async () => {
    const date = nextDay()
    const id = await book(date)
    const [y, m, d] = date.split('-')
    const pdfOf = async () => {
      const response = await t.api(
        admin,
        'GET',
        `/api/userbooking?${new URLSearchParams({
          business_center_id: String(ids.quay),
          region_id: '',
          start_date: date,
          end_date: date,
          onlyBooked: '1',
          meeting_room_id: '',
          pdf: '2',
          org_id: '',
        })}`,
      )
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['content-type']).toBe('application/pdf')
      expect(response.headers['content-disposition']).toContain('Booking Calendar.pdf')
      return (await pdfContent(response.rawPayload)).lines.join('\n')
    }
    const text = await pdfOf()
    expect(text).toContain('Booking Calendar')
    expect(text).toContain(`Harbour Workspaces - ${d}/${m}/${y}`)
    expect(text).toContain(`${d}/${m}/${y}`)
    expect(text).toContain(`${id}`)
    expect(text).toContain('Harbour Room A')
    expect(text).toContain('Coral Tech')
    expect(text).toContain('10:00 AM - 12:00 PM')
    // Printed on the location's clock (Sydney), as every time a person reads (issue 42 item 6).
    const printed = wallClock(new Date(), 'Australia/Sydney').date.split('-')
    expect(text).toContain(`Printed ${printed[2]}/${printed[1]}/${printed[0]}`)
    expect(text).not.toContain('UTC')

    await t.database.db
      .update(organizations)
      .set({ timeFormat: 'mm/dd' })
      .where(eq(organizations.id, ids.harbour))
    try {
      expect(await pdfOf()).toContain(`${m}/${d}/${y}`)
    } finally {
      await t.database.db
        .update(organizations)
        .set({ timeFormat: 'dd/mm' })
        .where(eq(organizations.id, ids.harbour))
    }
  })
})
