import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  axisInstant,
  axisLabel,
  axisTime,
  axisTimeOfWall,
  dayAxis,
  isClockChangeDay,
  parseWallMoment,
  rescheduleQuoteQuerySchema,
  wallMomentText,
  zonedInstant,
} from '../src/index.ts'

const SYDNEY = 'Australia/Sydney'
/** Sydney's clocks go forward at 02:00 on the first Sunday of October, back at 03:00 on the first Sunday of April. */
const SPRING = '2026-10-04'
const FALL = '2027-04-04'

const rows = (date: string, zone: string) => {
  const axis = dayAxis(date, zone)
  const labels = []
  for (let elapsed = 0; elapsed < axis.minutes; elapsed += 60) {
    const label = axisLabel(axis, elapsed)
    labels.push(label.repeated ? `${label.time} (2nd)` : label.time)
  }
  return labels
}

const at = (date: string, time: string, offset?: string) => {
  const instant = zonedInstant(date, time, SYDNEY, offset)
  if (!instant) throw new Error(`${date} ${time} does not exist`)
  return instant
}

describe('a day on its location clock (calendar day axis)', () => {
  it('an ordinary day has 24 hourly rows', () => {
    const axis = dayAxis('2026-11-10', SYDNEY)
    expect(axis.minutes).toBe(1440)
    expect(isClockChangeDay(axis)).toBe(false)
    expect(rows('2026-11-10', SYDNEY)).toHaveLength(24)
  })

  it('spring forward: 23 rows, no 02:00', () => {
    const axis = dayAxis(SPRING, SYDNEY)
    expect(axis).toMatchObject({ minutes: 1380, offset: '+10:00' })
    expect(isClockChangeDay(axis)).toBe(true)
    const labels = rows(SPRING, SYDNEY)
    expect(labels).toHaveLength(23)
    expect(labels.slice(0, 4)).toEqual(['00:00', '01:00', '03:00', '04:00'])
    expect(labels.at(-1)).toBe('23:00')
  })

  it('fall back: 25 rows, 02:00 twice, the second marked and on the new offset', () => {
    const axis = dayAxis(FALL, SYDNEY)
    expect(axis).toMatchObject({ minutes: 1500, offset: '+11:00' })
    const labels = rows(FALL, SYDNEY)
    expect(labels).toHaveLength(25)
    expect(labels.slice(0, 5)).toEqual(['00:00', '01:00', '02:00', '02:00 (2nd)', '03:00'])
    expect(labels.at(-1)).toBe('23:00')
    expect(axisLabel(axis, 120)).toEqual({ time: '02:00', offset: '+11:00', repeated: false })
    expect(axisLabel(axis, 180)).toEqual({ time: '02:00', offset: '+10:00', repeated: true })
  })

  it('Lord Howe Island goes back half an hour: a 24½-hour day', () => {
    expect(dayAxis('2027-04-04', 'Australia/Lord_Howe').minutes).toBe(1470)
  })

  it('places a 01:30–03:30 booking at its true instants: 1 hour in spring, 3 hours in autumn', () => {
    const spring = dayAxis(SPRING, SYDNEY)
    expect(axisTime(spring, at(SPRING, '01:30'))).toBe(`${SPRING}T01:30:00`)
    expect(axisTime(spring, at(SPRING, '03:30'))).toBe(`${SPRING}T02:30:00`)
    const fall = dayAxis(FALL, SYDNEY)
    expect(axisTime(fall, at(FALL, '01:30'))).toBe(`${FALL}T01:30:00`)
    expect(axisTime(fall, at(FALL, '03:30'))).toBe(`${FALL}T04:30:00`)
    // The day's end is 25:00 on its fixed clock: the next day's 01:00.
    expect(axisTime(fall, new Date(fall.end))).toBe('2027-04-05T01:00:00')
  })

  it('a drop on the axis is the instant it shows, named for the reschedule call', () => {
    const fall = dayAxis(FALL, SYDNEY)
    const firstPass = axisInstant(fall, { date: FALL, time: '02:30' })
    const secondPass = axisInstant(fall, { date: FALL, time: '03:30' })
    expect(firstPass.toISOString()).toBe('2027-04-03T15:30:00.000Z')
    expect(secondPass.toISOString()).toBe('2027-04-03T16:30:00.000Z')
    expect(wallMomentText(firstPass, SYDNEY)).toBe('2027-04-04 02:30')
    expect(wallMomentText(secondPass, SYDNEY)).toBe('2027-04-04 02:30+10:00')
    expect(wallMomentText(axisInstant(fall, { date: FALL, time: '04:30' }), SYDNEY)).toBe('2027-04-04 03:30')
    const spring = dayAxis(SPRING, SYDNEY)
    expect(wallMomentText(axisInstant(spring, { date: SPRING, time: '02:30' }), SYDNEY)).toBe(
      '2026-10-04 03:30',
    )
  })

  it('wall-clock hours go on the axis; a skipped time is where the clock jumps', () => {
    const spring = dayAxis(SPRING, SYDNEY)
    expect(axisTimeOfWall(spring, SPRING, '02:30')).toBe(`${SPRING}T02:00:00`)
    expect(axisTimeOfWall(spring, SPRING, '08:00')).toBe(`${SPRING}T07:00:00`)
    expect(axisTimeOfWall(spring, SPRING, '24:00')).toBe(`${SPRING}T23:00:00`)
    const fall = dayAxis(FALL, SYDNEY)
    expect(axisTimeOfWall(fall, FALL, '08:00')).toBe(`${FALL}T09:00:00`)
    expect(axisTimeOfWall(fall, FALL, '24:00')).toBe('2027-04-05T01:00:00')
  })

  it('every minute of a day round-trips through the axis, in any zone', () => {
    const zones = [SYDNEY, 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata']
    const dates = [SPRING, FALL, '2026-03-08', '2026-11-01', '2026-03-29', '2026-10-25', '2026-07-01']
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.constantFrom(...dates),
        fc.integer({ min: 0, max: 1499 }),
        (zone, date, minute) => {
          const axis = dayAxis(date, zone)
          const instant = new Date(axis.start + (minute % axis.minutes) * 60_000)
          const place = axisTime(axis, instant)
          const back = axisInstant(axis, { date: place.slice(0, 10), time: place.slice(11, 16) })
          expect(back.getTime()).toBe(instant.getTime())
          const moment = parseWallMoment(wallMomentText(instant, zone))
          expect(moment).not.toBeNull()
          if (!moment) return
          expect(zonedInstant(moment.date, moment.time, zone, moment.offset)?.getTime()).toBe(
            instant.getTime(),
          )
        },
      ),
    )
  })
})

