import { commissionOf } from '../billing/commission.ts'
import { type Cents, centsToDecimal, toCents } from '../money.ts'
import {
  type AmenityChargeType,
  type BasisPoints,
  type Price,
  type PriceInput,
  priceBooking,
  type RoomRates,
  toBasisPoints,
} from './pricing.ts'

/**
 * A booking's terms as the database keeps them (decimal text), turned into the pricing input and
 * back into the priced lines a booking row stores. Creating a booking and the demo seed both go
 * through here, so a seeded booking is priced exactly like one made through the API.
 */

/** The tax a booking carries: its center's when the center sets a percentage, else its organization's. */
export interface BookingTax {
  label: string
  percent: BasisPoints
}

interface TaxSource {
  taxesLabel: string
  taxesPercent: string | null
}

export function bookingTax(center: TaxSource, organization: TaxSource): BookingTax {
  const source = center.taxesPercent !== null ? center : organization
  return { label: source.taxesLabel, percent: toBasisPoints(source.taxesPercent) }
}

export interface BookingTerms {
  rates: RoomRates
  /** The package deal's per-attendee rate when booked as one (decimal text), else null. */
  packageRate: string | null
  client: { internalPercentDiscountRate: string; additionalDiscountRate: string }
  voucher: { code: string; type: string; value: string } | null
  /** The chosen amenities with the space's charge for each (decimal text). */
  amenities: readonly { amenityId: number; name: string; chargeType: string; amount: string }[]
  tax: BookingTax
  /** The organization's commission percent (issue 42); none when left out. */
  commission?: BasisPoints
}

export interface BookingOccurrence {
  durationMinutes: number
  attendees: number
  /** Gratis minutes the client still has in the booking's month (0 when not used). */
  gratisAvailableMinutes: number
  /** A room amount typed by staff instead of the rate table's. */
  roomAmountOverride?: Cents | null
}

export function bookingPriceInput(terms: BookingTerms, occurrence: BookingOccurrence): PriceInput {
  const voucher = terms.voucher
  return {
    durationMinutes: occurrence.durationMinutes,
    attendees: occurrence.attendees,
    rates: terms.rates,
    packageRate: terms.packageRate === null ? null : toCents(terms.packageRate),
    gratisAvailableMinutes: occurrence.gratisAvailableMinutes,
    roomAmountOverride: occurrence.roomAmountOverride ?? null,
    internalDiscount: toBasisPoints(terms.client.internalPercentDiscountRate),
    voucher: voucher
      ? {
          code: voucher.code,
          type: voucher.type as 'percent' | 'fixed',
          value: voucher.type === 'percent' ? toBasisPoints(voucher.value) : toCents(voucher.value),
        }
      : null,
    additionalDiscount: toBasisPoints(terms.client.additionalDiscountRate),
    amenities: terms.amenities.map((a) => ({
      amenityId: a.amenityId,
      name: a.name,
      type: a.chargeType as AmenityChargeType,
      unitAmount: toCents(a.amount),
    })),
    tax: terms.tax.percent,
  }
}

/** priceBooking of a booking's terms for one occurrence. */
export function priceBookingTerms(terms: BookingTerms, occurrence: BookingOccurrence): Price {
  return priceBooking(bookingPriceInput(terms, occurrence))
}

/** The priced lines a new booking row keeps (numeric columns as decimal text). */
export function pricedBookingLines(price: Price, terms: BookingTerms) {
  return {
    roomRateUnit: price.rateUnit as string,
    roomUnitAmount: centsToDecimal(price.roomUnitAmount),
    roomAmount: centsToDecimal(price.roomAmount),
    roomMinutes: price.chargeableMinutes,
    originalAmount: centsToDecimal(price.originalAmount),
    roomRateModified: price.roomRateModified,
    gratisMinutes: price.gratisMinutes,
    rateLevel: price.rateLevel,
    ratePercentage: terms.client.internalPercentDiscountRate,
    internalDiscount: centsToDecimal(price.internalDiscountAmount),
    voucherCode: terms.voucher?.code ?? '',
    voucherType: terms.voucher?.type ?? '',
    voucherValue: terms.voucher?.value ?? '0',
    voucherDiscount: centsToDecimal(price.voucherDiscount),
    additionalDiscountRate: terms.client.additionalDiscountRate,
    additionalDiscountAmount: centsToDecimal(price.additionalDiscountAmount),
    roomAmountAfterDiscount: centsToDecimal(price.roomAmountAfterDiscount),
    taxLabel: terms.tax.label,
    taxPercentage: centsToDecimal(terms.tax.percent),
    taxAmount: centsToDecimal(price.taxAmount),
    subTotal: centsToDecimal(price.subTotal),
    netAmount: centsToDecimal(price.netAmount),
    commissionRate: centsToDecimal(terms.commission ?? 0),
    commissionAmount: centsToDecimal(commissionOf(price.roomSubTotal, terms.commission ?? 0)),
  }
}

/** The booked amenity rows of a priced booking (quantity and amounts as decimal text). */
export function pricedAmenityLines(price: Price) {
  return price.amenities.map((a) => ({
    amenityId: a.amenityId,
    name: a.name,
    type: a.type,
    quantity: a.quantity.toFixed(2),
    unitAmount: centsToDecimal(a.unitAmount),
    totalAmount: centsToDecimal(a.totalAmount),
  }))
}
