import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  bookableWindow,
  bookingCreateSchema,
  bookingTotals,
  describeMinutes,
  minutesOfDay,
  missingPreparationMinutes,
  occurrenceDates,
  type PriceInput,
  percentOf,
  priceBooking,
  proportion,
  rateDurationRule,
  roomCharge,
  type SpaceForBooking,
  slotProblems,
  timeOfDay,
  toBasisPoints,
  wallClock,
  zonedInstant,
} from '../src/index.ts'

const base: PriceInput = {
  durationMinutes: 120,
  attendees: 4,
  rates: { hour: 5000, halfday: 18000, day: 32000 },
  gratisAvailableMinutes: 0,
  internalDiscount: 0,
  additionalDiscount: 0,
  amenities: [],
  tax: 0,
}

describe('rounding', () => {
  it('rounds half up to the cent, exactly for large amounts', () => {
    expect(percentOf(1005, 1000)).toBe(101) // 10 % of 10.05 = 1.005 → 1.01
    expect(percentOf(1004, 1000)).toBe(100)
    expect(proportion(3333, 75, 60)).toBe(4166) // 33.33 for 1 h 15 → 41.6625
    expect(percentOf(99_999_999_999, 9999)).toBe(99_989_999_999) // no float overflow
    expect(toBasisPoints('12.5')).toBe(1250)
    expect(toBasisPoints(null)).toBe(0)
  })
})

describe('room charge (spec 2 §9)', () => {
  const rates = { hour: 5000, halfday: 18000, day: 32000 }
  it('charges hourly under 4 hours, half-day blocks plus hours from 4, the day rate from 8', () => {
    expect(roomCharge(rates, 90).amount).toBe(7500)
    expect(roomCharge(rates, 240)).toMatchObject({ amount: 18000, unit: 'halfday', halfDays: 1 })
    expect(roomCharge(rates, 330).amount).toBe(18000 + 7500)
    expect(roomCharge(rates, 480)).toMatchObject({ amount: 32000, unit: 'day' })
    expect(roomCharge(rates, 600).amount).toBe(32000 + 10000)
    expect(roomCharge(rates, 720).amount).toBe(32000 + 18000)
  })
  it('uses hourly blocks when there is no half-day rate, and no day rate when there is none', () => {
    expect(roomCharge({ hour: 5000 }, 540).amount).toBe(45000)
    expect(roomCharge({ hour: 5000, halfday: 18000 }, 540).amount).toBe(36000 + 5000)
  })
  it('refuses durations the rates cannot price', () => {
    expect(rateDurationRule({ day: 32000 }, 420)).toBe('onlyFullDay')
    expect(rateDurationRule({ day: 32000 }, 480)).toBeNull()
    expect(rateDurationRule({ halfday: 18000 }, 300)).toBe('halfDayDenominators')
    expect(rateDurationRule({ halfday: 18000, day: 32000 }, 480)).toBeNull()
    expect(rateDurationRule({ hour: 1000 }, 45)).toBeNull()
  })
  it('is monotonic in duration for hourly rates', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 96 }),
        fc.integer({ min: 0, max: 96 }),
        (hour, a, b) => {
          const [short, long] = a <= b ? [a * 15, b * 15] : [b * 15, a * 15]
          return roomCharge({ hour }, short).amount <= roomCharge({ hour }, long).amount
        },
      ),
    )
  })
})

