import { messages } from '../messages.ts'
import { formatWallTime, hoursAndMinutes, type IsoDate, minutesOfDay, type WallTime } from '../time.ts'
import { hasAnyRate, type RoomRates, rateDurationRule } from './pricing.ts'

/** Booking times move in 15 minute steps (spec 2 §9). */
export const BOOKING_STEP_MINUTES = 15

export interface DateRange {
  startDate: IsoDate
  /** Open-ended when null. */
  endDate: IsoDate | null
}

export interface SpaceForBooking {
  isActive: boolean
  capacity: number
  minimumDurationMinutes: number
  maximumDurationMinutes: number
  /** Bookable window, HH:mm in the center's zone. */
  startTime: WallTime
  endTime: WallTime
  preMakeupMinutes: number
  postMakeupMinutes: number
  rates: RoomRates
  blackoutPeriods: readonly DateRange[]
}

export interface CenterForBooking {
  openTime: WallTime
  closeTime: WallTime
  openAfterHours: boolean
}

/** A wall-clock stretch of a day, HH:mm; `closes` is "24:00" when it runs to midnight. */
export interface BookableWindow {
  opens: WallTime
  closes: WallTime
}

/** A window's end as stored ("00:00" after the start means midnight at the day's end). */
const closingTime = (time: WallTime): WallTime => (time === '00:00' ? '24:00' : time)

/**
 * When a space can be booked on a day of its location, on the location's clock: its own window cut
 * to the location's opening hours (unless the location is open after hours); null when the two do
 * not meet. The same every day of the week. On a clock-change day these wall-clock times keep
 * their meaning (a window that opens in a skipped hour opens when the clock resumes). The server's
 * check, the calendar's shading and the New Booking form's times all read this one rule.
 */
export function bookableWindow(
  space: Pick<SpaceForBooking, 'startTime' | 'endTime'>,
  center: CenterForBooking,
): BookableWindow | null {
  const own = { opens: space.startTime, closes: closingTime(space.endTime) }
  const window = center.openAfterHours
    ? own
    : {
        // HH:mm texts compare as the times they name.
        opens: [own.opens, center.openTime].sort()[1] as WallTime,
        closes: [own.closes, closingTime(center.closeTime)].sort()[0] as WallTime,
      }
  return window.opens < window.closes ? window : null
}

/**
 * Why a slot (wall clock, same day) lies outside its bookable window, naming the limit it breaks:
 * the space's own window, or the location's opening hours; null when it lies inside.
 */
export function outsideBookableWindow(
  slot: Pick<SlotRequest, 'startTime' | 'endTime'>,
  space: Pick<SpaceForBooking, 'startTime' | 'endTime'>,
  center: CenterForBooking,
): string | null {
  const window = bookableWindow(space, center)
  const end = closingTime(slot.endTime)
  if (window && slot.startTime >= window.opens && end <= window.closes) return null
  const own = { opens: space.startTime, closes: closingTime(space.endTime) }
  return slot.startTime < own.opens || end > own.closes || center.openAfterHours
    ? messages.outsideSpaceWindow(formatWallTime(space.startTime), formatWallTime(space.endTime))
    : messages.outsideCenterHours(formatWallTime(center.openTime), formatWallTime(center.closeTime))
}

export interface PackageForBooking {
  type: 'fixed' | 'duration'
  minAttendees: number
  startTime: WallTime | null
  endTime: WallTime | null
  durationMinutes: number | null
}

export interface SlotRequest {
  date: IsoDate
  startTime: WallTime
  endTime: WallTime
  attendees: number
}

/** booking_date problems depend on the date; the others hold for every date of a series. */
export type SlotField =
  | 'booking_date'
  | 'start_time'
  | 'end_time'
  | 'attendees'
  | 'package_id'
  | 'meeting_room_id'
export interface SlotProblem {
  field: SlotField
  message: string
}

export function inRanges(date: IsoDate, ranges: readonly DateRange[]): boolean {
  return ranges.some((r) => r.startDate <= date && (r.endDate === null || date <= r.endDate))
}

/**
 * What is wrong with a slot for a space, before anyone else's bookings are looked at (spec 2 §5
 * and what the space, its center and the organization allow). Times are the center's wall clock.
 * `minutesUntilStart` is measured by the caller from the real instant, so daylight saving is
 * already accounted for.
 */
