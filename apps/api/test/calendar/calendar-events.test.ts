import type { ServerResponse } from 'node:http'
import { addDays, CALENDAR_EVENTS_PATH, type CalendarEvent, messages } from '@spaceboard/domain'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { bookings, centers, clients, organizations, spaces } from '../../src/db/schema/index.ts'
import {
  CalendarEvents,
  STREAMS_PER_ORGANIZATION,
  STREAMS_PER_SESSION,
} from '../../src/modules/calendar/calendar-events.ts'
import { hashToken } from '../../src/platform/tokens.ts'
import { idByName, sydneyToday, userIdByEmail } from '../bookings/fixtures.ts'
import { createTestApp, logins, type TestApp, testConfig } from '../helpers.ts'

/**
 * Live updates between two API instances on one database (issue 16): each hears PostgreSQL's (or
 * PGlite's) NOTIFY on its own LISTEN and relays to its own SSE clients. The instance the calendars
 * are open on is not the one the bookings are made through.
 */
let t: TestApp
let other: Awaited<ReturnType<typeof buildApp>>
let otherBase: string
let admin: string
let csr: string
let summit: string
let superCookie: string
const ids = { harbour: 0, summit: 0, quay: 0, roomA: 0, roomB: 0, coral: 0, carlos: 0 }
const streams: EventStream[] = []

/** An SSE client: collects `event: booking` messages and lets a test wait for one, within a deadline. */
class EventStream {
  readonly events: CalendarEvent[] = []
  private waiters: (() => void)[] = []
  private readonly controller = new AbortController()
  ended = false
  private ending: Promise<void> = Promise.resolve()