describe('priceBooking', () => {
  it('prices a booking with every line by hand', () => {
    // 5 h at 50/h, 180/half-day; 60 gratis minutes → 4 h charged = 180.00
    const price = priceBooking({
      ...base,
      durationMinutes: 300,
      gratisAvailableMinutes: 60,
      internalDiscount: 1000, // 10 % → 18.00
      voucher: { code: 'SAVE25', type: 'fixed', value: 2500 }, // 25.00
      additionalDiscount: 500, // 5 % of 137.00 = 6.85
      amenities: [
        { amenityId: 1, name: 'Projector', type: 'flat', unitAmount: 3000 },
        { amenityId: 2, name: 'Coffee', type: 'attendee', unitAmount: 450 },
        { amenityId: 3, name: 'Video', type: 'hour', unitAmount: 1000 },
      ],
      tax: 1000,
    })
    expect(price).toMatchObject({
      gratisMinutes: 60,
      chargeableMinutes: 240,
      originalAmount: 18000,
      roomAmount: 18000,
      roomUnitAmount: 4500,
      rateLevel: 'internal',
      internalDiscountAmount: 1800,
      roomAmountAfterDiscount: 16200,
      voucherDiscount: 2500,
      additionalDiscountAmount: 685,
      roomSubTotal: 13015,
      amenitiesTotal: 3000 + 1800 + 5000,
      subTotal: 22815,
      taxAmount: 2282, // 2281.5 rounds up
      netAmount: 25097,
    })
  })
  it('prices a package per attendee without gratis minutes', () => {
    const price = priceBooking({ ...base, packageRate: 4500, attendees: 12, gratisAvailableMinutes: 600 })
    expect(price).toMatchObject({
      gratisMinutes: 0,
      roomAmount: 54000,
      roomUnitAmount: 4500,
      rateUnit: 'package',
    })
  })
  it('keeps the rate table amount as the original when staff amend it', () => {
    const price = priceBooking({ ...base, roomAmountOverride: 7000 })
    expect(price).toMatchObject({ originalAmount: 10000, roomAmount: 7000, roomRateModified: true })
  })
  it('never lets a voucher take the subtotal below 0', () => {
    const price = priceBooking({ ...base, voucher: { code: 'BIG', type: 'fixed', value: 1_000_000 } })
    expect(price.voucherDiscount).toBe(10000)
    expect(price.roomSubTotal).toBe(0)
  })

  const arbitraryInput = fc.record({
    durationMinutes: fc.integer({ min: 1, max: 96 }).map((q) => q * 15),
    attendees: fc.integer({ min: 1, max: 500 }),
    rates: fc.record(
      {
        hour: fc.integer({ min: 0, max: 100_000_00 }),
        halfday: fc.integer({ min: 0, max: 100_000_00 }),
        day: fc.integer({ min: 0, max: 100_000_00 }),
      },
      { requiredKeys: [] },
    ),
    packageRate: fc.option(fc.integer({ min: 0, max: 10_000_00 }), { nil: null }),
    gratisAvailableMinutes: fc.integer({ min: 0, max: 200 }).map((q) => q * 15),
    roomAmountOverride: fc.option(fc.integer({ min: 0, max: 100_000_00 }), { nil: null }),
    internalDiscount: fc.integer({ min: 0, max: 10_000 }),
    voucher: fc.option(
      fc.oneof(
        fc.record({
          code: fc.constant('P'),
          type: fc.constant('percent' as const),
          value: fc.integer({ min: 1, max: 10_000 }),
        }),
        fc.record({
          code: fc.constant('F'),
          type: fc.constant('fixed' as const),
          value: fc.integer({ min: 1, max: 100_000_00 }),
        }),
      ),
      { nil: null },
    ),
    additionalDiscount: fc.integer({ min: 0, max: 10_000 }),
    amenities: fc.array(
      fc.record({
        amenityId: fc.nat(),
        name: fc.constant('A'),
        type: fc.constantFrom('hour' as const, 'attendee' as const, 'flat' as const),
        unitAmount: fc.integer({ min: 0, max: 1_000_00 }),
      }),
      { maxLength: 5 },
    ),
    tax: fc.integer({ min: 0, max: 9900 }),
  })

  it('is never negative, gratis never exceeds the allowance, the total is the sum of its lines', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const p = priceBooking(input)
        const lines = [
          p.roomAmount,
          p.internalDiscountAmount,
          p.voucherDiscount,
          p.additionalDiscountAmount,
          p.roomSubTotal,
          p.amenitiesTotal,
          p.subTotal,
          p.taxAmount,
          p.netAmount,
        ]
        expect(lines.every((v) => Number.isInteger(v) && v >= 0)).toBe(true)
        expect(p.gratisMinutes).toBeLessThanOrEqual(input.gratisAvailableMinutes)
        expect(p.gratisMinutes).toBeLessThanOrEqual(input.durationMinutes)
        expect(p.roomSubTotal).toBe(
          Math.max(
            0,
            p.roomAmount - p.internalDiscountAmount - p.voucherDiscount - p.additionalDiscountAmount,
          ),
        )
        expect(p.amenitiesTotal).toBe(p.amenities.reduce((s, a) => s + a.totalAmount, 0))
        expect(p.subTotal).toBe(p.roomSubTotal + p.amenitiesTotal)
        expect(p.netAmount).toBe(p.subTotal + p.taxAmount)
      }),
    )
  })

  it('charges less (or the same) with more gratis minutes', () => {
    fc.assert(
      fc.property(arbitraryInput, fc.integer({ min: 0, max: 8 }), (input, extra) => {
        const hourly = {
          ...input,
          rates: { hour: input.rates.hour ?? 1000 },
          packageRate: null,
          roomAmountOverride: null,
        }
        const less = priceBooking(hourly)
        const more = priceBooking({
          ...hourly,
          gratisAvailableMinutes: hourly.gratisAvailableMinutes + extra * 15,
        })
        return more.roomAmount <= less.roomAmount
      }),
    )
  })
})

