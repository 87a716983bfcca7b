import { addDays, type BookingConfirmation, percentOf, toBasisPoints, toCents } from '@spaceboard/domain'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { centers, clients, spaces, users } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { sydneyToday } from './fixtures.ts'

let t: TestApp
let admin: string
const ids = { quay: 0, roomA: 0, acme: 0, alice: 0 }
const amenityIds: number[] = []
const today = sydneyToday
let offset = 400

async function idOf(table: typeof spaces | typeof centers | typeof clients, name: string) {
  const [row] = await t.database.db.select({ id: table.id }).from(table).where(eq(table.name, name))
  return row?.id ?? 0
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.signIn(logins.harbourAdmin)
  ids.quay = await idOf(centers, 'Circular Quay')
  ids.roomA = await idOf(spaces, 'Harbour Room A')
  ids.acme = await idOf(clients, 'Acme Consulting')
  const [alice] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'alice@acme.test'))
  ids.alice = alice?.id ?? 0
  const detail = (
    await t.api(admin, 'GET', `/api/meetingroom/${ids.roomA}/detail?bookingDate=${today}`)
  ).json()
  amenityIds.push(...detail.amenities.map((a: { amenity_id: number }) => a.amenity_id))
})
afterAll(() => t.close())

const cents = (v: string) => toCents(v)
const sum = (values: number[]) => values.reduce((s, v) => s + v, 0)

/** The booking's invariants: refunds within what was paid, totals the sum of their lines. */
function checkLedger(b: BookingConfirmation) {
  const roomPaid = Math.max(
    0,
    cents(b.room_amount_after_discount) - cents(b.voucher_discount) - cents(b.additional_discount_amount),
  )
  const roomRefunds = sum(b.partialRoomRefunds.map((r) => cents(r.amount)))
  expect(roomRefunds).toBeLessThanOrEqual(roomPaid)
  for (const a of b.bookedAmenities)
    expect(cents(a.refunded_amount)).toBeLessThanOrEqual(cents(a.total_amount))
  for (const c of b.additionalCharges)
    expect(sum(c.additionalChargeRefunds.map((r) => cents(r.amount)))).toBeLessThanOrEqual(cents(c.amount))
  const lines =
    roomPaid -
    roomRefunds +
    sum(b.bookedAmenities.map((a) => cents(a.total_amount) - cents(a.refunded_amount))) +
    sum(
      b.additionalCharges.map(
        (c) => cents(c.amount) - sum(c.additionalChargeRefunds.map((r) => cents(r.amount))),
      ),
    )
  expect(cents(b.sub_total)).toBe(Math.max(0, lines))
  expect(cents(b.tax_amount)).toBe(percentOf(cents(b.sub_total), toBasisPoints(b.tax_percentage)))
  expect(cents(b.net_amount)).toBe(cents(b.sub_total) + cents(b.tax_amount))
}

const operation = fc.oneof(
  fc.record({ kind: fc.constant('room' as const), amount: fc.integer({ min: 1, max: 30_000 }) }),
  fc.record({
    kind: fc.constant('amenity' as const),
    index: fc.nat(2),
    amount: fc.integer({ min: 1, max: 8_000 }),
  }),
  fc.record({ kind: fc.constant('charge' as const), amount: fc.integer({ min: 0, max: 10_000 }) }),
  fc.record({ kind: fc.constant('chargeRefund' as const), amount: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({ kind: fc.constant('reschedule' as const), hours: fc.integer({ min: 1, max: 6 }) }),
)

describe('money after any sequence of operations', () => {
  it('never refunds more than was paid and keeps the net amount the sum of its lines', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 6 }), async (operations) => {
        let date = addDays(today, offset++)
        while (['12-25', '12-26', '01-01'].includes(date.slice(5))) date = addDays(today, offset++)
        const created = await t.api(admin, 'POST', '/api/userbooking', {
          center_id: ids.quay,
          meeting_room_id: ids.roomA,
          booking_date: date,
          start_time: '10:00',
          end_time: '13:00',
          client_id: ids.acme,
          user_id: ids.alice,
          attendees: 3,
          amenity_ids: amenityIds,
          payment_status: 'invoice',
        })
        expect(created.statusCode, created.body).toBe(201)
        const id = created.json().bookingId as number
        const current = async () =>
          (await t.api(admin, 'GET', `/api/userbooking/${id}`)).json() as BookingConfirmation
        for (const op of operations) {
          const b = await current()
          const amount = 'amount' in op ? (op.amount / 100).toFixed(2) : '0'
          let body: Record<string, unknown>
          if (op.kind === 'room') body = { code: 'partial', roomAmountRefund: amount }
          else if (op.kind === 'amenity') {
            const amenity = b.bookedAmenities[op.index % b.bookedAmenities.length]
            body = { code: 'partial', amenityPartialRefund: [{ booking_amenity_id: amenity?.id, amount }] }
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
          else if (op.kind === 'chargeRefund') {
            const charge = b.additionalCharges[0]
            if (!charge) continue
            body = { code: 'partial', additionalChargeRefund: [{ additional_charge_id: charge.id, amount }] }
          } else
            body = {
              code: 'RESCHEDULE_BOOKING',
              newMeetingRoomId: ids.roomA,
              newStartTime: `${date} 10:00`,
              newEndTime: `${date} ${String(10 + op.hours).padStart(2, '0')}:00`,
            }
          const answer = await t.api(admin, 'PUT', `/api/userbooking/${id}`, body)
          // Refusals (more than was paid) are fine; a refused call must leave the books as they were.
          expect([200, 400, 409]).toContain(answer.statusCode)
          checkLedger(await current())
        }
      }),
      { numRuns: 15 },
    )
  })
})