  static async open(cookie: string, query = '') {
    const stream = new EventStream()
    const response = await fetch(`${otherBase}${CALENDAR_EVENTS_PATH}${query}`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: stream.controller.signal,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    stream.ending = stream.read(response.body as ReadableStream<Uint8Array>)
    streams.push(stream)
    return stream
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const lines = block.split('\n')
          if (lines.includes('event: booking')) {
            const data = lines.find((l) => l.startsWith('data: '))?.slice(6) ?? ''
            this.events.push(JSON.parse(data))
          }
          end = buffer.indexOf('\n\n')
        }
        for (const wake of this.waiters.splice(0)) wake()
      }
    } catch {
      // Aborted by close().
    }
    this.ended = true
    for (const wake of this.waiters.splice(0)) wake()
  }

  /** The first event matching `match`, waited for at most `withinMs`. */
  async next(match: (e: CalendarEvent) => boolean, withinMs = 2000): Promise<CalendarEvent> {
    const deadline = Date.now() + withinMs
    for (;;) {
      const found = this.events.find(match)
      if (found) return found
      if (this.ended) throw new Error('the stream ended')
      const left = deadline - Date.now()
      if (left <= 0)
        throw new Error(`no matching event within ${withinMs} ms: ${JSON.stringify(this.events)}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  async untilEnded() {
    await this.ending
  }

  close() {
    this.controller.abort()
  }
}

let offset = 400
function nextDay() {
  let date = addDays(sydneyToday, offset++)
  while (['12-24', '12-25', '12-26', '12-27', '12-31', '01-01', '01-02'].includes(date.slice(5)))
    date = addDays(sydneyToday, offset++)
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
  return response.json() as { bookingId: number; bookingIds: number[] }
}

beforeAll(async () => {
  t = await createTestApp()
  // The second instance: its own LISTEN, on the same database.
  other = await buildApp(testConfig(), t.database)
  otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' })
  admin = await t.signIn(logins.harbourAdmin)
  csr = await t.signIn(logins.harbourCsr)
  summit = await t.signIn(logins.summitAdmin)
  superCookie = await t.signIn(logins.super)
  ids.harbour = await idByName(t, organizations, 'Harbour Workspaces')
  ids.summit = await idByName(t, organizations, 'Summit Business Centres')
  ids.quay = await idByName(t, centers, 'Circular Quay')
  ids.roomA = await idByName(t, spaces, 'Harbour Room A')
  ids.roomB = await idByName(t, spaces, 'Harbour Room B')
  ids.coral = await idByName(t, clients, 'Coral Tech')
  ids.carlos = await userIdByEmail(t, 'carlos@coraltech.test')
})
afterAll(async () => {
  for (const stream of streams) stream.close()
  await other?.app.close()
  await t.close()
})

describe(`GET ${CALENDAR_EVENTS_PATH} (live updates)`, () => {
  it("relays a booking made through one instance to the other's calendars of that organization within 2 s, and to nobody else", async () => {
    const harbourStream = await EventStream.open(csr)
    const superStream = await EventStream.open(superCookie, `?org_id=${ids.harbour}`)
    const summitStream = await EventStream.open(summit)

    const started = Date.now()
    const { bookingId } = await book(nextDay())
    const event = await harbourStream.next((e) => e.bookingId === bookingId)
    expect(Date.now() - started).toBeLessThan(2000)
    expect(event).toEqual({
      action: 'created',
      bookingId,
      spaceIds: [ids.roomA],
      organizationId: ids.harbour,
    })
    await superStream.next((e) => e.bookingId === bookingId)

    // Events arrive in commit order: once Summit's own arrives, Harbour's would have come before it.
    const summitId = await summitBookingId()
    await t.database.db.execute(sql`update bookings set is_paid = not is_paid where id = ${summitId}`)
    const first = await summitStream.next(() => true)
    expect(first).toEqual({
      action: 'changed',
      bookingId: summitId,
      spaceIds: [expect.any(Number)],
      organizationId: ids.summit,
    })
    expect(summitStream.events.some((e) => e.organizationId !== ids.summit)).toBe(false)
  })

  it('a calendar window the other instance keeps shows a booking made through this one within 2 s', async () => {
    const date = nextDay()
    const url = `/api/userbooking/?start_date=${date}&end_date=${date}&business_center_id=&meeting_room_id=&onlyBooked=&org_id=`
    const windowOnOther = async () => {
      const response = await other.app.inject({ method: 'GET', url, headers: { cookie: admin } })
      expect(response.statusCode, response.body).toBe(200)
      return response.json() as { bookings: number[][] }
    }
    // Asked twice: the first request starts hearing the announcements, the second answer is kept.
    await windowOnOther()
    expect((await windowOnOther()).bookings).toEqual([])
    const started = Date.now()
    const { bookingId } = await book(date)
    let shown = false
    while (!shown && Date.now() - started < 2000) {
      shown = (await windowOnOther()).bookings.some((booking) => booking[0] === bookingId)
      if (!shown) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(shown).toBe(true)
  })

  it('announces a move (with the space it left), a confirmation, a payment change and a cancellation', async () => {
    const stream = await EventStream.open(admin)
    const date = nextDay()
    const { bookingId } = await book(date)
    await stream.next((e) => e.bookingId === bookingId && e.action === 'created')
    const act = (body: Record<string, unknown>) => t.api(admin, 'PUT', `/api/userbooking/${bookingId}`, body)

    const moved = await act({
      code: 'RESCHEDULE_BOOKING',
      newMeetingRoomId: ids.roomB,
      newStartTime: `${date} 13:00`,
      newEndTime: `${date} 15:00`,
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const rescheduled = await stream.next((e) => e.bookingId === bookingId && e.action === 'rescheduled')
    expect(rescheduled.spaceIds.sort()).toEqual([ids.roomA, ids.roomB].sort())

    expect((await act({ code: 'CONFIRM' })).statusCode).toBe(200)
    await stream.next((e) => e.bookingId === bookingId && e.action === 'confirmed')
    expect((await act({ code: 'CHANGE_PAYMENT_STATUS', is_paid: 1 })).statusCode).toBe(200)
    await stream.next((e) => e.bookingId === bookingId && e.action === 'changed')
    expect((await act({ code: 'full' })).statusCode).toBe(200)
    await stream.next((e) => e.bookingId === bookingId && e.action === 'cancelled')

    // A refused change announces nothing: after the bookings below, the next event is the marker's.
    const other = nextDay()
    await book(other)
    const mover = await book(other, { start_time: '16:00', end_time: '17:00' })
    await stream.next((e) => e.bookingId === mover.bookingId)
    const clash = await t.api(admin, 'PUT', `/api/userbooking/${mover.bookingId}`, {
      code: 'RESCHEDULE_BOOKING',
      newMeetingRoomId: ids.roomA,
      newStartTime: `${other} 10:30`,
      newEndTime: `${other} 11:30`,
    })
    expect(clash.statusCode).toBe(409)
    const marker = await book(nextDay())
    await stream.next((e) => e.bookingId === marker.bookingId)
    const afterMover = stream.events.slice(
      stream.events.findIndex((e) => e.bookingId === mover.bookingId) + 1,
    )
    expect(afterMover).toEqual([expect.objectContaining({ bookingId: marker.bookingId, action: 'created' })])
  })

  it('refuses a super without an organization and a client that is not an event stream; ends streams on close', async () => {
    const superWithout = await other.app.inject({
      method: 'GET',
      url: CALENDAR_EVENTS_PATH,
      headers: { cookie: superCookie },
    })
    expect(superWithout.statusCode).toBe(400)
    expect(superWithout.json().message).toBe(messages.selectOrganizationForFilter)
    const plain = await other.app.inject({
      method: 'GET',
      url: CALENDAR_EVENTS_PATH,
      headers: { cookie: csr },
    })
    expect(plain.statusCode).toBe(406)
    expect(plain.json().message).toBe(messages.calendarEventsAccept)
    expect((await other.app.inject({ method: 'GET', url: CALENDAR_EVENTS_PATH })).statusCode).toBe(401)

    // A third instance: closing it ends its open streams instead of waiting on them.
    const third = await buildApp(testConfig(), t.database)
    const base = await third.app.listen({ port: 0, host: '127.0.0.1' })
    const response = await fetch(`${base}${CALENDAR_EVENTS_PATH}`, {
      headers: { cookie: csr, accept: 'text/event-stream' },
    })
    expect(response.status).toBe(200)
    const reading = (async () => {
      for await (const _ of response.body as ReadableStream<Uint8Array>);
    })()
    await third.app.close()
    await reading
  })
})

describe('a live stream and its session (issue 42 item 17)', () => {
  /** Opens a stream on `base` and reads it to its end; `ended` settles when the server ends it. */
  async function openRaw(base: string, cookie: string) {
    const response = await fetch(`${base}${CALENDAR_EVENTS_PATH}`, {
      headers: { cookie, accept: 'text/event-stream' },
    })
    expect(response.status).toBe(200)
    let text = ''
    const ended = (async () => {
      const decoder = new TextDecoder()
      for await (const chunk of response.body as ReadableStream<Uint8Array>) text += decoder.decode(chunk)
    })()
    return { ended, text: () => text }
  }

  const within = <T>(ms: number, work: Promise<T>) =>
    Promise.race([
      work,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms)),
    ])

  it('ends at once when its session is signed out through another instance, long before a heartbeat', async () => {
    const cookie = await t.signIn(logins.harbourCsr)
    const stream = await EventStream.open(cookie)
    const bystander = await EventStream.open(csr)
    const signedOutAt = Date.now()
    expect((await t.api(cookie, 'POST', '/api/logout')).statusCode).toBeLessThan(300)
    await within(2000, stream.untilEnded())
    expect(Date.now() - signedOutAt).toBeLessThan(2000)
    // Another session of the same user and organization keeps hearing.
    const { bookingId } = await book(nextDay())
    await bystander.next((e) => e.bookingId === bookingId)
    expect(stream.events.some((e) => e.bookingId === bookingId)).toBe(false)
  })

  it('ends when its session is revoked (its row deleted, as a password change or an archive does)', async () => {
    const cookie = await t.signIn(logins.harbourCsr)
    const stream = await EventStream.open(cookie)
    await t.database.db.execute(
      sql`delete from sessions where user_id = (select id from users where email = ${logins.harbourCsr})`,
    )
    await within(2000, stream.untilEnded())
    csr = await t.signIn(logins.harbourCsr)
  })

  it('the streams of a session beyond 5 are refused with a 429 that says why', async () => {
    const cookie = await t.signIn(logins.harbourAdmin)
    const open = []
    for (let i = 0; i < STREAMS_PER_SESSION; i++) open.push(await openRaw(otherBase, cookie))
    const refused = await other.app.inject({
      method: 'GET',
      url: CALENDAR_EVENTS_PATH,
      headers: { cookie, accept: 'text/event-stream' },
    })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toBe(messages.calendarStreamsPerSession(STREAMS_PER_SESSION))
    // Another session of the organization still opens one; signing out ends all five at once.
    const another = await openRaw(otherBase, admin)
    expect((await t.api(cookie, 'POST', '/api/logout')).statusCode).toBeLessThan(300)
    await within(2000, Promise.all(open.map((s) => s.ended)))
    expect(another.text()).toContain(': connected')
  })

  it('the streams of an organization beyond its bound are refused, whatever the session', async () => {
    const events = new CalendarEvents(
      t.database,
      async () => new Map(),
      () => {},
    )
    const response = () =>
      ({ writeHead: () => ({ end() {} }), write() {}, on() {}, end() {} }) as unknown as ServerResponse
    for (let i = 0; i < STREAMS_PER_ORGANIZATION; i++) {
      const session = `s${Math.floor(i / STREAMS_PER_SESSION)}`
      expect(events.refusal(ids.harbour, session)).toBeNull()
      events.open(ids.harbour, session, response())
    }
    expect(events.refusal(ids.harbour, 'fresh')).toBe(
      messages.calendarStreamsPerOrganization(STREAMS_PER_ORGANIZATION),
    )
    expect(events.refusal(ids.summit, 'fresh')).toBeNull()
    await events.close()
    expect(events.size).toBe(0)
  })

  it('ends once its session has expired, at the next heartbeat', async () => {
    const watching = await buildApp(testConfig(), t.database, { liveHeartbeatMs: 100 })
    try {
      const base = await watching.app.listen({ port: 0, host: '127.0.0.1' })
      const cookie = await t.signIn(logins.harbourCsr)
      const stream = await openRaw(base, cookie)
      // Signed in, the stream stays open through heartbeats.
      while (stream.text().split(': heartbeat').length < 3) await new Promise((r) => setTimeout(r, 50))
      // Expired, not deleted: nothing is announced, the heartbeat's check finds it.
      const sessionId = hashToken(cookie.slice('sb_session='.length))
      await t.database.db.execute(
        sql`update sessions set expires_at = now() - interval '1 second' where id = ${sessionId}`,
      )
      await within(2000, stream.ended)
    } finally {
      await watching.app.close()
    }
  })
})

async function summitBookingId(): Promise<number> {
  const [row] = await t.database.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.organizationId, ids.summit))
    .limit(1)
  if (!row) throw new Error('no Summit booking in the demo seed')
  return row.id
}