describe('bookingTotals', () => {
  it('subtracts refunds, adds charges and amenities, taxes the subtotal', () => {
    const totals = bookingTotals({
      roomSubTotal: 13015,
      roomRefunds: [1000],
      amenities: [{ totalAmount: 3000, refunds: [500] }],
      additionalCharges: [{ amount: 2000, refunds: [250] }],
      tax: 1000,
    })
    expect(totals).toMatchObject({ subTotal: 13015 - 1000 + 3000 - 500 + 2000 - 250, taxAmount: 1627 })
    expect(totals.netAmount).toBe(totals.subTotal + totals.taxAmount)
  })
})

describe('time zones', () => {
  it('finds the instant of a wall-clock time across daylight saving changes', () => {
    // Sydney springs forward on 2026-10-04 at 02:00 → 03:00 (+10 → +11).
    expect(zonedInstant('2026-10-04', '01:30', 'Australia/Sydney')?.toISOString()).toBe(
      '2026-10-03T15:30:00.000Z',
    )
    expect(zonedInstant('2026-10-04', '02:30', 'Australia/Sydney')).toBeNull()
    expect(zonedInstant('2026-10-04', '10:00', 'Australia/Sydney')?.toISOString()).toBe(
      '2026-10-03T23:00:00.000Z',
    )
    // Denver falls back on 2026-11-01 at 02:00 → 01:00: 01:30 happens twice, the first is taken.
    expect(zonedInstant('2026-11-01', '01:30', 'America/Denver')?.toISOString()).toBe(
      '2026-11-01T07:30:00.000Z',
    )
    expect(wallClock(new Date('2026-11-01T08:30:00Z'), 'America/Denver')).toEqual({
      date: '2026-11-01',
      time: '01:30',
    })
  })
  it('round-trips every quarter hour of a year in four zones', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 365 * 96 }),
        fc.constantFrom('Australia/Sydney', 'America/Denver', 'Europe/London', 'Asia/Singapore'),
        (quarter, zone) => {
          const instant = new Date(Date.UTC(2026, 0, 1) + quarter * 15 * 60_000)
          const { date, time } = wallClock(instant, zone)
          const back = zonedInstant(date, time, zone)
          // A fall-back hour maps to its first occurrence; everything else maps back exactly.
          return (
            back !== null &&
            (back.getTime() === instant.getTime() || back.getTime() === instant.getTime() - 3_600_000)
          )
        },
      ),
    )
  })
})

