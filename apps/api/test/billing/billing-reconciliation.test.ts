import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { centers, clients, spaces } from '../../src/db/schema/index.ts'
import { idByName, sydneyDay, userIdByEmail } from '../bookings/fixtures.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { billingApi, cents, type Line } from './billing-helpers.ts'

let t: TestApp
let api: ReturnType<typeof billingApi>
let admin: string
const ids: Record<string, number> = {}

beforeAll(async () => {
  t = await createTestApp()
  api = billingApi(t)
  admin = await t.signIn(logins.harbourAdmin)
  ids.quay = await idByName(t, centers, 'Circular Quay')
  ids.roomA = await idByName(t, spaces, 'Harbour Room A')
  ids.roomB = await idByName(t, spaces, 'Harbour Room B')
  ids.coral = await idByName(t, clients, 'Coral Tech')
  ids.carlos = await userIdByEmail(t, 'carlos@coraltech.test')
})
afterAll(() => t.close())

/** A line as accounting sees it; refunds and charges of a booking never share one. */
const keyOf = (l: Line) => `${l.InvoiceNumber}|${l.Description}|${l.TotalAmount}`
const referenceOf = (l: Line) => l.Reference.split(' ')[0] ?? ''

async function book(date: string, room: number, from: string, to: string) {
  const detail = (
    await t.api(admin, 'GET', `/api/meetingroom/${room}/detail?bookingDate=${date}`)
  ).json() as {
    amenities: { amenity_id: number }[]
  }
  return api.book(admin, {
    center_id: ids.quay,
    client_id: ids.coral,
    user_id: ids.carlos,
    meeting_room_id: room,
    booking_date: date,
    start_time: from,
    end_time: to,
    attendees: 3,
    amenity_ids: detail.amenities.map((a) => a.amenity_id),
  })
}

/** Marks the day's lines (the call names one of the day's bookings); the lines of that export. */
async function markDay(date: string, booking: number) {
  const marked = await api.mark(admin, { start_date: date, end_date: date }, booking)
  expect(marked.statusCode, marked.body).toBe(200)
  const { exportId, lines } = marked.json()
  const file = (await api.lines(admin, `exportId=${exportId}`)).lines
  expect(file).toHaveLength(lines)
  return file
}

describe('concurrent marked exports', () => {
  it('never give two exports the same line and skip none, with refunds and charges arriving meanwhile', async () => {
    const date = sydneyDay(200)
    const made = [
      await book(date, ids.roomA as number, '09:00', '11:00'),
      await book(date, ids.roomA as number, '12:00', '14:00'),
      await book(date, ids.roomB as number, '09:00', '11:00'),
      await book(date, ids.roomB as number, '12:00', '15:00'),
    ]
    const changes = made.map((id, i) =>
      i % 2
        ? api.act(admin, id, { code: 'partial', roomAmountRefund: '1.00', roomNotes: `refund ${i}` })
        : api.act(admin, id, {
            code: 'additional_charges',
            adhocCharges: [
              {
                charge_type: 'room',
                room_code_id: 'meetingroom',
                additional_booking_charge_value: '7.25',
                reason_for_additional_booking_charge: `charge ${i}`,
              },
            ],
          }),
    )
    const marks = [1, 2, 3, 4].map(() =>
      api.mark(admin, { start_date: date, end_date: date }, made[0] as number),
    )
    const answers = await Promise.all([...changes, ...marks])
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200)
    // Downloaded one after the other: an organization runs only a few exports at once.
    const exports: Line[][] = []
    for (const a of answers.slice(changes.length))
      exports.push((await api.lines(admin, `exportId=${a.json().exportId}`)).lines)
    exports.push(await markDay(date, made[0] as number))
    const keys = exports.flat().map(keyOf)
    expect(new Set(keys).size).toBe(keys.length)
    const all = (await api.lines(admin, `start_date=${date}&end_date=${date}`)).lines
    expect(all.every((l) => l.Exported === 'Yes')).toBe(true)
    expect([...keys].sort()).toEqual(all.map(keyOf).sort())
  })
})

