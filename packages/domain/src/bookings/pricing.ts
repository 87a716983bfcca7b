import { type Cents, roundDecimalText } from '../money.ts'
import type { RateUnit } from '../spaces/schemas.ts'

/**
 * The billing math of spec 2 §9, in integer cents. Percentages are basis points (hundredths of a
 * percent: 12.5 % → 1250) so that no step uses floating-point money; every rounding is half up to
 * the cent and happens only where a percentage or a part of an hour is taken.
 */

export const HALF_DAY_MINUTES = 240
export const DAY_MINUTES = 480

export interface RoomRates {
  hour?: Cents | null
  halfday?: Cents | null
  day?: Cents | null
}

export type BasisPoints = number

/** amount × numerator ÷ denominator, rounded half up (away from zero), exact for any cent amount. */
export function proportion(amount: Cents, numerator: number, denominator: number): Cents {
  const product = BigInt(amount) * BigInt(numerator)
  const divisor = BigInt(denominator)
  const quotient = product / divisor
  const remainder = product % divisor
  const twice = (remainder < 0n ? -remainder : remainder) * 2n
  const away = twice >= (divisor < 0n ? -divisor : divisor) ? (product < 0n ? -1n : 1n) : 0n
  return Number(quotient + away)
}

/** percent of an amount: percentOf(10000, 1250) = 1250 (12.5 % of 100.00). */
export function percentOf(amount: Cents, basisPoints: BasisPoints): Cents {
  return proportion(amount, basisPoints, 10_000)
}

/** "12.50" or 12.5 → 1250 basis points. */
export function toBasisPoints(percent: string | number | null | undefined): BasisPoints {
  if (percent === null || percent === undefined || percent === '') return 0
  const text =
    typeof percent === 'number' ? (roundDecimalText(percent, 2) ?? String(percent)) : percent.trim()
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) throw new Error(`Not a percentage with at most two decimals: ${text}`)
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

export function hasAnyRate(rates: RoomRates): boolean {
  return rates.hour != null || rates.halfday != null || rates.day != null
}

/**
 * The duration rule a space's rates impose (spec 2 §5): only a day rate → whole days of 8 hours;
 * no hourly rate but a half-day rate → multiples of 4 hours. Null when the duration is fine.
 */
export function rateDurationRule(
  rates: RoomRates,
  minutes: number,
): 'onlyFullDay' | 'halfDayDenominators' | null {
  if (rates.hour != null) return null
  if (rates.halfday != null) return minutes % HALF_DAY_MINUTES === 0 ? null : 'halfDayDenominators'
  if (rates.day != null) return minutes >= DAY_MINUTES && minutes % DAY_MINUTES === 0 ? null : 'onlyFullDay'
  return null
}

export interface RoomCharge {
  amount: Cents
  /** The largest unit used, as the billing line names it. */
  unit: RateUnit
  days: number
  halfDays: number
  /** Minutes charged at the hourly rate (or pro rata of the next unit up when there is none). */
  hourlyMinutes: number
}

/**
 * The room amount for a number of minutes (spec 2 §9): 8 hours or more use the day rate if set;
 * 4 hours or more use half-day blocks of 4 plus the hourly rate for the remainder; otherwise
 * hourly. A remainder without an hourly rate is charged pro rata of the half-day (or day) rate,
 * which only happens when gratis minutes cut into a block.
 */
export function roomCharge(rates: RoomRates, minutes: number): RoomCharge {
  let remaining = Math.max(0, minutes)
  let amount = 0
  let days = 0
  let halfDays = 0
  if (rates.day != null && remaining >= DAY_MINUTES) {
    days = Math.floor(remaining / DAY_MINUTES)
    amount += days * rates.day
    remaining -= days * DAY_MINUTES
  }
  if (rates.halfday != null && remaining >= HALF_DAY_MINUTES) {
    halfDays = Math.floor(remaining / HALF_DAY_MINUTES)
    amount += halfDays * rates.halfday
    remaining -= halfDays * HALF_DAY_MINUTES
  }
  if (remaining > 0) {
    if (rates.hour != null) amount += proportion(rates.hour, remaining, 60)
    else if (rates.halfday != null) amount += proportion(rates.halfday, remaining, HALF_DAY_MINUTES)
    else if (rates.day != null) amount += proportion(rates.day, remaining, DAY_MINUTES)
  }
  const unit: RateUnit = days > 0 ? 'day' : halfDays > 0 ? 'halfday' : 'hour'
  return { amount, unit, days, halfDays, hourlyMinutes: remaining }
}