describe('slot rules', () => {
  const space: SpaceForBooking = {
    isActive: true,
    capacity: 10,
    minimumDurationMinutes: 60,
    maximumDurationMinutes: 480,
    startTime: '08:00',
    endTime: '20:00',
    preMakeupMinutes: 15,
    postMakeupMinutes: 15,
    rates: { hour: 5000 },
    blackoutPeriods: [{ startDate: '2026-12-24', endDate: '2026-12-26' }],
  }
  type SlotCheck = Parameters<typeof slotProblems>[0]
  const check = (over: Partial<Omit<SlotCheck, 'slot'>> & { slot?: Partial<SlotCheck['slot']> }) =>
    slotProblems({
      space,
      center: { openTime: '09:00', closeTime: '18:00', openAfterHours: false },
      organizationBlackoutPeriods: [],
      minimumNoticeDays: 0,
      minutesUntilStart: 10_000,
      durationMinutes: 120,
      ...over,
      slot: { date: '2026-12-01', startTime: '10:00', endTime: '12:00', attendees: 4, ...over.slot },
    }).map((p) => p.message)

  it('accepts a fine slot', () => expect(check({})).toEqual([]))
  it('gives the spec messages for duration and rates', () => {
    expect(check({ durationMinutes: 45, slot: { endTime: '10:45' } })).toEqual([
      'There is a min duration of 1 hours 0 minutes required for this room.',
    ])
    expect(check({ space: { ...space, rates: { day: 1 } } })).toContain('You can only book for full day.')
    expect(
      check({ space: { ...space, rates: { halfday: 1 } }, durationMinutes: 300, slot: { endTime: '15:00' } }),
    ).toContain('You can book this room only in 4 hours denominators.')
    expect(check({ slot: { endTime: '10:00' } })).toEqual(['Invalid time range.'])
  })
  it('refuses hours, blackouts, notice, capacity and steps', () => {
    expect(check({ slot: { startTime: '08:00' }, durationMinutes: 240 })).toEqual([
      'This location is open from 09:00 AM to 06:00 PM.',
    ])
    expect(check({ slot: { date: '2026-12-25' } })).toEqual([
      'This space takes no bookings on this date (blackout period).',
    ])
    expect(check({ minimumNoticeDays: 10 })).toEqual(['Bookings need at least 10 days notice.'])
    expect(check({ minutesUntilStart: -5 })).toEqual(['This time has already passed.'])
    expect(check({ slot: { attendees: 11 } })).toEqual(['This space seats at most 10 attendees.'])
    expect(check({ slot: { startTime: '10:10' }, durationMinutes: 110 })).toEqual([
      'Start and end times must be on 15 minute steps.',
    ])
  })
  it('checks a package by its type', () => {
    const fixed = {
      type: 'fixed' as const,
      minAttendees: 5,
      startTime: '09:00',
      endTime: '17:00',
      durationMinutes: null,
    }
    expect(check({ package: fixed })).toEqual([
      'This package deal needs at least 5 attendees.',
      'This package deal is booked from 09:00 AM to 05:00 PM.',
    ])
  })
  it('measures missing preparation time around neighbours', () => {
    const at = (h: number, m = 0) => Date.UTC(2026, 0, 1, h, m)
    const slot = { start: at(10), end: at(12) }
    expect(missingPreparationMinutes(slot, [{ start: at(8), end: at(9, 45) }], 15, 15)).toBe(15)
    expect(missingPreparationMinutes(slot, [{ start: at(12, 30), end: at(13) }], 15, 15)).toBe(0)
    expect(describeMinutes(90)).toBe('1 hour 30 minutes')
  })
})