export function slotProblems(input: {
  slot: SlotRequest
  space: SpaceForBooking
  center: CenterForBooking
  organizationBlackoutPeriods: readonly DateRange[]
  minimumNoticeDays: number
  minutesUntilStart: number
  durationMinutes: number
  package?: PackageForBooking | null
}): SlotProblem[] {
  const { slot, space, center, durationMinutes } = input
  const problems: SlotProblem[] = []
  const add = (field: SlotField, message: string) => problems.push({ field, message })
  const start = minutesOfDay(slot.startTime)
  const end = minutesOfDay(slot.endTime)

  if (!space.isActive) add('meeting_room_id', messages.spaceNotBookable)
  if (end <= start) {
    add('end_time', messages.invalidTimeRange)
    return problems
  }
  if (start % BOOKING_STEP_MINUTES !== 0 || end % BOOKING_STEP_MINUTES !== 0)
    add('start_time', messages.quarterHourSteps)
  if (input.minutesUntilStart < 0) add('booking_date', messages.bookingInPast)
  else if (input.minutesUntilStart < input.minimumNoticeDays * 24 * 60)
    add('booking_date', messages.minimumNotice(input.minimumNoticeDays))
  if (inRanges(slot.date, input.organizationBlackoutPeriods))
    add('booking_date', messages.organizationBlackout)
  if (inRanges(slot.date, space.blackoutPeriods)) add('booking_date', messages.spaceBlackout)

  const windowProblem = outsideBookableWindow(slot, space, center)
  if (windowProblem) add('start_time', windowProblem)

  if (!Number.isInteger(slot.attendees) || slot.attendees < 1) add('attendees', messages.attendeesRequired)
  else if (slot.attendees > space.capacity) add('attendees', messages.capacityExceeded(space.capacity))

  const pkg = input.package
  if (pkg) {
    if (slot.attendees < pkg.minAttendees) add('attendees', messages.packageMinAttendees(pkg.minAttendees))
    if (pkg.type === 'fixed' && (slot.startTime !== pkg.startTime || slot.endTime !== pkg.endTime))
      add(
        'start_time',
        messages.packageFixedSlot(formatWallTime(pkg.startTime ?? ''), formatWallTime(pkg.endTime ?? '')),
      )
    if (pkg.type === 'duration' && durationMinutes !== pkg.durationMinutes) {
      const { hours, minutes } = hoursAndMinutes(pkg.durationMinutes ?? 0)
      add('end_time', messages.packageDuration(hours, minutes))
    }
    return problems
  }

  if (!hasAnyRate(space.rates)) add('meeting_room_id', messages.spaceHasNoRates)
  // The rates' own rule says more than a minimum duration that merely follows from it.
  const rateRule = rateDurationRule(space.rates, durationMinutes)
  if (rateRule) add('end_time', messages[rateRule])
  else if (durationMinutes < space.minimumDurationMinutes) {
    const { hours, minutes } = hoursAndMinutes(space.minimumDurationMinutes)
    add('end_time', messages.minDuration(hours, minutes))
  } else if (durationMinutes > space.maximumDurationMinutes) {
    const { hours, minutes } = hoursAndMinutes(space.maximumDurationMinutes)
    add('end_time', messages.maxDuration(hours, minutes))
  }
  return problems
}

export interface BusyRange {
  /** Epoch milliseconds, half-open [start, end). */
  start: number
  end: number
}

export function overlaps(a: BusyRange, b: BusyRange): boolean {
  return a.start < b.end && b.start < a.end
}

/**
 * The preparation time a slot lacks next to its neighbours, in minutes (0 when the gaps are long
 * enough): the space needs preMakeup minutes free before a booking and postMakeup after it.
 */
export function missingPreparationMinutes(
  slot: BusyRange,
  neighbours: readonly BusyRange[],
  preMakeupMinutes: number,
  postMakeupMinutes: number,
): number {
  let missing = 0
  for (const other of neighbours) {
    if (overlaps(slot, other)) continue
    const gapBefore = (slot.start - other.end) / 60_000
    const gapAfter = (other.start - slot.end) / 60_000
    // A gap between two bookings needs this booking's own preparation and the other's clean-up.
    const needed = preMakeupMinutes + postMakeupMinutes
    if (gapBefore >= 0 && gapBefore < needed) missing = Math.max(missing, needed - gapBefore)
    if (gapAfter >= 0 && gapAfter < needed) missing = Math.max(missing, needed - gapAfter)
  }
  return missing
}

/** "1 hour 30 minutes", "45 minutes" for the preparation-time question. */
export function describeMinutes(total: number): string {
  const { hours, minutes } = hoursAndMinutes(total)
  const parts: string[] = []
  if (hours) parts.push(`${hours} hour${hours === 1 ? '' : 's'}`)
  if (minutes || !hours) parts.push(`${minutes} minute${minutes === 1 ? '' : 's'}`)
  return parts.join(' ')
}
