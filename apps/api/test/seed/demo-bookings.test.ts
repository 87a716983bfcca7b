import {
  addDays,
  addMonths,
  bookingTax,
  bookingTotals,
  centsToDecimal,
  minutesOfDay,
  priceBookingTerms,
  type RateUnit,
  type RoomRates,
  toBasisPoints,
  toCents,
  wallClock,
} from '@spaceboard/domain'
import { asc } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bookingAdditionalChargeRefunds,
  bookingAdditionalCharges,
  bookingAmenities,
  bookingAmenityRefunds,
  bookingOccupancy,
  bookingReschedules,
  bookingRoomRefunds,
  bookings,
  bookingWorkflowLogs,
  centers,
  clientGratisLog,
  clients,
  organizations,
  recurringSeries,
  spaceAmenities,
  spaceChildren,
  spaceRates,
  spaces,
  vouchers,
} from '../../src/db/schema/index.ts'
import {
  SEED_FUTURE_DAYS,
  SEED_PAST_MONTHS,
  SHOWCASE_DAYS_AHEAD,
  SHOWCASE_NOTES,
} from '../../src/db/seed/bookings.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

/**
 * The demo bookings (seed/bookings.ts) as the rest of the product will read them: no double
 * booking, every amount what the domain's pricing and ledger say, gratis minutes within each
 * client's allowance, and every line kind of the billing math somewhere in the data.
 */

let t: TestApp
let data: Awaited<ReturnType<typeof load>>
const now = new Date()

async function load() {
  const db = t.database.db
  const [
    bookingRows,
    occupancy,
    amenityRows,
    amenityRefunds,
    roomRefunds,
    charges,
    chargeRefunds,
    reschedules,
    logs,
    series,
    gratis,
    clientRows,
    centerRows,
    orgRows,
    spaceRows,
    rateRows,
    childRows,
    spaceAmenityRows,
    voucherRows,
  ] = await Promise.all([
    db.select().from(bookings).orderBy(asc(bookings.id)),
    db
      .select({
        bookingId: bookingOccupancy.bookingId,
        spaceId: bookingOccupancy.spaceId,
        active: bookingOccupancy.active,
        during: bookingOccupancy.during,
      })
      .from(bookingOccupancy),
    db.select().from(bookingAmenities),
    db.select().from(bookingAmenityRefunds),
    db.select().from(bookingRoomRefunds),
    db.select().from(bookingAdditionalCharges),
    db.select().from(bookingAdditionalChargeRefunds),
    db.select().from(bookingReschedules),
    db.select().from(bookingWorkflowLogs),
    db.select().from(recurringSeries),
    db.select().from(clientGratisLog),
    db.select().from(clients),
    db.select().from(centers),
    db.select().from(organizations),
    db.select().from(spaces),
    db.select().from(spaceRates),
    db.select().from(spaceChildren),
    db.select().from(spaceAmenities),
    db.select().from(vouchers),
  ])
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]))
  const groupBy = <T, K>(rows: T[], key: (row: T) => K) => {
    const map = new Map<K, T[]>()
    for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row])
    return map
  }
  return {
    bookingRows,
    occupancy: groupBy(occupancy, (o) => o.bookingId),
    amenities: groupBy(amenityRows, (a) => a.bookingId),
    amenityRefunds: groupBy(amenityRefunds, (r) => r.bookingAmenityId),
    roomRefunds: groupBy(roomRefunds, (r) => r.bookingId),
    charges: groupBy(charges, (c) => c.bookingId),
    chargeRefunds: groupBy(chargeRefunds, (r) => r.additionalChargeId),
    reschedules: groupBy(reschedules, (r) => r.bookingId),
    logs,
    series,
    gratis,
    clients: byId(clientRows),
    centers: byId(centerRows),
    organizations: byId(orgRows),
    spaces: byId(spaceRows),
    rates: groupBy(rateRows, (r) => r.spaceId),
    children: groupBy(childRows, (c) => c.parentId),
    spaceAmenities: spaceAmenityRows,
    vouchers: byId(voucherRows),
  }
}

type Booking = (typeof bookings)['$inferSelect']
const zoneOf = (b: Booking) => data.centers.get(b.centerId)?.timezoneId as string
const localDate = (b: Booking) => wallClock(b.startTime, zoneOf(b)).date

