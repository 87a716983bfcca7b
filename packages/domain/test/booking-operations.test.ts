import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  amenityRefundable,
  cancellationRefund,
  chargeRefundable,
  daysLeft,
  matchCancelRule,
  type RescheduleInput,
  rescheduleAmounts,
  rescheduleMode,
  roomRefundable,
  shorteningRefundable,
  splitShorteningRefund,
} from '../src/bookings/operations.ts'
import { bookingConfirmationFixture } from './fixtures/booking-confirmation.ts'

const rules = [
  { id: 1, min_day: 0, max_day: 1, max_attendee: 20, refundPercent: 0 },
  { id: 2, min_day: 2, max_day: 7, max_attendee: 20, refundPercent: 5000 },
  { id: 3, min_day: 2, max_day: 7, max_attendee: 100, refundPercent: 2500 },
  { id: 4, min_day: 8, max_day: 365, max_attendee: 100, refundPercent: 10000 },
]

describe('cancellation', () => {
  it('matches days left and attendees, the tightest attendee bound first', () => {
    expect(matchCancelRule(rules, 3, 10)?.id).toBe(2)
    expect(matchCancelRule(rules, 3, 50)?.id).toBe(3)
    expect(matchCancelRule(rules, 0, 5)?.id).toBe(1)
    expect(matchCancelRule(rules, 400, 5)).toBeNull()
    expect(matchCancelRule(rules, 3, 500)).toBeNull()
  })
  it('counts whole days left and refunds net × percent to the cent', () => {
    const now = Date.UTC(2026, 0, 1, 12)
    expect(daysLeft(now + 2.5 * 86_400_000, now)).toBe(2)
    expect(daysLeft(now - 1000, now)).toBe(0)
    expect(cancellationRefund(15782, 5000)).toBe(7891)
    expect(cancellationRefund(15783, 3333)).toBe(5260) // 52.604739 → 52.60
  })
})

const base: RescheduleInput = {
  oldMinutes: 120,
  newMinutes: 120,
  rates: { hour: 4500, halfday: 16000 },
  gratisMinutes: 0,
  refundedGratisMinutes: 0,
  clientGratisAvailable: 0,
  internalDiscount: 0,
  additionalDiscount: 0,
  roomRefundable: 9000,
  hourlyAmenities: [],
}

describe('reschedule amounts (spec 2 §9)', () => {
  it('derives the mode from the new duration', () => {
    expect(rescheduleMode(120, 120)).toBe('same')
    expect(rescheduleMode(120, 180)).toBe('CHARGE')
    expect(rescheduleMode(120, 60)).toBe('REFUND')
  })
  it('charges the cost difference after gratis minutes and both discounts', () => {
    // 2 h → 3 h, 30 gratis minutes left: 2.5 h chargeable = 112.50, was 90.00 → 22.50;
    // 10 % internal → 20.25; 5 % additional → 19.24 (20.25 − 1.0125 → 1.01).
    const charge = rescheduleAmounts({
      ...base,
      newMinutes: 180,
      clientGratisAvailable: 30,
      internalDiscount: 1000,
      additionalDiscount: 500,
      hourlyAmenities: [{ id: 7, unitAmount: 1000, refundable: 2000 }],
    })
    expect(charge).toMatchObject({ mode: 'CHARGE', gratisMinutes: 30, roomAmount: 1924 })
    expect(charge.amenities).toEqual([{ id: 7, amount: 1000 }])
  })
  it('crosses into a half-day block on extension', () => {
    // 2 h → 4 h: 160.00 half day − 90.00 = 70.00
    expect(rescheduleAmounts({ ...base, newMinutes: 240 }).roomAmount).toBe(7000)
  })
  it('gives back unrefunded gratis minutes first on a refund, capped at what is left of the room', () => {
    // 3 h with 60 gratis: 2 h paid 90.00. Shorten by 90 min: 60 gratis back, 30 paid minutes → 22.50.
    const refund = rescheduleAmounts({ ...base, oldMinutes: 180, newMinutes: 90, gratisMinutes: 60 })
    expect(refund).toMatchObject({ mode: 'REFUND', gratisMinutes: 60, roomAmount: 2250 })
    const capped = rescheduleAmounts({ ...base, oldMinutes: 180, newMinutes: 60, roomRefundable: 1000 })
    expect(capped.roomAmount).toBe(1000)
  })
  it('never refunds more than is left, never charges a negative amount, and the same duration moves no money', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 48 }),
        fc.integer({ min: 1, max: 48 }),
        fc.integer({ min: 0, max: 48 }),
        fc.integer({ min: 0, max: 10_000_00 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (oldQ, newQ, gratisQ, refundable, internal, additional) => {
          const oldMinutes = oldQ * 15
          const gratisMinutes = Math.min(oldMinutes, gratisQ * 15)
          const r = rescheduleAmounts({
            ...base,
            oldMinutes,
            newMinutes: newQ * 15,
            gratisMinutes,
            clientGratisAvailable: gratisQ * 15,
            internalDiscount: internal,
            additionalDiscount: additional,
            roomRefundable: refundable,
            hourlyAmenities: [{ id: 1, unitAmount: 999, refundable: 500 }],
          })
          expect(r.roomAmount).toBeGreaterThanOrEqual(0)
          if (r.mode === 'REFUND') {
            expect(r.roomAmount).toBeLessThanOrEqual(refundable)
            expect(r.gratisMinutes).toBeLessThanOrEqual(gratisMinutes)
            expect(r.amenities.every((a) => a.amount <= 500)).toBe(true)
          }
          if (r.mode === 'same') expect(r.roomAmount).toBe(0)
        },
      ),
    )
  })
})

