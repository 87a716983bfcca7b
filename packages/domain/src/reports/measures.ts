import { type BasisPoints, percentOf, proportion } from '../bookings/pricing.ts'
import type { Cents } from '../money.ts'
import { addDays, addMonths, type IsoDate } from '../time.ts'
import type { ReportDuration } from './contract.ts'

/**
 * What every report measures, defined once (README "Reports"). The API's SQL computes the same in
 * the database (apps/api/src/modules/reports/facts.repository.ts) and a test compares the two on
 * random bookings.
 */

/** A booking as the reports see it. Amounts in cents, as stored after every refund and charge. */
export interface ReportBookingFacts {
  status: 'tentative' | 'confirmed' | 'cancelled'
  /** Subtotal before tax, net of partial room, amenity and charge refunds (bookings.sub_total). */
  subTotal: Cents
  /** Tax on the subtotal (bookings.tax_amount). */
  taxAmount: Cents
  taxPercentage: BasisPoints
  /**
   * The booking's amenity lines less their refunds, before tax: every line in the subtotal, a
   * not-charged one too (the stored subtotal holds it, as bookingTotals counts every line).
   */
  amenitiesNet: Cents
}

/** Counted bookings: every booking but cancelled ones. Cancelled bookings count nowhere (no figure, no hours, no revenue). */
export function isCountedBooking(booking: Pick<ReportBookingFacts, 'status'>): boolean {
  return booking.status !== 'cancelled'
}

export interface RevenueOptions {
  tax: 'incTax' | 'exTax'
  amenities: 'incAmenity' | 'exAmenity'
}

/**
 * A booking's revenue: its subtotal net of refunds (room, amenity and additional charges, after
 * discounts and vouchers), without its amenities when `exAmenity`, plus its tax when `incTax`. With
 * amenities the tax is the booking's own; without them it is the booking's rate on what is left,
 * rounded half up to the cent.
 */
export function bookingRevenue(booking: ReportBookingFacts, options: RevenueOptions): Cents {
  if (!isCountedBooking(booking)) return 0
  const base =
    options.amenities === 'incAmenity'
      ? booking.subTotal
      : Math.max(0, booking.subTotal - booking.amenitiesNet)
  if (options.tax === 'exTax') return base
  return options.amenities === 'incAmenity'
    ? base + booking.taxAmount
    : base + percentOf(base, booking.taxPercentage)
}

/**
 * Lead minutes: whole minutes from the booking's creation to its start; 0 for a booking recorded
 * after it started (booked on the day, never a negative lead).
 */
export function leadMinutes(createdAt: Date, startTime: Date): number {
  return Math.max(0, Math.floor((startTime.getTime() - createdAt.getTime()) / 60_000))
}

/** Lead time: days from the booking's creation to its start, minutes divided by 1440 (spec 3 §9), to two decimals. */
export function leadTimeDays(createdAt: Date, startTime: Date): number {
  return Math.round((leadMinutes(createdAt, startTime) / 1440) * 100) / 100
}

/** Booked hours of a booking: its duration in hours, to two decimals. */
export function bookedHours(durationMinutes: number): number {
  return Math.round((durationMinutes / 60) * 100) / 100
}

/**
 * Occupancy in percent to two decimals: booked minutes of counted bookings divided by bookable
 * minutes, where a space's bookable minutes are its daily window (start_time to end_time, in its
 * location's zone) on each day of the period that is not one of its blackout days. 0 without
 * bookable time.
 */
export function occupancyPercent(bookedMinutes: number, bookableMinutes: number): number {
  if (bookableMinutes <= 0) return 0
  return Math.round((bookedMinutes / bookableMinutes) * 10_000) / 100
}

/** A part of a whole (integers: cents, bookings) in percent, to two decimals half up; 0 when the whole is 0. */
export function sharePercent(part: number, whole: number): number {
  return whole > 0 ? proportion(part, 10_000, whole) / 100 : 0
}

/** Average of a sum over a count, to two decimals; 0 for no bookings. */
export function averageOf(total: number, count: number): number {
  return count > 0 ? Math.round((total / count) * 100) / 100 : 0
}

export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/**
 * The financial year that starts in `year`: from the first of the organization's start month
 * (organizations.month_id; 1 makes it the calendar year) for twelve months. Labelled "2026" for a
 * calendar year, "FY 2026/27" otherwise.
 */
export function financialYear(
  year: number,
  startMonth: number,
): { from: IsoDate; to: IsoDate; label: string } {
  const from = `${String(year).padStart(4, '0')}-${String(startMonth).padStart(2, '0')}-01`
  const label = startMonth === 1 ? String(year) : `FY ${year}/${String((year + 1) % 100).padStart(2, '0')}`
  return { from, to: addMonths(from, 12), label }
}

export interface ReportBucket {
  /** yyyy-MM-dd of a day (monthly) or yyyy-MM of a month (yearly). */
  key: string
  label: string
}

export interface ReportPeriod {
  from: IsoDate
  /** Exclusive. */
  to: IsoDate
  label: string
  /** The days of a monthly report, the months of a yearly one. */
  buckets: ReportBucket[]
}

/**
 * The period of a report: a month is the calendar month; a year is the financial year starting in
 * that year. Bookings fall in it, and in its buckets, by their start's local date in their
 * location's zone, not by UTC.
 */
export function reportPeriod(
  duration: ReportDuration,
  year: number,
  month: number,
  startMonth: number,
): ReportPeriod {
  if (duration === 'monthly') {
    const from = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`
    const to = addMonths(from, 1)
    const buckets: ReportBucket[] = []
    for (let day = from; day < to; day = addDays(day, 1)) buckets.push({ key: day, label: day.slice(8) })
    return { from, to, label: `${monthNames[month - 1]} ${year}`, buckets }
  }
  const fy = financialYear(year, startMonth)
  const buckets: ReportBucket[] = []
  for (let first = fy.from; first < fy.to; first = addMonths(first, 1)) {
    const monthIndex = Number(first.slice(5, 7)) - 1
    buckets.push({
      key: first.slice(0, 7),
      label: `${(monthNames[monthIndex] ?? '').slice(0, 3)} ${first.slice(0, 4)}`,
    })
  }
  return { ...fy, buckets }
}

/** The bucket key of a local date in a period of the given duration. */
export function bucketKey(duration: ReportDuration, localDate: IsoDate): string {
  return duration === 'monthly' ? localDate : localDate.slice(0, 7)
}

export const weekdayNames = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const

/** ISO weekday (1 Monday … 7 Sunday) of a local date. */
export function isoWeekday(date: IsoDate): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay()
  return day === 0 ? 7 : day
}
