import { addDays, reportTypes } from '@spaceboard/domain'
import { asc, eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  centers,
  clients,
  organizations,
  reportClientMonthFacts,
  reportDimensionMonthFacts,
  reportOrganizationMonthFacts,
  reportSpaceMonthFacts,
  reportStaleMonths,
  reportUserMonthFacts,
  spaces,
  users,
} from '../../src/db/schema/index.ts'
import { staleMonths } from '../../src/modules/reports/report-facts.repository.ts'
import { keepReportFactsFresh, rebuildStaleMonths } from '../../src/modules/reports/reports.service.ts'
import { reportBuilders } from '../../src/modules/reports/types/index.ts'
import { sydneyToday } from '../bookings/fixtures.ts'
import { createTestApp, logins, statementsRunBy, type TestApp } from '../helpers.ts'

/**
 * The monthly report facts are derived data (issue 20): after any sequence of booking changes,
 * what a report reads from them equals what a rebuild from the bookings gives; and the yearly
 * reports read them instead of the bookings.
 */

let t: TestApp
let admin: string
const ids = { harbour: 0, quay: 0, roomA: 0, roomB: 0, acme: 0, coral: 0, alice: 0, carlos: 0 }
let amenityIds: number[] = []
/** Each run books its own days, far enough apart that a reschedule can cross into another month. */
let offset = 200

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.signIn(logins.harbourAdmin)
  const db = t.database.db
  const idOf = async (table: typeof spaces | typeof centers | typeof clients, name: string) =>
    (await db.select({ id: table.id }).from(table).where(eq(table.name, name)))[0]?.id ?? 0
  const userOf = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0
  ids.harbour =
    (
      await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.name, 'Harbour Workspaces'))
    )[0]?.id ?? 0
  ids.quay = await idOf(centers, 'Circular Quay')
  ids.roomA = await idOf(spaces, 'Harbour Room A')
  ids.roomB = await idOf(spaces, 'Harbour Room B')
  ids.acme = await idOf(clients, 'Acme Consulting')
  ids.coral = await idOf(clients, 'Coral Tech')
  ids.alice = await userOf('alice@acme.test')
  ids.carlos = await userOf('carlos@coraltech.test')
  const detail = (
    await t.api(admin, 'GET', `/api/meetingroom/${ids.roomA}/detail?bookingDate=${sydneyToday}`)
  ).json()
  amenityIds = detail.amenities.map((a: { amenity_id: number }) => a.amenity_id)
})
afterAll(() => t.close())

/** A report of Harbour, which first rebuilds the stale months its facts read. */
function report(query: Record<string, string | number | undefined>) {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value))
  return t.api(admin, 'GET', `/api/reports?${search}`)
}

/** A yearly report, which rebuilds the organization's stale months before it reads them. */
async function readFacts() {
  expect((await report({ report_type: 'dayOfTheWeek', report_duration: 'yearly' })).statusCode).toBe(200)
}

/** Every facts row of the organization, in a stable order. */
async function factsOfHarbour() {
  const db = t.database.db
  const space = await db
    .select()
    .from(reportSpaceMonthFacts)
    .where(eq(reportSpaceMonthFacts.organizationId, ids.harbour))
    .orderBy(asc(reportSpaceMonthFacts.month), asc(reportSpaceMonthFacts.spaceId))
  const dimension = await db
    .select()
    .from(reportDimensionMonthFacts)
    .where(eq(reportDimensionMonthFacts.organizationId, ids.harbour))
    .orderBy(
      asc(reportDimensionMonthFacts.dimension),
      asc(reportDimensionMonthFacts.month),
      asc(reportDimensionMonthFacts.spaceId),
      asc(reportDimensionMonthFacts.value),
    )
  const user = await db
    .select()
    .from(reportUserMonthFacts)
    .where(eq(reportUserMonthFacts.organizationId, ids.harbour))
    .orderBy(
      asc(reportUserMonthFacts.month),
      asc(reportUserMonthFacts.centerId),
      asc(reportUserMonthFacts.userId),
    )
  const client = await db
    .select()
    .from(reportClientMonthFacts)
    .where(eq(reportClientMonthFacts.organizationId, ids.harbour))
    .orderBy(
      asc(reportClientMonthFacts.month),
      asc(reportClientMonthFacts.centerId),
      asc(reportClientMonthFacts.clientId),
    )
  const organization = await db
    .select()
    .from(reportOrganizationMonthFacts)
    .where(eq(reportOrganizationMonthFacts.organizationId, ids.harbour))
    .orderBy(asc(reportOrganizationMonthFacts.month))
  return { space, dimension, client, user, organization }
}

