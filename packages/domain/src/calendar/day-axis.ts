import {
  addDays,
  type IsoDate,
  minutesOfDay,
  offsetMinutes,
  offsetOf,
  startOfDay,
  timeOfDay,
  type WallTime,
  wallClock,
  zonedInstant,
} from '../time.ts'

/**
 * A day's time axis in its location's zone, as the calendar's day view lays it out (issue 16): one
 * row per hour that really passes, so a day whose clock goes forward has 23 rows and one whose
 * clock goes back has 25 (02:00 twice).
 *
 * The grid runs on a fixed clock: the UTC offset the day starts with. On it, "HH:mm" (which may
 * pass 24:00) is the time elapsed since the day began, so every instant has exactly one place
 * whatever the browser's own zone, and the rows are labelled with the location's wall clock.
 */
export interface DayAxis {
  date: IsoDate
  zone: string
  /** The zone's offset at the day's first instant (±HH:MM): the grid's fixed clock. */
  offset: string
  /** The day's first instant and the next day's, in epoch milliseconds. */
  start: number
  end: number
  /** The day's length in minutes: 1440, or 1380 and 1500 on clock-change days (1410, 1470 at Lord Howe). */
  minutes: number
}

export function dayAxis(date: IsoDate, zone: string): DayAxis {
  const start = startOfDay(date, zone)
  const end = startOfDay(addDays(date, 1), zone).getTime()
  return {
    date,
    zone,
    offset: offsetOf(start, zone),
    start: start.getTime(),
    end,
    minutes: Math.round((end - start.getTime()) / 60_000),
  }
}

/** Whether the day is not 24 hours long: the grid then needs its own axis. */
export const isClockChangeDay = (axis: DayAxis) => axis.minutes !== 24 * 60

const fixedOffsetMs = (axis: DayAxis) => (offsetMinutes(axis.offset) ?? 0) * 60_000

const pad = (n: number) => String(n).padStart(2, '0')

/** An instant's place on the axis: its date and time on the fixed clock ("2027-04-04T02:30:00"). */
export function axisTime(axis: DayAxis, instant: Date): string {
  const fixed = new Date(instant.getTime() + fixedOffsetMs(axis))
  return `${fixed.getUTCFullYear()}-${pad(fixed.getUTCMonth() + 1)}-${pad(fixed.getUTCDate())}T${pad(fixed.getUTCHours())}:${pad(fixed.getUTCMinutes())}:00`
}

/** The instant at a place on the axis (a date and HH:mm of its fixed clock, as the grid reports a drop). */
export function axisInstant(axis: DayAxis, at: { date: IsoDate; time: WallTime }): Date {
  const [y = 0, m = 1, d = 1] = at.date.split('-').map(Number)
  const [h = 0, mi = 0] = at.time.split(':').map(Number)
  return new Date(Date.UTC(y, m - 1, d, h, mi) - fixedOffsetMs(axis))
}

/**
 * The instant a wall-clock time names for shading and hours: its first occurrence, or, for a time
 * the clock skips, the moment the clock jumps over it (the first quarter hour after it that exists).
 */
export function wallInstant(date: IsoDate, time: WallTime, zone: string): Date {
  if (time >= '24:00') return startOfDay(addDays(date, 1), zone)
  for (let minutes = minutesOfDay(time); minutes < 24 * 60; minutes += 15) {
    const instant = zonedInstant(date, timeOfDay(minutes), zone)
    if (instant) return instant
  }
  return startOfDay(addDays(date, 1), zone)
}

/** A wall-clock time's place on the axis ("2026-10-04T03:00:00"): see wallInstant for skipped times. */
export const axisTimeOfWall = (axis: DayAxis, date: IsoDate, time: WallTime) =>
  axisTime(axis, wallInstant(date, time, axis.zone))

export interface AxisLabel {
  /** The location's wall clock at the row. */
  time: WallTime
  /** The zone's offset there (+11:00, then +10:00 after the clock goes back). */
  offset: string
  /** The second time the clock shows this time on the day (fall back). */
  repeated: boolean
}

/** The label of the row `elapsed` minutes into the day: the wall clock there, and whether it is the time's second pass. */
export function axisLabel(axis: DayAxis, elapsed: number): AxisLabel {
  const instant = new Date(axis.start + elapsed * 60_000)
  const wall = wallClock(instant, axis.zone)
  const first = zonedInstant(wall.date, wall.time, axis.zone)
  return {
    time: wall.time,
    offset: offsetOf(instant, axis.zone),
    repeated: first !== null && first.getTime() < instant.getTime() - 59_000,
  }
}
