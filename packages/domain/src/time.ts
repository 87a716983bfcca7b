import { z } from 'zod'
import type { TimeFormat } from './organizations/constants.ts'
import { type RuleParams, requiredError } from './validation-messages.ts'

/** Dates are shown dd-MM-yyyy, or MM-dd-yyyy when the organization's time format is mm/dd (spec 1 §9). */
export function dateDisplayFormat(timeFormat: TimeFormat | null | undefined): 'DD-MM-YYYY' | 'MM-DD-YYYY' {
  return timeFormat === 'mm/dd' ? 'MM-DD-YYYY' : 'DD-MM-YYYY'
}

/** A wall-clock time stored as HH:mm (24 h). */
export type WallTime = string

/** A calendar date as YYYY-MM-DD. */
export type IsoDate = string

/**
 * The years a date from outside may name. Nothing Spaceboard records is older than 1900 (and below
 * year 100 JavaScript's Date.UTC reads a year as 19xx). The last is 9998, not 9999: a day's instants
 * west of UTC, the day after of a booked-slots window and the bookings list's margin fall in the
 * next year, and the database drivers cannot write an instant of year 10000 (PGlite sends
 * "+010000-…", which PostgreSQL refuses).
 */
export const FIRST_YEAR = 1900
export const LAST_YEAR = 9998

/** The ways a date or time from outside is written: the API's, and DD/MM/YYYY of the booked-slots call. */
const dateTimeFormats = {
  'YYYY-MM-DD': /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})$/,
  'DD/MM/YYYY': /^(?<day>\d{2})\/(?<month>\d{2})\/(?<year>\d{4})$/,
  'HH:mm': /^(?<hour>\d{2}):(?<minute>\d{2})$/,
  'YYYY-MM-DD HH:mm': /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2}) (?<hour>\d{2}):(?<minute>\d{2})$/,
} as const
export type DateTimeFormat = keyof typeof dateTimeFormats

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/**
 * The one parser of dates and times that come from outside (query strings, bodies): what the text
 * says when, written in `format`, it names a real date and time, otherwise null — 2024-13-01,
 * 2024-02-30, 0000-00-00, 9999-99-99 and 24:00 included. It never throws, for any input, so a bad
 * value is a 400 naming its field and never reaches Date (whose toISOString throws on them).
 */
