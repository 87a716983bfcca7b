import { type BasisPoints, type BookingLedger, bookingTotals, proportion } from '../bookings/pricing.ts'
import type { Cents } from '../money.ts'

/** The money events of a booking that the billing export writes, one row each (spec 2 §4). */
export const moneyLineKinds = [
  'room',
  'amenity',
  'charge',
  'room-refund',
  'amenity-refund',
  'charge-refund',
  'cancellation',
] as const
export type MoneyLineKind = (typeof moneyLineKinds)[number]

export interface MoneyEvent {
  kind: MoneyLineKind
  /** The row the line comes from: the booking (room, cancellation), the amenity, the charge or the refund. */
  id: number
  /** What was charged or given back, positive; for a room, its part after discounts, voucher and additional discount. */
  amount: Cents
  createdAt: Date
  /** The marked export the line went out with; null while not exported. */
  exportId: number | null
}

export interface PricedMoneyLine<E extends MoneyEvent = MoneyEvent> {
  event: E
  /** Before tax; negative for refunds. */
  amount: Cents
  tax: Cents
}

const kindOrder = (kind: MoneyLineKind) => moneyLineKinds.indexOf(kind)

/**
 * The order lines are priced in: exported lines first, in the order of their exports, then the
 * rest; within that, charges before refunds before the cancellation, then by time. So a line's
 * figures depend only on lines exported with or before it: once exported, they never change.
 */
export function moneyLineOrder(a: MoneyEvent, b: MoneyEvent): number {
  const exportA = a.exportId ?? Number.MAX_SAFE_INTEGER
  const exportB = b.exportId ?? Number.MAX_SAFE_INTEGER
  return (
    exportA - exportB ||
    kindOrder(a.kind) - kindOrder(b.kind) ||
    a.createdAt.getTime() - b.createdAt.getTime() ||
    a.id - b.id
  )
}

/**
 * A booking's export lines with their amounts and tax, from the booking's ledger as bookingTotals
 * prices it (spec 2 §9): each line carries what it changed of the subtotal and of the tax, so the
 * lines of a booking add up to its net amount to the cent however they are split over exports
 * (tax is rounded once on the whole, as on the confirmation). A full cancellation's refund is a
 * percent of the net amount, tax included: its line splits it back into amount and tax.
 */
export function priceMoneyLines<E extends MoneyEvent>(
  events: readonly E[],
  tax: BasisPoints,
): PricedMoneyLine<E>[] {
  const ledger: BookingLedger & {
    roomRefunds: Cents[]
    amenities: { totalAmount: Cents; refunds: Cents[] }[]
    additionalCharges: { amount: Cents; refunds: Cents[] }[]
  } = { roomSubTotal: 0, roomRefunds: [], amenities: [], additionalCharges: [], tax }
  let before = bookingTotals(ledger)
  const lines: PricedMoneyLine<E>[] = []
  for (const event of [...events].sort(moneyLineOrder)) {
    if (event.kind === 'cancellation') {
      const taxPart = proportion(event.amount, tax, 10_000 + tax)
      lines.push({ event, amount: -(event.amount - taxPart), tax: -taxPart })
      continue
    }
    if (event.kind === 'room') ledger.roomSubTotal += event.amount
    else if (event.kind === 'room-refund') ledger.roomRefunds.push(event.amount)
    else if (event.kind === 'amenity') ledger.amenities.push({ totalAmount: event.amount, refunds: [] })
    else if (event.kind === 'amenity-refund')
      ledger.amenities.push({ totalAmount: 0, refunds: [event.amount] })
    else if (event.kind === 'charge') ledger.additionalCharges.push({ amount: event.amount, refunds: [] })
    else ledger.additionalCharges.push({ amount: 0, refunds: [event.amount] })
    const after = bookingTotals(ledger)
    lines.push({ event, amount: after.subTotal - before.subTotal, tax: after.taxAmount - before.taxAmount })
    before = after
  }
  return lines
}