export type AmenityChargeType = 'hour' | 'attendee' | 'flat'

export interface BookedAmenityInput {
  amenityId: number
  name: string
  type: AmenityChargeType
  unitAmount: Cents
}

export interface AmenityLine extends BookedAmenityInput {
  /** Hours for hourly amenities, attendees for per-attendee ones, 1 for flat ones. */
  quantity: number
  totalAmount: Cents
}

/** Amenities flat, per attendee or per booked hour (spec 2 §3, §9). */
export function amenityLine(
  amenity: BookedAmenityInput,
  durationMinutes: number,
  attendees: number,
): AmenityLine {
  switch (amenity.type) {
    case 'hour':
      return {
        ...amenity,
        quantity: durationMinutes / 60,
        totalAmount: proportion(amenity.unitAmount, durationMinutes, 60),
      }
    case 'attendee':
      return { ...amenity, quantity: attendees, totalAmount: amenity.unitAmount * attendees }
    default:
      return { ...amenity, quantity: 1, totalAmount: amenity.unitAmount }
  }
}

export interface VoucherInput {
  code: string
  type: 'percent' | 'fixed'
  /** Basis points for a percent voucher, cents for a fixed one. */
  value: number
}

export interface PriceInput {
  durationMinutes: number
  attendees: number
  rates: RoomRates
  /** A package deal is priced per attendee instead of by time. */
  packageRate?: Cents | null
  /** Gratis minutes the client still has this month. */
  gratisAvailableMinutes: number
  /** A room amount typed by staff instead of the rate table's (Amended By). */
  roomAmountOverride?: Cents | null
  internalDiscount: BasisPoints
  voucher?: VoucherInput | null
  additionalDiscount: BasisPoints
  amenities: readonly BookedAmenityInput[]
  tax: BasisPoints
}

export interface Price {
  gratisMinutes: number
  chargeableMinutes: number
  rateUnit: RateUnit | 'package'
  /** The rate table's amount (before any amendment by staff). */
  originalAmount: Cents
  roomAmount: Cents
  roomRateModified: boolean
  /** roomAmount per hour (or per attendee for a package), as the billing line's unit price. */
  roomUnitAmount: Cents
  rateLevel: 'standard' | 'internal'
  internalDiscountAmount: Cents
  roomAmountAfterDiscount: Cents
  voucherDiscount: Cents
  additionalDiscountAmount: Cents
  /** The room's part of the subtotal, never below 0. */
  roomSubTotal: Cents
  amenities: AmenityLine[]
  amenitiesTotal: Cents
  subTotal: Cents
  taxAmount: Cents
  netAmount: Cents
}

/**
 * A new booking's price (spec 2 §9): gratis minutes first, then the room amount, the client's
 * internal discount, the voucher, the additional discount percent of what is left (never below
 * 0), amenities added, tax on the subtotal.
 */
