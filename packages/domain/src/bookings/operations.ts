import { type Cents, toCents } from '../money.ts'
import type { BookingConfirmation } from './confirmation.ts'
import {
  type BasisPoints,
  percentOf,
  proportion,
  type RoomRates,
  roomCharge,
  roomSubTotalOf,
} from './pricing.ts'

/** A cancellation rule of the organization (spec 1 §3): refund percent by days left and attendees. */
export interface CancelRule {
  id: number
  min_day: number
  max_day: number
  max_attendee: number
  /** Basis points */
  refundPercent: BasisPoints
}

/**
 * The rule that applies to a cancellation: days left within [min_day, max_day] and the booking's
 * attendees within max_attendee (the tightest such max_attendee wins). Null when none applies,
 * which refunds nothing.
 */
export function matchCancelRule<T extends CancelRule>(
  rules: readonly T[],
  daysLeft: number,
  attendees: number,
): T | null {
  const matching = rules
    .filter((r) => r.min_day <= daysLeft && daysLeft <= r.max_day && attendees <= r.max_attendee)
    .sort((a, b) => a.max_attendee - b.max_attendee || b.min_day - a.min_day)
  return matching[0] ?? null
}

/** Whole days from now until the booking starts (0 on the day itself, never negative). */
export function daysLeft(startMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((startMs - nowMs) / 86_400_000))
}

/** Refund = net amount × percent ÷ 100, rounded to the cent (spec 2 §5). */
export function cancellationRefund(netAmount: Cents, percent: BasisPoints): Cents {
  return percentOf(netAmount, percent)
}

export type RescheduleMode = 'same' | 'CHARGE' | 'REFUND'

/** Equal duration, longer or shorter (spec 2 §4). */
export function rescheduleMode(oldMinutes: number, newMinutes: number): RescheduleMode {
  if (newMinutes === oldMinutes) return 'same'
  return newMinutes > oldMinutes ? 'CHARGE' : 'REFUND'
}

export interface RescheduleInput {
  oldMinutes: number
  newMinutes: number
  /** The rates of the room the booking moves to. */
  rates: RoomRates
  /** Gratis minutes the booking used, and how many of them were already given back. */
  gratisMinutes: number
  refundedGratisMinutes: number
  /** Gratis minutes the client has left this month (used first for a charge). */
  clientGratisAvailable: number
  internalDiscount: BasisPoints
  additionalDiscount: BasisPoints
  /** What is left of the room to refund (room after discounts minus earlier room refunds). */
  roomRefundable: Cents
  hourlyAmenities: readonly { id: number; unitAmount: Cents; refundable: Cents }[]
}

export interface RescheduleAmounts {
  mode: RescheduleMode
  /** Gratis minutes taken from the client (charge) or given back (refund). */
  gratisMinutes: number
  /** The room's charge or refund after the discounts; a refund never exceeds roomRefundable. */
  roomAmount: Cents
  roomRefundable: Cents
  amenities: { id: number; amount: Cents }[]
}

function afterDiscounts(amount: Cents, internal: BasisPoints, additional: BasisPoints): Cents {
  const afterInternal = amount - percentOf(amount, internal)
  return afterInternal - percentOf(afterInternal, additional)
}

/**
 * What a reschedule charges or refunds (spec 2 §9): the difference between the cost of the new
 * and the old chargeable time; a charge uses the client's gratis minutes first, a refund gives
 * back the booking's unrefunded gratis minutes first; the internal and additional discount
 * percents apply; a refund is capped at what is left of the room; hourly amenities move with the
 * changed duration.
 */
