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