export function priceBooking(input: PriceInput): Price {
  const isPackage = input.packageRate != null
  const gratisMinutes = isPackage
    ? 0
    : Math.max(0, Math.min(input.gratisAvailableMinutes, input.durationMinutes))
  const chargeableMinutes = input.durationMinutes - gratisMinutes
  const charge = isPackage ? null : roomCharge(input.rates, chargeableMinutes)
  const originalAmount = isPackage ? (input.packageRate ?? 0) * input.attendees : (charge?.amount ?? 0)
  const roomRateModified = input.roomAmountOverride != null && input.roomAmountOverride !== originalAmount
  const roomAmount = roomRateModified ? (input.roomAmountOverride ?? 0) : originalAmount
  const roomUnitAmount = isPackage
    ? (input.packageRate ?? 0)
    : chargeableMinutes > 0
      ? proportion(roomAmount, 60, chargeableMinutes)
      : 0

  const internalDiscountAmount = percentOf(roomAmount, input.internalDiscount)
  const roomAmountAfterDiscount = roomAmount - internalDiscountAmount
  const voucherDiscount = input.voucher
    ? Math.min(
        roomAmountAfterDiscount,
        input.voucher.type === 'percent'
          ? percentOf(roomAmountAfterDiscount, input.voucher.value)
          : input.voucher.value,
      )
    : 0
  const afterVoucher = roomAmountAfterDiscount - voucherDiscount
  const additionalDiscountAmount = percentOf(afterVoucher, input.additionalDiscount)
  const roomSubTotal = roomSubTotalOf(roomAmountAfterDiscount, voucherDiscount, additionalDiscountAmount)

  const amenities = input.amenities.map((a) => amenityLine(a, input.durationMinutes, input.attendees))
  const amenitiesTotal = amenities.reduce((sum, a) => sum + a.totalAmount, 0)
  const subTotal = roomSubTotal + amenitiesTotal
  const taxAmount = percentOf(subTotal, input.tax)
  return {
    gratisMinutes,
    chargeableMinutes,
    rateUnit: isPackage ? 'package' : (charge?.unit ?? 'hour'),
    originalAmount,
    roomAmount,
    roomRateModified,
    roomUnitAmount,
    rateLevel: input.internalDiscount > 0 ? 'internal' : 'standard',
    internalDiscountAmount,
    roomAmountAfterDiscount,
    voucherDiscount,
    additionalDiscountAmount,
    roomSubTotal,
    amenities,
    amenitiesTotal,
    subTotal,
    taxAmount,
    netAmount: subTotal + taxAmount,
  }
}

/** The room's part of the subtotal: after its discount, voucher and additional discount, never below 0 (spec 2 §9). */
export function roomSubTotalOf(
  afterDiscount: Cents,
  voucherDiscount: Cents,
  additionalDiscount: Cents,
): Cents {
  return Math.max(0, afterDiscount - voucherDiscount - additionalDiscount)
}

export interface BookingLedger {
  /** The room's part after discounts, voucher and additional discount, as priced. */
  roomSubTotal: Cents
  roomRefunds: readonly Cents[]
  amenities: readonly { totalAmount: Cents; refunds: readonly Cents[] }[]
  additionalCharges: readonly { amount: Cents; refunds: readonly Cents[] }[]
  tax: BasisPoints
}

export interface BookingTotals {
  roomRefundsTotal: Cents
  amenitiesTotal: Cents
  amenityRefundsTotal: Cents
  additionalChargesTotal: Cents
  additionalChargeRefundsTotal: Cents
  subTotal: Cents
  taxAmount: Cents
  netAmount: Cents
}

const sum = (values: readonly Cents[]) => values.reduce((total, v) => total + v, 0)

/**
 * A booking's totals once it has refunds and charges (spec 2 §9): partial room refunds
 * subtracted, additional charges and amenities added, their refunds subtracted, the subtotal
 * never below 0, tax added on it.
 */
export function bookingTotals(ledger: BookingLedger): BookingTotals {
  const roomRefundsTotal = sum(ledger.roomRefunds)
  const amenitiesTotal = sum(ledger.amenities.map((a) => a.totalAmount))
  const amenityRefundsTotal = sum(ledger.amenities.flatMap((a) => a.refunds))
  const additionalChargesTotal = sum(ledger.additionalCharges.map((c) => c.amount))
  const additionalChargeRefundsTotal = sum(ledger.additionalCharges.flatMap((c) => c.refunds))
  const subTotal = Math.max(
    0,
    ledger.roomSubTotal -
      roomRefundsTotal +
      amenitiesTotal -
      amenityRefundsTotal +
      additionalChargesTotal -
      additionalChargeRefundsTotal,
  )
  const taxAmount = percentOf(subTotal, ledger.tax)
  return {
    roomRefundsTotal,
    amenitiesTotal,
    amenityRefundsTotal,
    additionalChargesTotal,
    additionalChargeRefundsTotal,
    subTotal,
    taxAmount,
    netAmount: subTotal + taxAmount,
  }
}
