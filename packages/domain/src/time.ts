import { z } from 'zod'
import type { TimeFormat } from './organizations/constants.ts'

/** Dates are shown dd-MM-yyyy, or MM-dd-yyyy when the organization's time format is mm/dd (spec 1 §9). */
export function dateDisplayFormat(timeFormat: TimeFormat | null | undefined): 'DD-MM-YYYY' | 'MM-DD-YYYY' {
  return timeFormat === 'mm/dd' ? 'MM-DD-YYYY' : 'DD-MM-YYYY'
}

/** A wall-clock time stored as HH:mm (24 h). */
export type WallTime = string
export const wallTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 09:00.')

/** HH:mm → hh:mm A, as times are shown (09:00 → 09:00 AM, 20:00 → 08:00 PM). */
export function formatWallTime(time: WallTime): string {
  const [h = 0, m = 0] = time.split(':').map(Number)
  const suffix = h < 12 ? 'AM' : 'PM'
  const hour12 = h % 12 === 0 ? 12 : h % 12
  return `${String(hour12).padStart(2, '0')}:${String(m).padStart(2, '0')} ${suffix}`
}

/** Whether the runtime's time zone database (ICU, kept current with Node.js) knows this IANA zone. */
export function isIanaTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return zone.includes('/') || zone === 'UTC'
  } catch {
    return false
  }
}

/** The zone's offset from UTC at an instant, as +HH:MM / -HH:MM. */
export function timeZoneOffset(zone: string, at: Date = new Date()): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT'
  const offset = name.replace('GMT', '')
  return offset === '' ? '+00:00' : offset
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>()
function wallClockFormat(zone: string) {
  let format = wallClockFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    wallClockFormats.set(zone, format)
  }
  return format
}

/** A calendar date as YYYY-MM-DD. */
export type IsoDate = string

/** The wall-clock date and time (HH:mm) of an instant in a zone. */
export function wallClock(instant: Date, zone: string): { date: IsoDate; time: WallTime } {
  const parts: Record<string, string> = {}
  for (const part of wallClockFormat(zone).formatToParts(instant)) parts[part.type] = part.value
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` }
}

function offsetMinutesAt(zone: string, instant: number): number {
  const parts: Record<string, string> = {}
  for (const part of wallClockFormat(zone).formatToParts(new Date(instant))) parts[part.type] = part.value
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  )
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000)
}

/**
 * The instant a wall-clock date and time happens in a zone, or null when the clock skips it
 * (spring forward). A time the clock passes twice (fall back) is its first occurrence.
 */
export function zonedInstant(date: IsoDate, time: WallTime, zone: string): Date | null {
  const [y = 0, mo = 1, d = 1] = date.split('-').map(Number)
  const [h = 0, mi = 0] = time.split(':').map(Number)
  const asUtc = Date.UTC(y, mo - 1, d, h, mi)
  const candidates = [
    asUtc - offsetMinutesAt(zone, asUtc - 86_400_000) * 60_000,
    asUtc - offsetMinutesAt(zone, asUtc + 86_400_000) * 60_000,
  ].sort((a, b) => a - b)
  for (const candidate of candidates) {
    const back = wallClock(new Date(candidate), zone)
    if (back.date === date && back.time === time) return new Date(candidate)
  }
  return null
}

/** The first instant of a date in a zone: midnight, or the first minute that exists when the clock skips it. */
export function startOfDay(date: IsoDate, zone: string): Date {
  for (const time of ['00:00', '00:30', '01:00', '02:00']) {
    const instant = zonedInstant(date, time, zone)
    if (instant) return instant
  }
  throw new Error(`No start of day for ${date} in ${zone}`)
}

/** Minutes since midnight of an HH:mm time. */
export function minutesOfDay(time: WallTime): number {
  const [h = 0, m = 0] = time.split(':').map(Number)
  return h * 60 + m
}

/** 90 → { hours: 1, minutes: 30 } */
export function hoursAndMinutes(totalMinutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 }
}

/** YYYY-MM-DD plus whole days (calendar arithmetic, no time zone involved). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

/** YYYY-MM-DD plus whole months, the day kept or clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number)
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate()
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10)
}

/** DD/MM/YYYY (how the already-booked slots call takes its date) → YYYY-MM-DD, or null. */
export function isoFromDayMonthYear(text: string): IsoDate | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text)
  if (!match) return null
  const iso = `${match[3]}-${match[2]}-${match[1]}`
  return isIsoDate(iso) ? iso : null
}

/** Whether text is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  return new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text
}