function ledgerOf(b: Booking) {
  const amenityRows = data.amenities.get(b.id) ?? []
  const charges = data.charges.get(b.id) ?? []
  return {
    amenityRows,
    charges,
    totals: bookingTotals({
      roomSubTotal: Math.max(
        0,
        toCents(b.roomAmountAfterDiscount) - toCents(b.voucherDiscount) - toCents(b.additionalDiscountAmount),
      ),
      roomRefunds: (data.roomRefunds.get(b.id) ?? []).map((r) => toCents(r.amount)),
      amenities: amenityRows.map((a) => ({
        totalAmount: toCents(a.totalAmount),
        refunds: (data.amenityRefunds.get(a.id) ?? []).map((r) => toCents(r.amount)),
      })),
      additionalCharges: charges.map((c) => ({
        amount: toCents(c.amount),
        refunds: (data.chargeRefunds.get(c.id) ?? []).map((r) => toCents(r.amount)),
      })),
      tax: toBasisPoints(b.taxPercentage),
    }),
  }
}

beforeAll(async () => {
  t = await createTestApp()
  data = await load()
})
afterAll(() => t.close())

describe('demo bookings', () => {
  it('are a light but realistic volume: about 3–6 a week per active space in every organization', () => {
    const weeks = (SEED_PAST_MONTHS * 30.4 + SEED_FUTURE_DAYS) / 7
    for (const organization of data.organizations.values()) {
      const activeSpaces = [...data.spaces.values()].filter(
        (s) =>
          s.organizationId === organization.id &&
          s.isActive &&
          !s.deletedAt &&
          data.centers.get(s.centerId)?.isActive,
      ).length
      const count = data.bookingRows.filter((b) => b.organizationId === organization.id).length
      if (activeSpaces === 0) {
        expect(count).toBe(0)
        continue
      }
      const perSpaceWeek = count / activeSpaces / weeks
      expect(perSpaceWeek, organization.name).toBeGreaterThanOrEqual(2.5)
      expect(perSpaceWeek, organization.name).toBeLessThanOrEqual(6)
    }
  })

  it('are six months back and three months ahead, in each space’s window and its center’s hours, in 15 minute steps', () => {
    for (const b of data.bookingRows) {
      const space = data.spaces.get(b.spaceId)
      const center = data.centers.get(b.centerId)
      if (!space || !center) throw new Error(`booking ${b.id} without space or center`)
      expect(space.centerId).toBe(center.id)
      const zone = center.timezoneId
      const start = wallClock(b.startTime, zone)
      const end = wallClock(b.endTime, zone)
      const today = wallClock(now, zone).date
      expect(start.date, `booking ${b.id}`).toBe(end.date)
      // A day of slack either way: the template database was seeded moments before this test.
      expect(start.date >= addMonths(today, -SEED_PAST_MONTHS - 1)).toBe(true)
      expect(start.date <= addDays(today, SEED_FUTURE_DAYS + 1)).toBe(true)
      const from = minutesOfDay(start.time)
      const to = minutesOfDay(end.time)
      expect(from % 15).toBe(0)
      expect(to % 15).toBe(0)
      expect(to - from).toBe(b.durationMinutes)
      expect(from).toBeGreaterThanOrEqual(minutesOfDay(space.startTime))
      expect(to).toBeLessThanOrEqual(minutesOfDay(space.endTime))
      if (!center.openAfterHours) {
        expect(from).toBeGreaterThanOrEqual(minutesOfDay(center.openTime))
        expect(to).toBeLessThanOrEqual(minutesOfDay(center.closeTime))
      }
      expect(b.attendees).toBeLessThanOrEqual(space.capacity)
    }
  })

  it('never overlap: one occupancy row per physical room held, active unless cancelled, no two active ones at once', async () => {
    for (const b of data.bookingRows) {
      const rows = data.occupancy.get(b.id) ?? []
      const held = [b.spaceId, ...(data.children.get(b.spaceId) ?? []).map((c) => c.childId)].sort()
      expect(rows.map((r) => r.spaceId).sort(), `booking ${b.id}`).toEqual(held)
      for (const row of rows) expect(row.active).toBe(b.status !== 'cancelled')
    }
    // Both drivers (PGlite, node-postgres) answer raw SQL with { rows }.
    const overlapping = (await t.database.db.execute(
      `select count(*)::int as n from booking_occupancy a join booking_occupancy b
         on a.organization_id = b.organization_id and a.space_id = b.space_id and a.booking_id < b.booking_id
        where a.active and b.active and a.during && b.during`,
    )) as unknown as { rows: { n: number }[] }
    expect(overlapping.rows[0]?.n).toBe(0)
  })

  it('are priced exactly as createBooking prices them', () => {
    for (const b of data.bookingRows) {
      const center = data.centers.get(b.centerId)
      const organization = data.organizations.get(b.organizationId)
      const client = data.clients.get(b.clientId)
      if (!center || !organization || !client) throw new Error(`booking ${b.id} without its parents`)
      const rates: RoomRates = {}
      for (const r of data.rates.get(b.spaceId) ?? []) rates[r.unit as RateUnit] = toCents(r.amount)
      const voucher = b.voucherId ? data.vouchers.get(b.voucherId) : undefined
      const booked = data.amenities.get(b.id) ?? []
      const offered = data.spaceAmenities.filter((a) => a.spaceId === b.spaceId)
      const tax = bookingTax(center, organization)
      const price = priceBookingTerms(
        {
          rates,
          packageRate: b.packageRate,
          client,
          voucher: voucher ?? null,
          amenities: booked.map((a) => {
            const offer = offered.find((o) => o.amenityId === a.amenityId)
            return {
              amenityId: a.amenityId,
              name: a.name,
              chargeType: offer?.chargeType ?? '',
              amount: offer?.amount ?? '',
            }
          }),
          tax,
        },
        {
          durationMinutes: b.durationMinutes,
          attendees: b.attendees,
          gratisAvailableMinutes: b.gratisMinutes,
          roomAmountOverride: b.roomRateModified ? toCents(b.roomAmount) : null,
        },
      )
      const message = `booking ${b.id}`
      expect(
        {
          gratis: b.gratisMinutes,
          original: b.originalAmount,
          room: b.roomAmount,
          unit: b.roomUnitAmount,
          rateUnit: b.roomRateUnit,
          internal: b.internalDiscount,
          afterDiscount: b.roomAmountAfterDiscount,
          voucher: b.voucherDiscount,
          additional: b.additionalDiscountAmount,
          rateLevel: b.rateLevel,
          ratePercentage: b.ratePercentage,
          additionalRate: b.additionalDiscountRate,
          taxLabel: b.taxLabel,
          taxPercentage: b.taxPercentage,
          amenities: booked.map((a) => [a.type, a.quantity, a.unitAmount, a.totalAmount]),
          currency: b.currency,
          prefix: b.bookingPrefix,
        },
        message,
      ).toEqual({
        gratis: price.gratisMinutes,
        original: centsToDecimal(price.originalAmount),
        room: centsToDecimal(price.roomAmount),
        unit: centsToDecimal(price.roomUnitAmount),
        rateUnit: price.rateUnit,
        internal: centsToDecimal(price.internalDiscountAmount),
        afterDiscount: centsToDecimal(price.roomAmountAfterDiscount),
        voucher: centsToDecimal(price.voucherDiscount),
        additional: centsToDecimal(price.additionalDiscountAmount),
        rateLevel: price.rateLevel,
        ratePercentage: client.internalPercentDiscountRate,
        additionalRate: client.additionalDiscountRate,
        taxLabel: tax.label,
        taxPercentage: centsToDecimal(tax.percent),
        amenities: price.amenities.map((a) => [
          a.type,
          a.quantity.toFixed(2),
          centsToDecimal(a.unitAmount),
          centsToDecimal(a.totalAmount),
        ]),
        currency: organization.currencyCode,
        prefix: organization.bookingPrefix,
      })
      if (b.roomRateModified) expect(b.rateModifiedBy, message).not.toBeNull()
      if (voucher)
        expect([b.voucherCode, b.voucherType, b.voucherValue]).toEqual([
          voucher.code,
          voucher.type,
          voucher.value,
        ])
    }
  })

  it('keep sub_total, tax and net_amount equal to bookingTotals of their refunds and charges', () => {
    for (const b of data.bookingRows) {
      const { totals } = ledgerOf(b)
      expect([b.partialRoomAmountRefund, b.subTotal, b.taxAmount, b.netAmount], `booking ${b.id}`).toEqual([
        centsToDecimal(totals.roomRefundsTotal),
        centsToDecimal(totals.subTotal),
        centsToDecimal(totals.taxAmount),
        centsToDecimal(totals.netAmount),
      ])
    }
  })

  it('log gratis minutes per client and month as the bookings used them, never above the allowance net of refunds', () => {
    const used = new Map<string, { used: number; refunded: number }>()
    for (const b of data.bookingRows) {
      if (b.gratisMinutes === 0) continue
      const key = `${b.clientId}|${localDate(b).slice(0, 7)}`
      const entry = used.get(key) ?? { used: 0, refunded: 0 }
      entry.used += b.gratisMinutes
      entry.refunded += b.refundedGratisMinutes
      used.set(key, entry)
    }
    expect(used.size).toBeGreaterThan(0)
    const logged = new Map(
      data.gratis.map((g) => [
        `${g.clientId}|${g.usedMonth}`,
        { used: g.usedMinutes, refunded: g.refundedMinutes },
      ]),
    )
    expect(logged).toEqual(used)
    for (const g of data.gratis) {
      const allowance = data.clients.get(g.clientId)?.totalMinutes ?? 0
      // As createBooking counts a month (gratisUsedInMonth): cancelled bookings give their minutes back.
      expect(g.usedMinutes - g.refundedMinutes, `client ${g.clientId} in ${g.usedMonth}`).toBeLessThanOrEqual(
        allowance,
      )
      expect(g.refundedMinutes).toBeLessThanOrEqual(g.usedMinutes)
    }
  })

  it('hold every line kind of the billing math, both payment methods and every status', () => {
    const all = data.bookingRows
    const some = (label: string, test: (b: Booking) => boolean) =>
      expect(all.filter(test).length, label).toBeGreaterThan(0)
    const amenityTypes = new Set([...data.amenities.values()].flat().map((a) => a.type))
    const chargeTypes = new Set([...data.charges.values()].flat().map((c) => c.chargeType))
    some('gratis minutes', (b) => b.gratisMinutes > 0)
    some('refunded gratis minutes', (b) => b.refundedGratisMinutes > 0)
    some('internal discount', (b) => toCents(b.internalDiscount) > 0 && b.rateLevel === 'internal')
    some('percent voucher', (b) => b.voucherType === 'percent' && toCents(b.voucherDiscount) > 0)
    some('fixed voucher', (b) => b.voucherType === 'fixed' && toCents(b.voucherDiscount) > 0)
    some('additional discount', (b) => toCents(b.additionalDiscountAmount) > 0)
    expect([...amenityTypes].sort()).toEqual(['attendee', 'flat', 'hour'])
    some('fixed package', (b) => b.packageId !== null && b.packageName === 'Lunch and Learn')
    some(
      'duration package',
      (b) => b.packageId !== null && b.roomRateUnit === 'package' && b.packageName !== 'Lunch and Learn',
    )
    some(
      'amended room amount',
      (b) => b.roomRateModified && b.rateModifiedBy !== null && b.roomAmount !== b.originalAmount,
    )
    some(
      'partial room refund',
      (b) => (data.roomRefunds.get(b.id) ?? []).length > 0 && toCents(b.partialRoomAmountRefund) > 0,
    )
    expect([...data.amenityRefunds.values()].flat().length).toBeGreaterThan(0)
    expect([...chargeTypes].sort()).toEqual(['amenities', 'room'])
    expect([...data.chargeRefunds.values()].flat().length).toBeGreaterThan(0)
    some('tax', (b) => toCents(b.taxAmount) > 0)
    some('card', (b) => b.paymentStatus === 'card' && b.transactionId.startsWith('ch_') && b.isPaid)
    some('paid invoice', (b) => b.paymentStatus === 'invoice' && b.isPaid)
    some('unpaid invoice', (b) => b.paymentStatus === 'invoice' && !b.isPaid)
    expect(
      all.filter((b) => b.paymentStatus === 'card').every((b) => b.transactionId !== '' && b.isPaid),
    ).toBe(true)
    expect(all.filter((b) => b.paymentStatus === 'invoice').every((b) => b.transactionId === '')).toBe(true)
    some('confirmed', (b) => b.status === 'confirmed' && b.bookingConfirmAt !== null)
    some('cancelled', (b) => b.status === 'cancelled' && b.cancelledAt !== null)
    expect(all.filter((b) => b.status === 'cancelled').every((b) => b.cancelledAt !== null)).toBe(true)
    expect(all.filter((b) => b.status !== 'cancelled').every((b) => b.cancelledAt === null)).toBe(true)
    some('rescheduled', (b) => b.rescheduled && (data.reschedules.get(b.id) ?? []).length > 0)
    for (const b of all) expect(b.rescheduled).toBe((data.reschedules.get(b.id) ?? []).length > 0)
    expect(new Set(data.logs.map((l) => l.status))).toEqual(new Set(['success', 'failed', 'pending', 'sent']))
    for (const b of all) expect(b.createdAt.getTime()).toBeLessThanOrEqual(now.getTime())
  })

  it('are tentative only where the organization screens bookings, and then mostly in the future', () => {
    const tentative = data.bookingRows.filter((b) => b.status === 'tentative')
    expect(tentative.length).toBeGreaterThan(0)
    for (const b of tentative) {
      expect(data.organizations.get(b.organizationId)?.features.user_screen_booking).toBe(true)
      expect(b.bookingConfirmAt).toBeNull()
    }
    const future = tentative.filter((b) => b.startTime > now)
    expect(future.length / tentative.length).toBeGreaterThan(0.5)
  })

  it('include weekly series sharing a recurring id: the same space and wall-clock time, a week apart', () => {
    const withSeries = data.series.filter((s) => data.bookingRows.some((b) => b.recurringId === s.id))
    expect(withSeries.length).toBeGreaterThanOrEqual(2)
    for (const series of withSeries) {
      expect(series.frequency).toBe('weekly')
      const members = data.bookingRows.filter((b) => b.recurringId === series.id)
      expect(members.length).toBeGreaterThanOrEqual(2)
      const first = members[0] as Booking
      const times = new Set(
        members.map(
          (b) => `${wallClock(b.startTime, zoneOf(b)).time}-${wallClock(b.endTime, zoneOf(b)).time}`,
        ),
      )
      expect(times.size).toBe(1)
      for (const b of members) {
        expect([b.spaceId, b.clientId, b.organizationId]).toEqual([
          first.spaceId,
          first.clientId,
          first.organizationId,
        ])
        const days = (Date.parse(localDate(b)) - Date.parse(localDate(first))) / 86_400_000
        expect(days % 7).toBe(0)
      }
    }
  })

  it('has a showcase booking for Harbour Workspaces with every line kind, as hand-computed in the seed', async () => {
    const showcase = data.bookingRows.filter((b) => b.notes.startsWith(SHOWCASE_NOTES))
    expect(showcase).toHaveLength(1)
    const b = showcase[0] as Booking
    const zone = zoneOf(b)
    const today = wallClock(now, zone).date
    const date = localDate(b)
    expect(date >= addDays(today, SHOWCASE_DAYS_AHEAD - 1)).toBe(true)
    expect(date <= addDays(today, SHOWCASE_DAYS_AHEAD + 6)).toBe(true)
    const admin = await t.signIn(logins.harbourAdmin)
    const view = (await t.api(admin, 'GET', `/api/userbooking/${b.id}`)).json()
    expect(view).toMatchObject({
      organizationName: 'Harbour Workspaces',
      clientName: 'Acme Consulting',
      meetingName: 'Harbour Room A',
      centerName: 'Circular Quay',
      start_wall: '10:00',
      end_wall: '13:00',
      attendees: 6,
      status: 'confirmed',
      payment_method: 'Invoice',
      is_paid: 0,
      gratis_minutes: 120,
      room_amount: '45.00',
      internalDiscount: '4.50',
      room_amount_after_discount: '40.50',
      voucher_code: 'WELCOME10',
      voucher_type: 'percent',
      voucher_discount: '4.05',
      additional_discount_amount: '1.82',
      partial_room_amount_refund: '10.00',
      sub_total: '182.13',
      tax_label: 'GST',
      tax_percentage: '10.00',
      tax_amount: '18.21',
      net_amount: '200.34',
    })
    expect(
      view.bookedAmenities
        .map((a: { type: string; total_amount: string; refunded_amount: string }) => [
          a.type,
          a.total_amount,
          a.refunded_amount,
        ])
        .sort(),
    ).toEqual([
      ['attendee', '75.00', '12.50'],
      ['flat', '25.00', '0.00'],
      ['hour', '30.00', '0.00'],
    ])
    expect(
      view.additionalCharges.map(
        (c: { charge_type: string; amount: string; additionalChargeRefunds: { amount: string }[] }) => [
          c.charge_type,
          c.amount,
          c.additionalChargeRefunds.map((r) => r.amount),
        ],
      ),
    ).toEqual([
      ['room', '30.00', []],
      ['amenities', '15.00', ['5.00']],
    ])
    const logs = (await t.api(admin, 'GET', `/api/userbooking/${b.id}/workflow-logs`)).json()
    expect(new Set(logs.map((l: { status: string }) => l.status))).toEqual(
      new Set(['success', 'failed', 'pending']),
    )
  })
})
