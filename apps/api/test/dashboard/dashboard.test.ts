import { addDays, wallClock, zonedInstant } from '@spaceboard/domain'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, centers, clients, organizations, spaces } from '../../src/db/schema/index.ts'
import { UPCOMING_DAYS, UPCOMING_LIMIT } from '../../src/modules/dashboard/dashboard.service.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

let t: TestApp
const cookies: Record<string, string> = {}

interface DashboardBooking {
  id: number
  reference: string
  organization_name: string
  date: string
  start_time: string
  end_time: string
  space_name: string
  center_name: string
  client_name: string
  status: string
}

/** What the dashboard must list, worked out from the table itself: each booking in its center's wall clock. */
async function expected(organizationName: string | null) {
  const rows = await t.database.db
    .select({
      id: bookings.id,
      prefix: bookings.bookingPrefix,
      status: bookings.status,
      start: bookings.startTime,
      end: bookings.endTime,
      zone: centers.timezoneId,
      center: centers.name,
      space: spaces.name,
      client: clients.name,
      organization: organizations.name,
    })
    .from(bookings)
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .innerJoin(centers, eq(centers.id, bookings.centerId))
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .innerJoin(clients, eq(clients.id, bookings.clientId))
    .orderBy(asc(bookings.startTime), asc(bookings.id))
  const now = new Date()
  const views = rows
    .filter(
      (r) => r.status !== 'cancelled' && (organizationName === null || r.organization === organizationName),
    )
    .map((r) => {
      const start = wallClock(r.start, r.zone)
      return {
        today: wallClock(now, r.zone).date,
        view: {
          id: r.id,
          reference: `${r.prefix}${r.id}`,
          organization_name: r.organization,
          date: start.date,
          start_time: start.time,
          end_time: wallClock(r.end, r.zone).time,
          space_name: r.space,
          center_name: r.center,
          client_name: r.client,
          status: r.status,
        } satisfies DashboardBooking,
      }
    })
  return {
    today: views.filter((v) => v.view.date === v.today).map((v) => v.view),
    upcoming: views
      .filter((v) => v.view.date > v.today && v.view.date <= addDays(v.today, UPCOMING_DAYS))
      .slice(0, UPCOMING_LIMIT)
      .map((v) => v.view),
  }
}

async function dashboard(login: string) {
  const response = await t.api(cookies[login] as string, 'GET', '/api/dashboard')
  expect(response.statusCode).toBe(200)
  return response.json().bookings as { today: DashboardBooking[]; upcoming: DashboardBooking[] }
}

/** A copy of one of the organization's bookings moved to a wall-clock time of a date in its center's zone. */
async function bookingAt(
  organizationName: string,
  daysFromToday: number,
  from: string,
  to: string,
  status?: string,
) {
  const [source] = await t.database.db
    .select({ booking: bookings, zone: centers.timezoneId })
    .from(bookings)
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .innerJoin(centers, eq(centers.id, bookings.centerId))
    .where(eq(organizations.name, organizationName))
    .orderBy(asc(bookings.id))
    .limit(1)
  if (!source) throw new Error(`no booking of ${organizationName}`)
  const date = addDays(wallClock(new Date(), source.zone).date, daysFromToday)
  const { id: _id, ...copy } = source.booking
  const [row] = await t.database.db
    .insert(bookings)
    .values({
      ...copy,
      status: status ?? 'confirmed',
      cancelledAt: status === 'cancelled' ? new Date() : null,
      startTime: zonedInstant(date, from, source.zone) as Date,
      endTime: zonedInstant(date, to, source.zone) as Date,
    })
    .returning({ id: bookings.id })
  return { id: row?.id as number, date }
}

const extra: Record<string, number> = {}

beforeAll(async () => {
  t = await createTestApp()
  for (const login of [logins.super, logins.harbourAdmin, logins.harbourCsr, logins.summitAdmin])
    cookies[login] = await t.signIn(login)
  // Late in each center's own today and just after its midnight: "today" is the center's, not UTC's.
  extra.harbourLate = (await bookingAt('Harbour Workspaces', 0, '23:00', '23:45', 'tentative')).id
  extra.denverLate = (await bookingAt('Summit Business Centres', 0, '23:00', '23:30')).id
  extra.denverTomorrow = (await bookingAt('Summit Business Centres', 1, '00:15', '00:45')).id
  extra.denverCancelled = (await bookingAt('Summit Business Centres', 0, '22:00', '22:30', 'cancelled')).id
})
afterAll(() => t.close())

describe('GET /api/dashboard bookings', () => {
  it("lists the admin's organization's bookings of today and the next 7 days in the center's wall clock", async () => {
    const answer = await dashboard(logins.harbourAdmin)
    const wanted = await expected('Harbour Workspaces')
    expect(answer.today).toEqual(wanted.today)
    expect(answer.upcoming).toEqual(wanted.upcoming)
    expect(answer.upcoming.length).toBeGreaterThan(0)
    expect(answer.upcoming.length).toBeLessThanOrEqual(UPCOMING_LIMIT)
    const late = answer.today.find((b) => b.id === extra.harbourLate)
    expect(late).toMatchObject({ start_time: '23:00', end_time: '23:45', status: 'tentative' })
    expect(late?.reference).toBe(`MH-HAR${extra.harbourLate}`)
    expect(new Set([...answer.today, ...answer.upcoming].map((b) => b.organization_name))).toEqual(
      new Set(['Harbour Workspaces']),
    )
    // The csr sees the same.
    expect(await dashboard(logins.harbourCsr)).toEqual(answer)
  })

  it("takes today from each center's zone and leaves cancelled bookings out", async () => {
    const answer = await dashboard(logins.summitAdmin)
    const wanted = await expected('Summit Business Centres')
    expect(answer).toEqual(wanted)
    const today = answer.today.map((b) => b.id)
    expect(today).toContain(extra.denverLate)
    expect(today).not.toContain(extra.denverTomorrow)
    expect(today).not.toContain(extra.denverCancelled)
    const denverToday = wallClock(new Date(), 'America/Denver').date
    expect(answer.today.find((b) => b.id === extra.denverLate)).toMatchObject({
      date: denverToday,
      start_time: '23:00',
      end_time: '23:30',
      center_name: 'Denver Downtown',
    })
    expect(answer.upcoming.map((b) => b.id)).toContain(extra.denverTomorrow)
    for (const b of answer.upcoming) {
      expect(b.date > denverToday).toBe(true)
      expect(b.date <= addDays(denverToday, UPCOMING_DAYS)).toBe(true)
    }
  })

  it('gives super every organization’s bookings with the organization name', async () => {
    const answer = await dashboard(logins.super)
    const wanted = await expected(null)
    expect(answer).toEqual(wanted)
    const names = new Set(answer.today.map((b) => b.organization_name))
    expect(names.has('Harbour Workspaces')).toBe(true)
    expect(names.has('Summit Business Centres')).toBe(true)
    expect(answer.upcoming).toHaveLength(UPCOMING_LIMIT)
  })
})