/** The facts as a rebuild of every month from the bookings makes them. */
async function factsRebuiltFromScratch() {
  const db = t.database.db
  await db.delete(reportSpaceMonthFacts)
  await db.delete(reportOrganizationMonthFacts)
  await db.delete(reportClientMonthFacts)
  await db.delete(reportDimensionMonthFacts)
  await db.delete(reportUserMonthFacts)
  await db.delete(reportStaleMonths)
  await db.execute(sql`select mark_every_report_month_stale()`)
  await readFacts()
  return factsOfHarbour()
}

const operation = fc.oneof(
  fc.record({
    kind: fc.constant('book' as const),
    days: fc.integer({ min: 0, max: 90 }),
    other: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('roomRefund' as const), cents: fc.integer({ min: 1, max: 5_000 }) }),
  fc.record({ kind: fc.constant('amenityRefund' as const), cents: fc.integer({ min: 1, max: 2_000 }) }),
  fc.record({ kind: fc.constant('charge' as const), cents: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({ kind: fc.constant('reschedule' as const), days: fc.integer({ min: -40, max: 40 }) }),
  fc.record({ kind: fc.constant('cancel' as const) }),
  fc.record({ kind: fc.constant('confirm' as const) }),
  fc.record({ kind: fc.constant('zone' as const), abroad: fc.boolean() }),
)

describe('the monthly report facts', () => {
  it('equal a rebuild from the bookings after any sequence of booking changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 2, maxLength: 8 }), async (operations) => {
        const base = offset
        offset += 140
        const made: { id: number; day: string }[] = []
        const bookDay = (days: number) => {
          let day = addDays(sydneyToday, base + days)
          while (['12-25', '12-26', '01-01'].includes(day.slice(5))) day = addDays(day, 1)
          return day
        }
        for (const op of operations) {
          // The facts built after the previous change, so that this one must mark them stale.
          await readFacts()
          const last = made.at(-1)
          const amount = 'cents' in op ? (op.cents / 100).toFixed(2) : '0'
          if (op.kind === 'book') {
            const day = bookDay(op.days)
            const created = await t.api(admin, 'POST', '/api/userbooking', {
              center_id: ids.quay,
              meeting_room_id: op.other ? ids.roomB : ids.roomA,
              booking_date: day,
              start_time: '10:00',
              end_time: '12:00',
              client_id: op.other ? ids.coral : ids.acme,
              user_id: op.other ? ids.carlos : ids.alice,
              attendees: 2,
              amenity_ids: amenityIds,
              payment_status: 'invoice',
            })
            // A slot already booked in this run is refused: the facts must not change then either.
            expect([201, 409]).toContain(created.statusCode)
            if (created.statusCode === 201) made.push({ id: created.json().bookingId, day })
            continue
          }
          if (op.kind === 'zone') {
            await t.database.db
              .update(centers)
              .set({ timezoneId: op.abroad ? 'America/Los_Angeles' : 'Australia/Sydney' })
              .where(eq(centers.id, ids.quay))
            continue
          }
          if (!last) continue
          const booking = (await t.api(admin, 'GET', `/api/userbooking/${last.id}`)).json()
          let body: Record<string, unknown>
          if (op.kind === 'roomRefund') body = { code: 'partial', roomAmountRefund: amount }
          else if (op.kind === 'amenityRefund') {
            const amenity = booking.bookedAmenities?.[0]
            if (!amenity) continue
            body = { code: 'partial', amenityPartialRefund: [{ booking_amenity_id: amenity.id, amount }] }
          } else if (op.kind === 'charge')
            body = {
              code: 'additional_charges',
              adhocCharges: [
                {
                  charge_type: 'room',
                  room_code_id: 'meetingroom',
                  additional_booking_charge_value: amount,
                  reason_for_additional_booking_charge: 'Extra',
                },
              ],
            }
          else if (op.kind === 'reschedule') {
            const day = bookDay(45 + op.days)
            body = {
              code: 'RESCHEDULE_BOOKING',
              newMeetingRoomId: booking.meeting_room_id ?? ids.roomA,
              newStartTime: `${day} 14:00`,
              newEndTime: `${day} 16:00`,
            }
          } else if (op.kind === 'cancel') body = { code: 'full', refundPercent: '50' }
          else body = { code: 'CONFIRM' }
          const answer = await t.api(admin, 'PUT', `/api/userbooking/${last.id}`, body)
          expect([200, 400, 409]).toContain(answer.statusCode)
        }
        expect((await report({ report_type: 'dayOfTheWeek', report_duration: 'yearly' })).statusCode).toBe(
          200,
        )
        const kept = await factsOfHarbour()
        expect(kept).toEqual(await factsRebuiltFromScratch())
      }),
      { numRuns: 12 },
    )
    await t.database.db
      .update(centers)
      .set({ timezoneId: 'Australia/Sydney' })
      .where(eq(centers.id, ids.quay))
  })

  it('answer every yearly report that has them without reading the bookings', async () => {
    const year = Number(sydneyToday.slice(0, 4))
    const yearly = [
      { report_type: 'bookByOrganization', report_value: 'room' },
      { report_type: 'clientTypeRevenue' },
      { report_type: 'averagePerBooking', report_value: 'center' },
      { report_type: 'averagePerBooking', report_value: 'client' },
      { report_type: 'averagePerBooking', report_value: 'user' },
      { report_type: 'leadTime' },
      { report_type: 'timeOfTheDay', busy_type: 'bookings' },
      { report_type: 'voucherUsage' },
      { report_type: 'dayOfTheWeek', busy_type: 'hours' },
      { report_type: 'centerRevenueTarget', is_tax_included: 'exTax', is_amenity_included: 'exAmenity' },
      { report_type: 'gratisUsage' },
      { report_type: 'topClients' },
    ]
    expect(yearly.every((q) => reportTypes.some((type) => type.key === q.report_type))).toBe(true)
    await readFacts()
    for (const query of yearly) {
      const { result, statements } = await statementsRunBy(t.database, () =>
        report({ year, report_duration: 'yearly', ...query }),
      )
      expect(result.statusCode, result.body).toBe(200)
      expect(statements.some((s) => /report_(space|dimension|client|user)_month_facts/.test(s.sql))).toBe(
        true,
      )
      const readsBookings = statements.filter((s) => /from "bookings"/.test(s.sql))
      expect(
        readsBookings.map((s) => s.sql),
        query.report_type,
      ).toEqual([])
    }
  })

  it('give bookByOrganization answers kept until a booking, a space or the organization changes', async () => {
    const query = { report_type: 'bookByOrganization', report_duration: 'yearly', report_value: 'room' }
    const builder = vi.spyOn(reportBuilders, 'bookByOrganization')
    const computes = async () => {
      const before = builder.mock.calls.length
      const result = await report(query)
      expect(result.statusCode, result.body).toBe(200)
      return {
        computed: builder.mock.calls.length > before,
        answer: result.json().data[0] as {
          currency_code: string
          period: { from: string; to: string }
          data: { NumberBooking: number; roomsData: { id: number; name: string }[] }[]
        },
      }
    }
    const first = await computes()
    const again = await computes()
    expect(again.computed).toBe(false)
    expect(again.answer).toEqual(first.answer)
    const counted = (answer: typeof first.answer) => answer.data.reduce((n, row) => n + row.NumberBooking, 0)

    // A booking of the period cancelled: its month is marked stale, the read rebuilds it, and the
    // answer is computed again.
    const [booking] = (
      (await t.database.db.execute(sql`
        select id from bookings
        where organization_id = ${ids.harbour} and status <> 'cancelled' and is_ms365_booking = false
          and start_time >= ${first.answer.period.from}::date + 7
          and start_time < ${first.answer.period.to}::date and start_time > now() + interval '2 days'
        order by start_time limit 1`)) as unknown as { rows: { id: number }[] }
    ).rows
    if (!booking) throw new Error('no booking of the period to cancel')
    const cancelled = await t.api(admin, 'PUT', `/api/userbooking/${booking.id}`, {
      code: 'full',
      refundPercent: '0',
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const afterCancel = await computes()
    expect(afterCancel.computed).toBe(true)
    expect(counted(afterCancel.answer)).toBe(counted(first.answer) - 1)
    expect((await computes()).computed).toBe(false)

    // A space renamed by another connection, then the organization's currency: each shows.
    await t.database.db.update(spaces).set({ name: 'Harbour Room A (kept)' }).where(eq(spaces.id, ids.roomA))
    const renamed = await computes()
    expect(renamed.computed).toBe(true)
    expect(renamed.answer.data[0]?.roomsData.find((room) => room.id === ids.roomA)?.name).toBe(
      'Harbour Room A (kept)',
    )
    await t.database.db.update(spaces).set({ name: 'Harbour Room A' }).where(eq(spaces.id, ids.roomA))
    await t.database.db
      .update(organizations)
      .set({ currencyCode: 'nzd' })
      .where(eq(organizations.id, ids.harbour))
    expect((await computes()).answer.currency_code).toBe('nzd')
    await t.database.db
      .update(organizations)
      .set({ currencyCode: 'aud' })
      .where(eq(organizations.id, ids.harbour))
    expect((await computes()).answer.currency_code).toBe('aud')
    builder.mockRestore()
  })

  it('are rebuilt month by month at start for every organization, stopping between months when asked', async () => {
    const db = t.database.db
    const before = await factsRebuiltFromScratch()
    const harbourMonths = before.organization.length
    expect(harbourMonths).toBeGreaterThan(0)
    await db.execute(sql`select mark_every_report_month_stale()`)
    const stale = (await staleMonths(db, null)).length
    expect(stale).toBeGreaterThan(harbourMonths)
    const stopped = new AbortController()
    stopped.abort()
    await rebuildStaleMonths(db, null, stopped.signal)
    expect(await staleMonths(db, null)).toHaveLength(stale)
    await rebuildStaleMonths(db, null)
    expect(await staleMonths(db, null)).toHaveLength(0)
    expect(await factsOfHarbour()).toEqual(before)
  })

  it('are kept fresh in the background: months marked later are rebuilt by a later round, until stopped', async () => {
    const db = t.database.db
    const before = await factsRebuiltFromScratch()
    await db.execute(sql`select mark_every_report_month_stale()`)
    const stopped = new AbortController()
    const errors: unknown[] = []
    const running = keepReportFactsFresh(db, {
      everyMs: 50,
      signal: stopped.signal,
      onError: (error) => errors.push(error),
    })
    await vi.waitFor(async () => expect(await staleMonths(db, null)).toHaveLength(0), { timeout: 60_000 })
    // Marked after the first round: as a booking change would between two rounds.
    await db.execute(sql`select mark_every_report_month_stale()`)
    expect((await staleMonths(db, null)).length).toBeGreaterThan(0)
    await vi.waitFor(async () => expect(await staleMonths(db, null)).toHaveLength(0), { timeout: 60_000 })
    stopped.abort()
    await running
    expect(errors).toEqual([])
    expect(await factsOfHarbour()).toEqual(before)
  })
})
