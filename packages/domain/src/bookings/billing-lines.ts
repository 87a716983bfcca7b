import { type Cents, formatMoney, toCents } from '../money.ts'
import type { BookingConfirmation } from './confirmation.ts'
import { centerDateTime } from './confirmation-view.ts'

/** The kinds of line of a booking's Billing Details, in the order they are shown (spec 2 §2). */
export type BillingLineKind =
  | 'room'
  | 'gratis'
  | 'discount'
  | 'voucher'
  | 'additional-discount'
  | 'room-refund'
  | 'amenity'
  | 'amenity-refund'
  | 'charge'
  | 'charge-refund'
  | 'sub-total'
  | 'tax'
  | 'cancellation-refund'
  | 'grand-total'

export interface BillingLine {
  kind: BillingLineKind
  description: string
  /**
   * More about the line, one text a row: the room's space and attendees, who amended its rate,
   * the reason of a refund or of an additional charge (a tooltip on the page).
   */
  detail?: string[]
  /** Hours, attendees or an amenity's count, as shown ("2.5", "8"). */
  quantity?: string
  unitPrice?: Cents
  /** Cents; negative for discounts and refunds. Null where a line has no amount (gratis minutes). */
  amount: Cents | null
}

/** The lines that close the table rather than list what was bought. */
export const billingTotalKinds: readonly BillingLineKind[] = [
  'sub-total',
  'tax',
  'cancellation-refund',
  'grand-total',
]

/** 2.5 → "2.5", 2 → "2", "2.50" → "2.5": at most two decimals, no trailing zeros. */
export function formatQuantity(value: number | string): string {
  const n = typeof value === 'string' ? Number(value) : value
  if (!Number.isFinite(n)) return String(value)
  return String(Math.round(n * 100) / 100)
}

/**
 * A money line's quantity and unit price, such that quantity × unit = amount to the cent (issue 42):
 * the quantity (hours, attendees, an amenity's count; at most two decimals) when the amount divides
 * by it, else one of the whole amount. The confirmation page, its PDF and the billing export all
 * price their lines with it, so every line reads true wherever it is read.
 */
export function exactLine(quantity: number, amount: Cents): { quantity: number; unit: Cents } {
  const hundredths = Math.round(quantity * 100)
  if (!(hundredths > 0)) return amount === 0 ? { quantity: 0, unit: 0 } : { quantity: 1, unit: amount }
  const scaled = amount * 100
  return scaled % hundredths === 0
    ? { quantity: hundredths / 100, unit: scaled / hundredths }
    : { quantity: 1, unit: amount }
}

/** The facts a booking's room line is counted from. */
export interface RoomLineFacts {
  isPackage: boolean
  attendees: number
  /** The chargeable minutes the room amount pays for, as booked (extensions are lines of their own). */
  roomMinutes: number
}

/**
 * The room line's quantity: attendees for a package, else the hours its amount pays for, which an
 * extension or a shortening never changes (they are charge and refund lines of their own), so no
 * hour is counted on two lines.
 */
export function roomLineQuantity(room: RoomLineFacts): number {
  return room.isPackage ? room.attendees : Math.round((room.roomMinutes / 60) * 100) / 100
}

/** An additional charge's quantity: the hours an extension's charge pays for, else one item. */
export function chargeLineQuantity(minutes: number | null | undefined): number {
  return minutes && minutes > 0 ? Math.round((minutes / 60) * 100) / 100 : 1
}

/** A page line's quantity and unit price (exactLine). */
function priced(quantity: number, amount: Cents): Pick<BillingLine, 'quantity' | 'unitPrice'> {
  const line = exactLine(quantity, amount)
  return { quantity: formatQuantity(line.quantity), unitPrice: line.unit }
}

/** "10.00" → "10.00", "7.5" → "7.50": a percentage as the lines name it. */
function percentText(value: string | number | null | undefined): string {
  const n = Number(value ?? 0)
  return Number.isFinite(n) ? n.toFixed(2) : String(value)
}

/** Cents of an API amount; empty or missing is 0. */
function cents(value: string | number | null | undefined): Cents {
  if (value === null || value === undefined || value === '') return 0
  return toCents(typeof value === 'number' ? value : value)
}

const titleCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

const plural = (n: number, one: string, many: string) => `${formatQuantity(n)} ${n === 1 ? one : many}`

export interface BillingLineOptions {
  /** The currency symbol of the amounts inside texts (Original Amount, a fixed voucher's value). */
  symbol?: string
}

/**
 * The Billing Details of a booking confirmation (spec 2 §2, §9), as both the page and its PDF show
 * them: the room, gratis minutes, the discount, the voucher, the additional discount, the room's
 * partial refunds, amenities and their refunds, additional charges and their refunds, Sub Total,
 * the tax (only when there is one) and Grand Total. Amounts are the API's; nothing is recomputed.
 */