type Step =
  | { kind: 'charge'; booking: number; amount: number }
  | { kind: 'room-refund'; booking: number; amount: number }
  | { kind: 'amenity-refund'; booking: number; amount: number }
  | { kind: 'charge-refund'; booking: number; amount: number }
  | { kind: 'reschedule'; booking: number; hour: number }
  | { kind: 'cancel'; booking: number; percent: number }
  | { kind: 'mark' }

const amount = fc.integer({ min: 1, max: 4000 })
const which = fc.integer({ min: 0, max: 1 })
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('charge' as const), booking: which, amount }),
  fc.record({ kind: fc.constant('room-refund' as const), booking: which, amount }),
  fc.record({ kind: fc.constant('amenity-refund' as const), booking: which, amount }),
  fc.record({ kind: fc.constant('charge-refund' as const), booking: which, amount }),
  fc.record({
    kind: fc.constant('reschedule' as const),
    booking: which,
    hour: fc.integer({ min: 9, max: 16 }),
  }),
  fc.record({
    kind: fc.constant('cancel' as const),
    booking: which,
    percent: fc.integer({ min: 0, max: 10000 }),
  }),
  fc.constant({ kind: 'mark' as const }),
)

const money = (c: number) => (c / 100).toFixed(2)

describe('reconciliation (property, through the API)', () => {
  it('for any bookings, charges, refunds, reschedules and cancellations between marked exports, the exported lines of a booking add up to its net amount and no line goes out twice', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        // Each run on a day of its own: the two bookings and their exports are the run's only.
        const date = sydneyDay(230 + run++)
        const made = [
          await book(date, ids.roomA as number, '09:00', '11:00'),
          await book(date, ids.roomB as number, '09:00', '12:00'),
        ]
        const exports: Line[][] = []
        for (const s of steps) {
          if (s.kind === 'mark') {
            exports.push(await markDay(date, made[0] as number))
            continue
          }
          const id = made[s.booking] as number
          const view = await api.view(admin, id)
          if (s.kind === 'charge')
            await api.act(admin, id, {
              code: 'additional_charges',
              adhocCharges: [
                {
                  charge_type: 'room',
                  room_code_id: 'meetingroom',
                  additional_booking_charge_value: money(s.amount),
                  reason_for_additional_booking_charge: 'Property charge',
                },
              ],
            })
          else if (s.kind === 'room-refund')
            await api.act(admin, id, { code: 'partial', roomAmountRefund: money(s.amount), roomNotes: 'p' })
          else if (s.kind === 'amenity-refund' && view.bookedAmenities[0])
            await api.act(admin, id, {
              code: 'partial',
              amenityPartialRefund: [
                { booking_amenity_id: view.bookedAmenities[0].id, amount: money(s.amount) },
              ],
            })
          else if (s.kind === 'charge-refund' && view.additionalCharges[0])
            await api.act(admin, id, {
              code: 'partial',
              additionalChargeRefund: [
                { additional_charge_id: view.additionalCharges[0].id, amount: money(s.amount) },
              ],
            })
          else if (s.kind === 'reschedule') {
            const minutes = Math.round(view.duration * 60)
            const end = s.hour * 60 + minutes
            const wall = (m: number) =>
              `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
            await api.act(admin, id, {
              code: 'RESCHEDULE_BOOKING',
              newMeetingRoomId: view.meetingroomId,
              newStartTime: `${date} ${wall(s.hour * 60)}`,
              newEndTime: `${date} ${wall(end)}`,
            })
          } else if (s.kind === 'cancel')
            await api.act(admin, id, { code: 'full', refundPercent: money(s.percent) })
          // A refused step (more than is left to refund, a cancelled booking, a taken slot) changes no money.
        }
        exports.push(await markDay(date, made[0] as number))
        const keys = exports.flat().map(keyOf)
        expect(new Set(keys).size).toBe(keys.length)
        for (const id of made) {
          const view = await api.view(admin, id)
          const exported = exports.flat().filter((l) => referenceOf(l) === view.reference)
          expect(exported.reduce((s, l) => s + cents(l.TotalAmount), 0)).toBe(cents(view.net_amount))
        }
      }),
      { numRuns: 12, seed: 19 },
    )
  })
})
