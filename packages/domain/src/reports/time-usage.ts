import { wallClock } from '../time.ts'
import { averageOf } from './measures.ts'

/**
 * The time and usage reports' measures (Booking Lead Time, Busy Day of the Week, Busy Time of the
 * Day, Gratis Usage, Voucher Usage), defined once; the API's statements compute the same in SQL
 * (apps/api/src/modules/reports/types/) and the tests compare both with figures made by hand.
 */

/**
 * The lead-time bands of the distribution, by whole days of lead (lead minutes ÷ 1440, rounded
 * down): a band holds the leads below its `belowDays` and at or above the previous band's.
 */
export const leadBands = [
  { label: 'Same day (< 1 day)', belowDays: 1 },
  { label: '1–2 days', belowDays: 3 },
  { label: '3–7 days', belowDays: 8 },
  { label: '8–14 days', belowDays: 15 },
  { label: '15–30 days', belowDays: 31 },
  { label: '31–90 days', belowDays: 91 },
  { label: 'Over 90 days', belowDays: null },
] as const

/** The index in `leadBands` of a booking's lead, given in lead minutes (measures.ts leadMinutes). */
export function leadBandIndex(minutes: number): number {
  const days = Math.floor(minutes / 1440)
  const index = leadBands.findIndex((band) => band.belowDays !== null && days < band.belowDays)
  return index === -1 ? leadBands.length - 1 : index
}

/** The average lead in days of `count` bookings whose lead minutes add up to `totalMinutes`, to two decimals. */
export function averageLeadDays(totalMinutes: number, count: number): number {
  return averageOf(totalMinutes / 1440, count)
}

/**
 * The minutes of [start, end) that fall in each wall-clock hour (0–23) of the zone: every elapsed
 * minute goes to the hour the location's clock shows at that minute. A 09:30–11:00 booking gives
 * 30 minutes to 9 and 60 to 10. On the day the clock goes back, the repeated hour is one slot and
 * can collect up to 120 minutes of one booking; on the day it goes forward, the skipped hour
 * collects none. The minutes always add up to the booking's elapsed minutes. (Zones change their
 * clock at the top of a local hour, so a stretch between two local hour boundaries has one hour.)
 */
export function wallHourMinutes(start: Date, end: Date, zone: string): number[] {
  const minutes = Array.from({ length: 24 }, () => 0)
  const stop = end.getTime()
  for (let at = start.getTime(); at < stop; ) {
    const [hour = 0, minute = 0] = wallClock(new Date(at), zone).time.split(':').map(Number)
    const next = Math.min(stop, at - (at % 60_000) + (60 - minute) * 60_000)
    minutes[hour] = (minutes[hour] ?? 0) + (next - at) / 60_000
    at = next
  }
  return minutes
}

/** The wall-clock hour a booking starts in, 0–23, in its location's zone. */
export function wallStartHour(start: Date, zone: string): number {
  return Number(wallClock(start, zone).time.slice(0, 2))
}

/** "09:00": how an hour slot of Busy Time of the Day is named. */
export function hourSlotLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`
}

/** Gratis minutes a booking used: the minutes granted less those refunded. */
export function gratisUsedMinutes(gratisMinutes: number, refundedGratisMinutes: number): number {
  return Math.max(0, gratisMinutes - refundedGratisMinutes)
}

/** A booking uses gratis when it used at least one gratis minute. */
export function usesGratis(gratisMinutes: number, refundedGratisMinutes: number): boolean {
  return gratisUsedMinutes(gratisMinutes, refundedGratisMinutes) > 0
}

/** A booking uses a voucher when it carries a voucher code, whatever the discount it gave. */
export function usesVoucher(voucherCode: string): boolean {
  return voucherCode !== ''
}

/** How many clients Gratis Usage lists, by gratis hours (most first). */
export const GRATIS_TOP_CLIENTS = 20
