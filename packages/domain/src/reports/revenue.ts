import { proportion } from '../bookings/pricing.ts'
import type { Cents } from '../money.ts'
import { addMonths, type IsoDate } from '../time.ts'
import { financialYear } from './measures.ts'

/**
 * The revenue reports' own rules (Client Type Revenue, Average per Booking, Top 20 Clients, Center
 * Revenue Target), on top of the shared measures (bookingRevenue, isCountedBooking, bookedHours).
 * Money is summed in integer cents and shown as an amount of the organization's currency.
 */

/** An amount of the currency (two decimals) from cents: how the reports' money values read. */
export function reportMoney(cents: Cents): number {
  return cents / 100
}

/** The average revenue of a booking, in cents, half up to the cent; 0 for no bookings. */
export function averageBookingCents(totalCents: Cents, bookings: number): Cents {
  return bookings > 0 ? proportion(totalCents, 1, bookings) : 0
}

/** The average booked hours of a booking, to two decimals half up; 0 for no bookings. */
export function averageBookingHours(bookedMinutes: number, bookings: number): number {
  return bookings > 0 ? proportion(bookedMinutes, 100, 60 * bookings) / 100 : 0
}

/** A target missed is a negative variance: actual revenue less the target. */
export function revenueVariance(actualCents: Cents, targetCents: Cents): Cents {
  return actualCents - targetCents
}

/**
 * The client type group of a booking: its client's client types, by name (code point order),
 * joined with ", " (a client with several types is a group of its own, so that every booking counts
 * once and the shares add up to the whole); this for a client without one.
 */
export const NO_CLIENT_TYPE = 'No client type'
export const CLIENT_TYPE_SEPARATOR = ', '

/**
 * Top 20 Clients: the clients with counted bookings in the period, by revenue, highest first; ties
 * by name (code point order), then by id, so that the list never depends on the database's mood.
 */
export const TOP_CLIENTS = 20

/**
 * The financial years of a yearly report, oldest first: for Top 20 Clients the chosen year and the
 * three before it, for Center Revenue Target the year before, the chosen one and the next.
 */
export function financialYears(year: number, startMonth: number, fromOffset: number, toOffset: number) {
  const years: { year: number; from: IsoDate; to: IsoDate; label: string }[] = []
  for (let offset = fromOffset; offset <= toOffset; offset++)
    years.push({ year: year + offset, ...financialYear(year + offset, startMonth) })
  return years
}

/**
 * The revenue target rows (center_revenue_targets: a calendar year and month, as the location's
 * Finance panel stores them) that a period's months read, as `yyyy-MM` keys.
 */
export function targetMonths(from: IsoDate, to: IsoDate): { key: string; year: number; month: number }[] {
  const months: { key: string; year: number; month: number }[] = []
  for (let first = from; first < to; first = addMonths(first, 1))
    months.push({ key: first.slice(0, 7), year: Number(first.slice(0, 4)), month: Number(first.slice(5, 7)) })
  return months
}
