import { addDays, type IsoDate, minutesOfDay, startOfDay, type WallTime, zonedInstant } from '../time.ts'
import { averageOf } from './measures.ts'

/**
 * Occupancy (README "Reports"), the definition the API's SQL follows
 * (apps/api/src/modules/reports/occupancy.repository.ts):
 *
 *   occupancy % = booked minutes ÷ bookable minutes × 100, to two decimals (occupancyPercent)
 *
 * - Booked minutes: the durations of the counted bookings (cancelled ones never count) that fall
 *   in the period by their start's local date, of the spaces in scope.
 * - Bookable minutes of a space: its daily window (start_time to end_time, wall clock of its
 *   location's zone) on each day of the period, at its real length: on a daylight-saving day whose
 *   change falls inside the window the window is an hour shorter or longer.
 * - Less its blackout days: the days of the space's blackout periods, and of its organization's
 *   when the organization has the blackout feature on (as booking does); a day in both counts once.
 * - Archived spaces (or spaces of an archived location) count up to the day before their archive
 *   date in the location's zone, so archiving does not rewrite the past. Disabled spaces still
 *   count: the status has no history, and a past period must not change when a space is disabled
 *   today.
 * - Every space counts its own window, a combined space too; a booking counts on the space booked.
 */

export interface BlackoutPeriod {
  startDate: IsoDate
  /** null: the start day only. */
  endDate: IsoDate | null
}

/** Whether a date is one of the blackout days of the periods. */
export function isBlackoutDay(date: IsoDate, periods: readonly BlackoutPeriod[]): boolean {
  return periods.some((p) => date >= p.startDate && date <= (p.endDate ?? p.startDate))
}

/**
 * The real length in minutes of a daily window on a date in a zone: 09:00–20:00 is 660 minutes,
 * 600 or 720 when the clock changes between the two times. A time the clock skips is taken with
 * the offset before the change, as PostgreSQL does.
 */
export function windowMinutes(date: IsoDate, start: WallTime, end: WallTime, zone: string): number {
  const midnight = startOfDay(date, zone).getTime()
  const at = (time: WallTime) =>
    zonedInstant(date, time, zone)?.getTime() ?? midnight + minutesOfDay(time) * 60_000
  return Math.round((at(end) - at(start)) / 60_000)
}

export interface OccupancySpace {
  startTime: WallTime
  endTime: WallTime
  /** The location's IANA zone. */
  zone: string
  /** Local date of the archive (of the space or its location); null while in use. */
  archivedOn: IsoDate | null
  /** The space's blackout periods, with the organization's when it has the blackout feature. */
  blackouts: readonly BlackoutPeriod[]
}

/** Bookable minutes of a space over the local dates [from, to). */
export function bookableMinutes(space: OccupancySpace, from: IsoDate, to: IsoDate): number {
  let total = 0
  for (let day = from; day < to; day = addDays(day, 1)) {
    if (space.archivedOn !== null && day >= space.archivedOn) break
    if (isBlackoutDay(day, space.blackouts)) continue
    total += windowMinutes(day, space.startTime, space.endTime, space.zone)
  }
  return total
}

/**
 * Booking figures of an organization over a period for the industry benchmarking: booking value
 * is revenue without tax (tax rates differ between countries) and with amenities.
 */
export const benchmarkRevenue = { tax: 'exTax', amenities: 'incAmenity' } as const

export interface BenchmarkFacts {
  bookings: number
  revenueCents: number
  bookedMinutes: number
  bookableMinutes: number
}

export interface BenchmarkMeasures {
  /** Occupancy in percent (occupancyPercent). */
  averageoccupancy: number
  /** Revenue ÷ bookings, in the organization's currency, to the cent. */
  averagebookingvalue: number
  /** Booked hours ÷ bookings, to two decimals. */
  averagebookingduration: number
}

/** The three benchmark measures of an organization's figures. */
export function benchmarkMeasures(facts: BenchmarkFacts): BenchmarkMeasures {
  return {
    averageoccupancy:
      facts.bookableMinutes > 0
        ? Math.round((facts.bookedMinutes / facts.bookableMinutes) * 10_000) / 100
        : 0,
    averagebookingvalue: facts.bookings > 0 ? Math.round(facts.revenueCents / facts.bookings) / 100 : 0,
    averagebookingduration: averageOf(facts.bookedMinutes / 60, facts.bookings),
  }
}

/** The band steps of the benchmarking bullet charts (spec 3 §9). */
export const benchmarkBandSteps: Record<keyof BenchmarkMeasures, number> = {
  averageoccupancy: 25,
  averagebookingvalue: 150,
  averagebookingduration: 24,
}

/** Upper bounds of bullet bands in steps of `step` up to the first covering the largest value (at least one band). */
export function bulletRanges(largest: number, step: number): number[] {
  const bands = Math.max(1, Math.ceil(largest / step))
  return Array.from({ length: bands }, (_, i) => (i + 1) * step)
}