describe('what is left to refund (spec 2 §5 partial refund)', () => {
  it('gives the room after its discounts less its refunds, each amenity and each charge less theirs', () => {
    const booking = bookingConfirmationFixture()
    // 126.00 − 12.60 − 5.67 = 107.73 paid for the room, 7.73 already refunded.
    expect(roomRefundable(booking)).toBe(10_000)
    expect(booking.bookedAmenities.map(amenityRefundable)).toEqual([2250, 2000])
    expect(booking.additionalCharges.map(chargeRefundable)).toEqual([2000])
  })
  it('never goes below 0', () => {
    const booking = bookingConfirmationFixture({
      voucher_discount: '200.00',
      partial_room_amount_refund: '0.00',
    })
    expect(roomRefundable(booking)).toBe(0)
    expect(
      chargeRefundable({ amount: '5.00', additionalChargeRefunds: [{ amount: '6.00', reason: '' }] }),
    ).toBe(0)
  })
})

describe('shortening after an extension (issue 15 item 8)', () => {
  const booking = {
    room_amount_after_discount: '76.50',
    voucher_discount: '0.00',
    additional_discount_amount: '0.00',
    partial_room_amount_refund: '0.00',
    additionalCharges: [
      {
        id: 4,
        charge_type: 'room' as const,
        chargedAmenityName: '',
        chargedRoomType: 'Meeting Room',
        amount: '76.50',
        reason: '',
        minutes: null,
        additionalChargeRefunds: [],
      },
      {
        id: 7,
        charge_type: 'room' as const,
        chargedAmenityName: '',
        chargedRoomType: 'Meeting Room',
        amount: '20.00',
        reason: '',
        minutes: null,
        additionalChargeRefunds: [{ amount: '5.00', reason: '' }],
      },
      {
        id: 9,
        charge_type: 'amenities' as const,
        chargedAmenityName: 'Coffee',
        chargedRoomType: '',
        amount: '10.00',
        reason: '',
        minutes: null,
        additionalChargeRefunds: [],
      },
    ],
  }

  it('may refund what is left of the room and of its room charges, not amenity charges', () => {
    expect(shorteningRefundable(booking)).toEqual({
      room: 7650,
      charges: [
        { id: 7, refundable: 1500 },
        { id: 4, refundable: 7650 },
      ],
      total: 16800,
    })
  })

  it('splits a refund: the room first, then the room charges, latest first', () => {
    const refundable = shorteningRefundable(booking)
    expect(splitShorteningRefund(5000, refundable)).toEqual({ room: 5000, charges: [] })
    expect(splitShorteningRefund(11475, refundable)).toEqual({
      room: 7650,
      charges: [
        { id: 7, amount: 1500 },
        { id: 4, amount: 2325 },
      ],
    })
    expect(splitShorteningRefund(16800, refundable).charges.reduce((s, c) => s + c.amount, 0)).toBe(9150)
  })
})