describe('a wall-clock moment with its offset', () => {
  it('names the second pass of a repeated time; an offset the zone does not have there is nothing', () => {
    expect(zonedInstant(FALL, '02:30', SYDNEY)?.toISOString()).toBe('2027-04-03T15:30:00.000Z')
    expect(zonedInstant(FALL, '02:30', SYDNEY, '+10:00')?.toISOString()).toBe('2027-04-03T16:30:00.000Z')
    expect(zonedInstant(FALL, '02:30', SYDNEY, '+09:00')).toBeNull()
    expect(zonedInstant(SPRING, '02:30', SYDNEY, '+10:00')).toBeNull()
  })

  it('parses "YYYY-MM-DD HH:mm" with or without an offset', () => {
    expect(parseWallMoment('2027-04-04 02:30')).toEqual({ date: FALL, time: '02:30' })
    expect(parseWallMoment('2027-04-04 02:30+10:00')).toEqual({ date: FALL, time: '02:30', offset: '+10:00' })
    expect(parseWallMoment('2027-04-04 02:30-03:30')).toEqual({ date: FALL, time: '02:30', offset: '-03:30' })
    for (const bad of [
      '2027-04-04 02:30+15:00',
      '2027-04-04 02:30+10:60',
      '2027-04-04 24:00+10:00',
      '02:30+10:00',
    ])
      expect(parseWallMoment(bad), bad).toBeNull()
    expect(
      rescheduleQuoteQuerySchema.safeParse({
        newMeetingRoomId: 1,
        newStartTime: '2027-04-04 02:30+10:00',
        newEndTime: '2027-04-04 04:00',
      }).success,
    ).toBe(true)
  })
})