export function billingLines(booking: BookingConfirmation, options: BillingLineOptions = {}): BillingLine[] {
  const money = (amount: string) => formatMoney(amount || '0', booking.currency, options.symbol)
  const lines: BillingLine[] = []
  const isPackage = booking.organization_package_id !== null && booking.organization_package_id !== undefined

  const roomDetail = [booking.meetingName, plural(booking.attendees, 'Attendee', 'Attendees')]
  if (booking.room_rate_modified) {
    const by = `${booking.rateModifiedUserFirstName ?? ''} ${booking.rateModifiedUserLastName ?? ''}`.trim()
    roomDetail.push(`Amended By ${by}`)
    roomDetail.push(`Original Amount ${money(booking.original_amount)}`)
  }
  // The room is charged for the hours left after the gratis minutes (spec 2 §9), as booked.
  const chargeableHours = Math.max(0, Math.round(booking.duration * 60) - booking.gratis_minutes) / 60
  const roomAmount = cents(booking.room_amount)
  lines.push({
    kind: 'room',
    description: isPackage && booking.packageName ? booking.packageName : booking.meetingName,
    detail: isPackage && booking.packageName ? roomDetail : roomDetail.slice(1),
    ...priced(
      roomLineQuantity({ isPackage, attendees: booking.attendees, roomMinutes: booking.room_minutes }),
      roomAmount,
    ),
    amount: roomAmount,
  })

  if (booking.gratis_minutes > 0) {
    const detail = [
      `${booking.gratis_minutes} minutes free of charge`,
      `${formatQuantity(booking.duration)} hours booked, ${formatQuantity(chargeableHours)} charged`,
    ]
    if (booking.refunded_gratis_minutes > 0)
      detail.push(`Refunded ${booking.refunded_gratis_minutes} minutes`)
    lines.push({
      kind: 'gratis',
      description: 'Gratis Minutes',
      detail,
      quantity: `${booking.gratis_minutes} min`,
      amount: null,
    })
  }

  // internalDiscount is the amount taken off the room; rate_percentage the client's percent.
  const internalDiscount = cents(booking.internalDiscount)
  if (internalDiscount > 0) {
    lines.push({
      kind: 'discount',
      description: `Discount (${titleCase(booking.rate_level || 'internal')} ${percentText(booking.rate_percentage)}%)`,
      amount: -internalDiscount,
    })
  }

  if (booking.voucher_code) {
    const value =
      booking.voucher_type === 'fixed'
        ? `Fixed ${money(booking.voucher_value)}`
        : `${percentText(booking.voucher_value)}%`
    lines.push({
      kind: 'voucher',
      description: `Voucher ${booking.voucher_code} (${value})`,
      amount: -cents(booking.voucher_discount),
    })
  }

  const additionalAmount = cents(booking.additional_discount_amount)
  if (additionalAmount > 0) {
    const rate = booking.aditional_discount_rate || booking.additional_discount_rate
    lines.push({
      kind: 'additional-discount',
      description: `Additional Discount ${percentText(rate)}%`,
      amount: -additionalAmount,
    })
  }

  for (const refund of booking.partialRoomRefunds ?? []) {
    lines.push({
      kind: 'room-refund',
      description: `Room Refund: ${booking.meetingName}`,
      ...(refund.reason ? { detail: [refund.reason] } : {}),
      amount: -cents(refund.amount),
    })
  }

  for (const amenity of booking.bookedAmenities ?? []) {
    lines.push({
      kind: 'amenity',
      description: amenity.name,
      ...(amenity.not_charged ? { detail: ['Not charged'] } : {}),
      ...priced(Number(amenity.quantity), amenity.not_charged ? 0 : cents(amenity.total_amount)),
      amount: amenity.not_charged ? 0 : cents(amenity.total_amount),
    })
    for (const refund of amenity.amenity_refund ?? []) {
      lines.push({
        kind: 'amenity-refund',
        description: `Amenity Refund: ${amenity.name}`,
        ...(refund.reason ? { detail: [refund.reason] } : {}),
        amount: -cents(refund.amount),
      })
    }
  }

  for (const charge of booking.additionalCharges ?? []) {
    const name = (charge.charge_type === 'room' ? charge.chargedRoomType : charge.chargedAmenityName) || ''
    const description = name ? `Additional Charge: ${name}` : 'Additional Charge'
    lines.push({
      kind: 'charge',
      description,
      ...(charge.reason ? { detail: [charge.reason] } : {}),
      ...priced(chargeLineQuantity(charge.minutes), cents(charge.amount)),
      amount: cents(charge.amount),
    })
    for (const refund of charge.additionalChargeRefunds ?? []) {
      lines.push({
        kind: 'charge-refund',
        description: `Refund: ${description}`,
        ...(refund.reason ? { detail: [refund.reason] } : {}),
        amount: -cents(refund.amount),
      })
    }
  }

  lines.push({ kind: 'sub-total', description: 'Sub Total', amount: cents(booking.sub_total) })
  if (cents(booking.tax_amount) > 0) {
    lines.push({
      kind: 'tax',
      description: `${booking.tax_label || 'Tax'} (${percentText(booking.tax_percentage)}%)`,
      amount: cents(booking.tax_amount),
    })
  }
  // A full cancellation refunds a percent of the net amount, tax included (spec 2 §5): it comes
  // after the tax, and the Grand Total is what the booking comes to after it.
  const cancellation = booking.cancellationRefund
  if (cancellation) {
    const when = centerDateTime(cancellation.cancelledAt, booking)
    lines.push({
      kind: 'cancellation-refund',
      description: `Cancellation Refund (${percentText(cancellation.percent)}%)`,
      detail: [`Cancelled by ${cancellation.cancelledBy || 'unknown'}${when ? ` on ${when}` : ''}`],
      amount: -cents(cancellation.amount),
    })
  }
  lines.push({ kind: 'grand-total', description: 'Grand Total', amount: cents(booking.net_amount) })
  return lines
}