describe('bookable window', () => {
  const location = { openTime: '09:00', closeTime: '20:00', openAfterHours: false }
  it("is the space's own window cut to its location's hours", () => {
    expect(bookableWindow({ startTime: '07:00', endTime: '21:00' }, location)).toEqual({
      opens: '09:00',
      closes: '20:00',
    })
    expect(bookableWindow({ startTime: '10:00', endTime: '18:00' }, location)).toEqual({
      opens: '10:00',
      closes: '18:00',
    })
    expect(
      bookableWindow({ startTime: '07:00', endTime: '21:00' }, { ...location, openAfterHours: true }),
    ).toEqual({ opens: '07:00', closes: '21:00' })
    // A window to midnight is stored 00:00; the two not meeting leaves nothing bookable.
    expect(
      bookableWindow({ startTime: '00:00', endTime: '00:00' }, { ...location, openAfterHours: true }),
    ).toEqual({ opens: '00:00', closes: '24:00' })
    expect(bookableWindow({ startTime: '06:00', endTime: '08:00' }, location)).toBeNull()
  })
  const windowProblems = (
    slot: { startTime: string; endTime: string },
    own: { startTime: string; endTime: string },
    center: typeof location,
  ) =>
    slotProblems({
      slot: { date: '2026-12-01', attendees: 1, ...slot },
      space: {
        isActive: true,
        capacity: 10,
        minimumDurationMinutes: 0,
        maximumDurationMinutes: 24 * 60,
        preMakeupMinutes: 0,
        postMakeupMinutes: 0,
        rates: { hour: 100 },
        blackoutPeriods: [],
        ...own,
      },
      center,
      organizationBlackoutPeriods: [],
      minimumNoticeDays: 0,
      minutesUntilStart: 10_000,
      durationMinutes: minutesOfDay(slot.endTime) - minutesOfDay(slot.startTime),
    })
      .filter((p) => p.field === 'start_time')
      .map((p) => p.message)
  it('is exactly what the slot check refuses as outside the hours, naming the limit broken', () => {
    // Two quarter hours of a day, the earlier first.
    const stretch = fc
      .tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 0, max: 95 }))
      .filter(([a, b]) => a !== b)
      .map(([a, b]) => [timeOfDay(Math.min(a, b) * 15), timeOfDay(Math.max(a, b) * 15)] as const)
    fc.assert(
      fc.property(stretch, stretch, fc.boolean(), ([startTime, endTime], [from, to], openAfterHours) => {
        const own = { startTime, endTime }
        const center = { ...location, openAfterHours }
        const window = bookableWindow(own, center)
        const inside = window !== null && from >= window.opens && to <= window.closes
        expect(windowProblems({ startTime: from, endTime: to }, own, center)).toHaveLength(inside ? 0 : 1)
      }),
    )
    const own = { startTime: '07:00', endTime: '21:00' }
    const check = (startTime: string, endTime: string) =>
      windowProblems({ startTime, endTime }, own, location)
    expect(check('07:00', '08:00')).toEqual(['This location is open from 09:00 AM to 08:00 PM.'])
    expect(check('06:00', '07:00')).toEqual(['This space can be booked from 07:00 AM to 09:00 PM.'])
    expect(check('09:00', '10:00')).toEqual([])
  })
})

describe('recurring series', () => {
  it('counts each date from the first, so months never drift', () => {
    expect(occurrenceDates('2026-01-31', { frequency: 'monthly', occurrences: 3 })).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ])
    expect(occurrenceDates('2026-03-02', { frequency: 'weekly', until_date: '2026-03-23' })).toHaveLength(4)
  })
  it('needs exactly one end of the series', () => {
    const result = bookingCreateSchema.safeParse({
      center_id: 1,
      meeting_room_id: 1,
      booking_date: '2026-12-01',
      start_time: '10:00',
      end_time: '11:00',
      client_id: 1,
      user_id: 1,
      attendees: 2,
      payment_status: 'invoice',
      recurring: { frequency: 'weekly' },
    })
    expect(result.success).toBe(false)
  })
})
