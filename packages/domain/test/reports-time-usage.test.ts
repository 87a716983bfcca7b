import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  averageLeadDays,
  gratisUsedMinutes,
  leadBandIndex,
  leadBands,
  leadMinutes,
  leadTimeDays,
  reportCreatedAt,
  reportFileName,
  reportHasExport,
  sharePercent,
  wallHourMinutes,
  wallStartHour,
} from '../src/index.ts'

const utc = (iso: string) => new Date(`${iso}:00Z`)
/** The hours with minutes, as [hour, minutes] pairs. */
const slots = (minutes: number[]) =>
  minutes.flatMap((value, hour) => (value === 0 ? [] : [[hour, value] as [number, number]]))

describe('lead time', () => {
  it('counts whole minutes from creation to start, never below zero', () => {
    expect(leadMinutes(utc('2026-04-01T00:00'), utc('2026-04-03T12:00'))).toBe(3600)
    expect(leadMinutes(utc('2026-04-03T12:00'), utc('2026-04-01T00:00'))).toBe(0)
    expect(leadTimeDays(utc('2026-04-01T00:00'), utc('2026-04-03T12:00'))).toBe(2.5)
  })

  it('bands whole days: <1, 1–2, 3–7, 8–14, 15–30, 31–90, over 90', () => {
    const day = 1440
    const cases: [number, number][] = [
      [0, 0],
      [day - 1, 0],
      [day, 1],
      [3 * day - 1, 1],
      [3 * day, 2],
      [8 * day - 1, 2],
      [8 * day, 3],
      [15 * day, 4],
      [30 * day + 1439, 4],
      [31 * day, 5],
      [90 * day + 1439, 5],
      [91 * day, 6],
      [400 * day, 6],
    ]
    for (const [minutes, band] of cases) expect([minutes, leadBandIndex(minutes)]).toEqual([minutes, band])
    expect(leadBands).toHaveLength(7)
    // 7290 minutes over 2 bookings: 2.53125 days → 2.53.
    expect(averageLeadDays(7290, 2)).toBe(2.53)
    expect(averageLeadDays(0, 0)).toBe(0)
  })
})

describe('wall-clock hours of a booking', () => {
  it('gives 09:30–11:00 30 minutes to 9 and 60 to 10', () => {
    // Sydney in May is UTC+10.
    const minutes = wallHourMinutes(utc('2026-05-04T23:30'), utc('2026-05-05T01:00'), 'Australia/Sydney')
    expect(slots(minutes)).toEqual([
      [9, 30],
      [10, 60],
    ])
    expect(wallStartHour(utc('2026-05-04T23:30'), 'Australia/Sydney')).toBe(9)
  })

  it('puts both passes of the repeated hour in one slot when the clock goes back (Sydney, 5 April 2026)', () => {
    // 01:30 AEDT (14:30 UTC) → 03:30 AEST (17:30 UTC): 180 minutes.
    const minutes = wallHourMinutes(utc('2026-04-04T14:30'), utc('2026-04-04T17:30'), 'Australia/Sydney')
    expect(slots(minutes)).toEqual([
      [1, 30],
      [2, 120],
      [3, 30],
    ])
  })

  it('gives the skipped hour nothing when the clock goes forward (Sydney, 4 October 2026)', () => {
    // 01:30 AEST (15:30 UTC) → 03:30 AEDT (16:30 UTC): 60 minutes.
    const minutes = wallHourMinutes(utc('2026-10-03T15:30'), utc('2026-10-03T16:30'), 'Australia/Sydney')
    expect(slots(minutes)).toEqual([
      [1, 30],
      [3, 30],
    ])
  })

  it('cuts at the local hour in half- and quarter-hour zones, and on Lord Howe’s half-hour clock change', () => {
    // Adelaide UTC+9:30 in May: 00:00–01:00 UTC is 09:30–10:30.
    expect(
      slots(wallHourMinutes(utc('2026-05-05T00:00'), utc('2026-05-05T01:00'), 'Australia/Adelaide')),
    ).toEqual([
      [9, 30],
      [10, 30],
    ])
    // Kathmandu UTC+5:45: 04:00–05:00 UTC is 09:45–10:45.
    expect(
      slots(wallHourMinutes(utc('2026-05-05T04:00'), utc('2026-05-05T05:00'), 'Asia/Kathmandu')),
    ).toEqual([
      [9, 15],
      [10, 45],
    ])
    // Lord Howe goes from +10:30 to +11 at 02:00 local on 4 October 2026 (15:30 UTC):
    // 15:00–16:30 UTC is 01:30–02:00 then 02:30–03:30.
    expect(
      slots(wallHourMinutes(utc('2026-10-03T15:00'), utc('2026-10-03T16:30'), 'Australia/Lord_Howe')),
    ).toEqual([
      [1, 30],
      [2, 30],
      [3, 30],
    ])
  })

  it('always adds up to the elapsed minutes', () => {
    const zones = ['Australia/Sydney', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/New_York', 'UTC']
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 366 * 24 * 4 }),
        fc.integer({ min: 1, max: 48 * 4 }),
        fc.constantFrom(...zones),
        (startQuarter, quarters, zone) => {
          const start = new Date(Date.UTC(2026, 0, 1) + startQuarter * 15 * 60_000)
          const end = new Date(start.getTime() + quarters * 15 * 60_000)
          const minutes = wallHourMinutes(start, end, zone)
          expect(minutes.reduce((sum, value) => sum + value, 0)).toBe(quarters * 15)
          expect(minutes.every((value) => value >= 0)).toBe(true)
        },
      ),
      { seed: 20, numRuns: 300 },
    )
  })
})

describe('usage', () => {
  it('counts gratis used as granted less refunded, and shares in percent to two decimals', () => {
    expect(gratisUsedMinutes(45, 15)).toBe(30)
    expect(gratisUsedMinutes(30, 30)).toBe(0)
    expect(sharePercent(1, 3)).toBe(33.33)
    expect(sharePercent(0, 0)).toBe(0)
  })
})

describe('report workbook', () => {
  it('writes the creation time on the location clock in the organization date format, naming the zone', () => {
    const now = utc('2026-04-04T14:30')
    expect(reportCreatedAt(now, 'Australia/Sydney', 'dd/mm')).toBe('05-04-2026 01:30 (Australia/Sydney)')
    expect(reportCreatedAt(now, 'America/New_York', 'mm/dd')).toBe('04-04-2026 10:30 (America/New_York)')
    expect(reportCreatedAt(now, 'UTC', 'mm/dd')).toBe('04-04-2026 14:30 (UTC)')
  })

  it('names the file after the report and its period; the organization benchmarking has none', () => {
    expect(reportFileName('Booking Lead Time', 'April 2026')).toBe('Booking Lead Time April 2026.xlsx')
    expect(reportHasExport('bcIndustryBenchmarking')).toBe(false)
    expect(reportHasExport('superIndustryBenchmarking')).toBe(true)
    expect(reportHasExport('leadTime')).toBe(true)
  })
})
