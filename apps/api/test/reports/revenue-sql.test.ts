import {
  bookingRevenue,
  bookingTotals,
  type Cents,
  type RevenueOptions,
  toBasisPoints,
  toCents,
} from '@spaceboard/domain'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bookings, centers } from '../../src/db/schema/index.ts'
import { bookingJoins } from '../../src/modules/bookings/booking-joins.ts'
import { revenueCents } from '../../src/modules/reports/facts.repository.ts'
import { createTestApp, type TestApp } from '../helpers.ts'
import { reportFixtures } from './revenue-fixture.ts'

let t: TestApp
let f: ReturnType<typeof reportFixtures>
let place: { organizationId: number; centerId: number; spaceId: number; clientId: number; userId: number }

beforeAll(async () => {
  t = await createTestApp()
  f = reportFixtures(t)
  const organizationId = await f.organization('Revenue Property', 'aud', 7)
  const centerId = await f.center(organizationId, 'Anywhere', 'Australia/Sydney')
  place = {
    organizationId,
    centerId,
    spaceId: await f.space(organizationId, centerId, 'Room'),
    clientId: await f.client(organizationId, 'Client'),
    userId: await f.user(organizationId, 'Property', 'Tester'),
  }
})
afterAll(() => t.close())

/** Refunds of an amount, each over 0, together never more than the amount (as the refund operation allows). */
const refundsOf = (amount: Cents) =>
  fc.array(fc.integer({ min: 1, max: Math.max(1, amount) }), { maxLength: 2 }).map((proposed) => {
    const taken: Cents[] = []
    let left = amount
    for (const refund of proposed)
      if (refund <= left) {
        taken.push(refund)
        left -= refund
      }
    return taken
  })

const ledger = fc.record({
  status: fc.constantFrom('tentative' as const, 'confirmed' as const),
  roomCents: fc.integer({ min: 0, max: 200_000 }),
  taxBasisPoints: fc.oneof(fc.constantFrom(0, 1000, 1500, 1250), fc.integer({ min: 0, max: 9_999 })),
  amenities: fc.array(
    fc
      .integer({ min: 0, max: 30_000 })
      .chain((cents) =>
        fc.record({ cents: fc.constant(cents), notCharged: fc.boolean(), refunds: refundsOf(cents) }),
      ),
    { maxLength: 3 },
  ),
  charges: fc.array(
    fc
      .integer({ min: 0, max: 30_000 })
      .chain((cents) => fc.record({ cents: fc.constant(cents), refunds: refundsOf(cents) })),
    { maxLength: 2 },
  ),
})

const options: RevenueOptions[] = [
  { tax: 'incTax', amenities: 'incAmenity' },
  { tax: 'exTax', amenities: 'incAmenity' },
  { tax: 'incTax', amenities: 'exAmenity' },
  { tax: 'exTax', amenities: 'exAmenity' },
]

const sum = (values: readonly Cents[]) => values.reduce((total, value) => total + value, 0)

it("computes in SQL every booking's revenue as the domain's bookingRevenue, which is the booking's own totals with or without its amenities", async () => {
  await fc.assert(
    fc.asyncProperty(
      ledger.chain((l) => refundsOf(l.roomCents).map((roomRefunds) => ({ ...l, roomRefunds }))),
      async (l) => {
        const booked = await f.booking({
          ...place,
          zone: 'Australia/Sydney',
          start: '2026-03-02 10:00',
          minutes: 60,
          ...l,
        })
        const [row] = await t.database.db
          .select({
            status: bookings.status,
            subTotal: bookings.subTotal,
            taxAmount: bookings.taxAmount,
            taxPercentage: bookings.taxPercentage,
            ...Object.fromEntries(options.map((o, i) => [`r${i}`, revenueCents(o)])),
          })
          .from(bookings)
          .innerJoin(centers, bookingJoins.center)
          .where(eq(bookings.id, booked.id))
        if (!row) throw new Error('no booking')
        const stored = row as unknown as Record<string, string>
        const facts = {
          status: l.status,
          subTotal: toCents(stored.subTotal ?? ''),
          taxAmount: toCents(stored.taxAmount ?? ''),
          taxPercentage: toBasisPoints(stored.taxPercentage ?? ''),
          // Every amenity line is in the stored subtotal (a not-charged one too), less its refunds.
          amenitiesNet: sum(l.amenities.map((a) => a.cents - sum(a.refunds))),
        }
        // What the booking comes to with its amenities, and as if it had none.
        const charges = l.charges.map((c) => ({ amount: c.cents, refunds: c.refunds }))
        const whole = bookingTotals({
          roomSubTotal: l.roomCents,
          roomRefunds: l.roomRefunds,
          amenities: l.amenities.map((a) => ({ totalAmount: a.cents, refunds: a.refunds })),
          additionalCharges: charges,
          tax: l.taxBasisPoints,
        })
        const withoutAmenities = bookingTotals({
          roomSubTotal: l.roomCents,
          roomRefunds: l.roomRefunds,
          amenities: [],
          additionalCharges: charges,
          tax: l.taxBasisPoints,
        })
        const expected = [
          whole.netAmount,
          whole.subTotal,
          withoutAmenities.netAmount,
          withoutAmenities.subTotal,
        ]
        options.forEach((option, i) => {
          expect(Number(stored[`r${i}`]), `${option.tax} ${option.amenities}`).toBe(expected[i])
          expect(bookingRevenue(facts, option), `${option.tax} ${option.amenities}`).toBe(expected[i])
        })
      },
    ),
    { numRuns: 30 },
  )
})