export function parseDateTime(
  text: unknown,
  format: DateTimeFormat,
): { date: IsoDate | null; time: WallTime | null } | null {
  if (typeof text !== 'string' || text.length > format.length) return null
  const fields = dateTimeFormats[format].exec(text)?.groups
  if (!fields) return null
  let date: IsoDate | null = null
  if (fields.year !== undefined) {
    const [year, month, day] = [Number(fields.year), Number(fields.month), Number(fields.day)]
    if (year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12) return null
    if (day < 1 || day > daysInMonth(year, month)) return null
    date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`
  }
  let time: WallTime | null = null
  if (fields.hour !== undefined) {
    const [hour, minute] = [Number(fields.hour), Number(fields.minute)]
    if (hour > 23 || minute > 59) return null
    time = `${pad(hour)}:${pad(minute)}`
  }
  return { date, time }
}

/** YYYY-MM-DD from outside → the date, or null when it is not a real one. */
export function parseIsoDate(text: unknown): IsoDate | null {
  return parseDateTime(text, 'YYYY-MM-DD')?.date ?? null
}

/** DD/MM/YYYY (how the already-booked slots call takes its date) → YYYY-MM-DD, or null. */
export function parseDayMonthYear(text: unknown): IsoDate | null {
  return parseDateTime(text, 'DD/MM/YYYY')?.date ?? null
}

/** HH:mm (24 h) from outside → the time, or null. */
export function parseWallTime(text: unknown): WallTime | null {
  return parseDateTime(text, 'HH:mm')?.time ?? null
}

/** "YYYY-MM-DD HH:mm" (a wall-clock moment, as the reschedule calls send it) → its date and time, or null. */
export function parseWallDateTime(text: unknown): { date: IsoDate; time: WallTime } | null {
  const parsed = parseDateTime(text, 'YYYY-MM-DD HH:mm')
  return parsed?.date && parsed.time ? { date: parsed.date, time: parsed.time } : null
}

/** ±HH:MM → minutes east of UTC, or null when it is not an offset a zone can have (within ±14:00). */
export function offsetMinutes(offset: string): number | null {
  const parts = /^([+-])(\d{2}):(\d{2})$/.exec(offset)
  if (!parts) return null
  const minutes = Number(parts[2]) * 60 + Number(parts[3])
  if (Number(parts[3]) > 59 || minutes > 14 * 60) return null
  return parts[1] === '-' ? -minutes : minutes
}

/** Minutes east of UTC → ±HH:MM. */
export function offsetText(minutes: number): string {
  const whole = Math.abs(Math.round(minutes))
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`
}

/**
 * "YYYY-MM-DD HH:mm", optionally followed by the UTC offset that tells which of a fall-back
 * night's two 02:30s is meant ("2027-04-04 02:30+10:00") → its parts, or null.
 */
export function parseWallMoment(text: unknown): WallMoment | null {
  if (typeof text !== 'string') return null
  const offset = /[+-]\d{2}:\d{2}$/.exec(text)?.[0]
  const wall = parseWallDateTime(offset ? text.slice(0, -offset.length) : text)
  if (!wall) return null
  if (!offset) return wall
  return offsetMinutes(offset) === null ? null : { ...wall, offset }
}

/**
 * The rule a date written YYYY-MM-DD (alone or at the start of a moment) breaks: a day its month
 * lacks (2026-02-30) or a year outside FIRST_YEAR–LAST_YEAR (9999-01-01), so the refusal names that
 * rule and not the format. Null for text not written so, and for a real date.
 */
export function dateRule(text: string): RuleParams | null {
  const written = /^(\d{4})-(\d{2})-(\d{2})/.exec(text)
  if (!written || isIsoDate(written[0])) return null
  const year = Number(written[1])
  if (year < FIRST_YEAR || year > LAST_YEAR)
    return { rule: 'date-range', first: `${FIRST_YEAR}-01-01`, last: `${LAST_YEAR}-12-31` }
  return { rule: 'date-impossible', value: written[0] }
}

/** Whether text is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: unknown): text is IsoDate {
  return parseIsoDate(text) !== null
}

/** Whether text is a wall-clock time written HH:mm. */
export function isWallTime(text: unknown): text is WallTime {
  return parseWallTime(text) !== null
}

export const dateFormatMessage = 'Use a date like 2026-12-24.'
export const timeFormatMessage = 'Use a time like 09:00.'

/**
 * A schema's YYYY-MM-DD date: anything else, an impossible date or another type, is refused with
 * `message` (the field's spec message where it has one).
 */
export function isoDateSchema(message: string = dateFormatMessage) {
  return z
    .string({ error: requiredError(message) })
    .superRefine((text, ctx) => {
      if (isIsoDate(text)) return
      const params = dateRule(text)
      ctx.addIssue(params ? { code: 'custom', params } : { code: 'custom', message })
    })
    .meta({ format: 'date', example: '2026-12-24' })
}

/** A schema's HH:mm wall-clock time, refused with `message` otherwise. */
export function wallTimeSchema(message: string = timeFormatMessage) {
  return z
    .string({ error: requiredError(message) })
    .refine(isWallTime, message)
    .meta({ pattern: dateTimeFormats['HH:mm'].source, example: '09:00' })
}

export const wallTime = wallTimeSchema()

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

/**
 * The wall-clock date and time (HH:mm) of an instant in a zone: the instant moved by the zone's
 * offset, read as UTC. Lists show two per row, and Intl's formatToParts costs about 10 µs a call.
 */
export function wallClock(instant: Date, zone: string): { date: IsoDate; time: WallTime } {
  const ms = instant.getTime()
  if (Number.isNaN(ms)) throw new RangeError('Invalid time value')
  const local = new Date(Math.floor(ms / 1000) * 1000 + rememberedOffsetAt(zone, ms))
  return {
    date: `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  }
}

const OFFSET_SPAN_MS = 86_400_000
const MAX_REMEMBERED_SPANS = 50_000
const offsetsBySpan = new Map<string, Map<number, number>>()

/**
 * offsetAt, remembered per zone and UTC day. A day whose first and last second have the same
 * offset has it throughout: no zone changes its clock and back within a day (tzdata's closest are
 * weeks apart, e.g. Casablanca's Ramadan). A day with a change inside is computed every time.
 * Remembering quarter hours instead cost the demo seed 0.2 s: each of its booking times was a new
 * quarter hour, two Intl calls each.
 */
function rememberedOffsetAt(zone: string, instant: number): number {
  let spans = offsetsBySpan.get(zone)
  if (!spans) {
    spans = new Map()
    offsetsBySpan.set(zone, spans)
  }
  const span = Math.floor(instant / OFFSET_SPAN_MS)
  const remembered = spans.get(span)
  if (remembered !== undefined) return remembered
  const first = offsetAt(zone, span * OFFSET_SPAN_MS)
  if (first !== offsetAt(zone, (span + 1) * OFFSET_SPAN_MS - 1000)) return offsetAt(zone, instant)
  if (spans.size >= MAX_REMEMBERED_SPANS) spans.clear()
  spans.set(span, first)
  return first
}

/**
 * The zone's offset from UTC at an instant, in milliseconds. Whole seconds, not minutes: before
 * standard time zones, local mean time was offset by seconds too (Monrovia −00:44:30 until 1972).
 */
function offsetAt(zone: string, instant: number): number {
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
  return asUtc - Math.floor(instant / 1000) * 1000
}

/**
 * The instant a wall-clock date and time happens in a zone, or null when the clock skips it
 * (spring forward). A time the clock passes twice (fall back) is its first occurrence, unless
 * `offset` (±HH:MM) names the occurrence: then the time at that offset, or null when the zone's
 * clock does not show it there.
 */
export function zonedInstant(date: IsoDate, time: WallTime, zone: string, offset?: string): Date | null {
  const [y = 0, mo = 1, d = 1] = date.split('-').map(Number)
  const [h = 0, mi = 0] = time.split(':').map(Number)
  const asUtc = Date.UTC(y, mo - 1, d, h, mi)
  if (offset !== undefined) {
    const minutes = offsetMinutes(offset)
    if (minutes === null) return null
    const instant = new Date(asUtc - minutes * 60_000)
    const back = wallClock(instant, zone)
    return back.date === date && back.time === time ? instant : null
  }
  const candidates = [
    asUtc - rememberedOffsetAt(zone, asUtc - 86_400_000),
    asUtc - rememberedOffsetAt(zone, asUtc + 86_400_000),
  ].sort((a, b) => a - b)
  for (const candidate of candidates) {
    const back = wallClock(new Date(candidate), zone)
    if (back.date === date && back.time === time) return new Date(candidate)
  }
  return null
}

/**
 * Today's date on a zone's clock: the one "today" of every screen, a location's (or, where no
 * location applies, its organization's), never the browser's or the server's own.
 */
export function todayIn(zone: string, now: Date = new Date()): IsoDate {
  return wallClock(now, zone).date
}

/** The zone's offset at an instant, as ±HH:MM. */
export function offsetOf(instant: Date, zone: string): string {
  return offsetText(rememberedOffsetAt(zone, instant.getTime()) / 60_000)
}

/** A wall-clock moment: its date and time, and the UTC offset when it is a repeated time's second pass. */
export interface WallMoment {
  date: IsoDate
  time: WallTime
  offset?: string
}

/**
 * An instant as the reschedule calls name it: its wall clock in the zone, with its UTC offset only
 * when that wall clock is the second of a fall-back night's two (which the plain time names the
 * first of).
 */
export function wallMoment(instant: Date, zone: string): WallMoment {
  const wall = wallClock(instant, zone)
  const first = zonedInstant(wall.date, wall.time, zone)
  return first && Math.floor(first.getTime() / 60_000) === Math.floor(instant.getTime() / 60_000)
    ? wall
    : { ...wall, offset: offsetOf(instant, zone) }
}

/** A wall-clock moment as the reschedule calls write it: "YYYY-MM-DD HH:mm", "2027-04-04 02:30+10:00". */
export const wallMomentOf = (moment: WallMoment) => `${moment.date} ${moment.time}${moment.offset ?? ''}`

/** The reschedule calls' text of an instant in a zone (wallMoment, written). */
export const wallMomentText = (instant: Date, zone: string) => wallMomentOf(wallMoment(instant, zone))

/**
 * The first instant of a date in a zone: midnight, or the first quarter hour that exists when the
 * clock skips midnight. A day the zone skipped whole (Samoa's 30 December 2011) has no instant of
 * its own: it starts, and ends, when the next day starts.
 */
export function startOfDay(date: IsoDate, zone: string): Date {
  for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
    const instant = zonedInstant(date, timeOfDay(minutes), zone)
    if (instant) return instant
  }
  return startOfDay(addDays(date, 1), zone)
}

/** Minutes since midnight of an HH:mm time. */
export function minutesOfDay(time: WallTime): number {
  const [h = 0, m = 0] = time.split(':').map(Number)
  return h * 60 + m
}

/** The HH:mm time that many minutes after midnight (the inverse of minutesOfDay; 1440 is "24:00"). */
export function timeOfDay(minutes: number): WallTime {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
}

/** 90 → { hours: 1, minutes: 30 } */
export function hoursAndMinutes(totalMinutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 }
}

/**
 * The UTC calendar date of a Date as YYYY-MM-DD. Not toISOString: it writes year 10000
 * (9999-12-31 plus a day) as +010000-01-01.
 */
function isoDateOf(utc: Date): IsoDate {
  return `${pad(utc.getUTCFullYear(), 4)}-${pad(utc.getUTCMonth() + 1)}-${pad(utc.getUTCDate())}`
}

/** YYYY-MM-DD plus whole days (calendar arithmetic, no time zone involved). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number)
  return isoDateOf(new Date(Date.UTC(y, m - 1, d + days)))
}

/** YYYY-MM-DD plus whole months, the day kept or clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number)
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate()
  return isoDateOf(new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))))
}