export function rescheduleAmounts(input: RescheduleInput): RescheduleAmounts {
  const mode = rescheduleMode(input.oldMinutes, input.newMinutes)
  const oldChargeable = Math.max(0, input.oldMinutes - input.gratisMinutes)
  const changed = Math.abs(input.newMinutes - input.oldMinutes)
  if (mode === 'same')
    return { mode, gratisMinutes: 0, roomAmount: 0, roomRefundable: input.roomRefundable, amenities: [] }
  if (mode === 'CHARGE') {
    const gratis = Math.min(Math.max(0, input.clientGratisAvailable), changed)
    const difference =
      roomCharge(input.rates, oldChargeable + changed - gratis).amount -
      roomCharge(input.rates, oldChargeable).amount
    return {
      mode,
      gratisMinutes: gratis,
      roomAmount: Math.max(0, afterDiscounts(difference, input.internalDiscount, input.additionalDiscount)),
      roomRefundable: input.roomRefundable,
      amenities: input.hourlyAmenities.map((a) => ({
        id: a.id,
        amount: proportion(a.unitAmount, changed, 60),
      })),
    }
  }
  const gratisBack = Math.min(changed, input.gratisMinutes - input.refundedGratisMinutes)
  const paidRemoved = Math.min(oldChargeable, changed - gratisBack)
  const difference =
    roomCharge(input.rates, oldChargeable).amount -
    roomCharge(input.rates, oldChargeable - paidRemoved).amount
  return {
    mode,
    gratisMinutes: gratisBack,
    roomAmount: Math.min(
      input.roomRefundable,
      Math.max(0, afterDiscounts(difference, input.internalDiscount, input.additionalDiscount)),
    ),
    roomRefundable: input.roomRefundable,
    amenities: input.hourlyAmenities.map((a) => ({
      id: a.id,
      amount: Math.min(a.refundable, proportion(a.unitAmount, changed, 60)),
    })),
  }
}

type RoomFigures = Pick<
  BookingConfirmation,
  | 'room_amount_after_discount'
  | 'voucher_discount'
  | 'additional_discount_amount'
  | 'partial_room_amount_refund'
>

const centsOf = (amount: string | null | undefined): Cents => (amount ? toCents(amount) : 0)

/**
 * What is left to refund of the room (spec 2 §5, §9): the room after its discount, voucher and
 * additional discount (never below 0), less the earlier partial refunds of the room.
 */
export function roomRefundable(booking: RoomFigures): Cents {
  const paid = roomSubTotalOf(
    centsOf(booking.room_amount_after_discount),
    centsOf(booking.voucher_discount),
    centsOf(booking.additional_discount_amount),
  )
  return Math.max(0, paid - centsOf(booking.partial_room_amount_refund))
}

/** What is left to refund of a booked amenity: its total less what was refunded of it. */
export function amenityRefundable(
  amenity: Pick<BookingConfirmation['bookedAmenities'][number], 'total_amount' | 'refunded_amount'>,
): Cents {
  return Math.max(0, centsOf(amenity.total_amount) - centsOf(amenity.refunded_amount))
}

/** What is left to refund of an additional charge: its amount less its refunds. */
export function chargeRefundable(
  charge: Pick<BookingConfirmation['additionalCharges'][number], 'amount' | 'additionalChargeRefunds'>,
): Cents {
  const refunded = charge.additionalChargeRefunds.reduce((sum, refund) => sum + centsOf(refund.amount), 0)
  return Math.max(0, centsOf(charge.amount) - refunded)
}

/**
 * What a shortening may refund (issue 15): what is left of the room and of the booking's room
 * charges (an extension charges its longer time as an additional room charge). Listed so that the
 * reschedule dialog can explain the cap.
 */
export interface ShorteningRefundable {
  room: Cents
  /** Room charges with what is left to refund of each, the latest first. */
  charges: { id: number; refundable: Cents }[]
  total: Cents
}

export function shorteningRefundable(
  booking: RoomFigures & Pick<BookingConfirmation, 'additionalCharges'>,
): ShorteningRefundable {
  const room = roomRefundable(booking)
  const charges = booking.additionalCharges
    .filter((charge) => charge.charge_type === 'room')
    .map((charge) => ({ id: charge.id, refundable: chargeRefundable(charge) }))
    .filter((charge) => charge.refundable > 0)
    .sort((a, b) => b.id - a.id)
  return { room, charges, total: room + charges.reduce((sum, c) => sum + c.refundable, 0) }
}

/**
 * A shortening's refund split over what it may refund: the room first, then the room charges,
 * latest first, each within what is left of it (the amount is at most `refundable.total`).
 */
export function splitShorteningRefund(
  amount: Cents,
  refundable: ShorteningRefundable,
): { room: Cents; charges: { id: number; amount: Cents }[] } {
  const room = Math.min(amount, refundable.room)
  let rest = amount - room
  const charges: { id: number; amount: Cents }[] = []
  for (const charge of refundable.charges) {
    if (rest <= 0) break
    const part = Math.min(rest, charge.refundable)
    charges.push({ id: charge.id, amount: part })
    rest -= part
  }
  return { room, charges }
}
