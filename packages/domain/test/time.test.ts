import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  addMonths,
  bookedSlotsQuerySchema,
  bookingCreateSchema,
  bookingListQuerySchema,
  FIRST_YEAR,
  isIsoDate,
  LAST_YEAR,
  messages,
  minutesOfDay,
  parseDateTime,
  parseDayMonthYear,
  parseIsoDate,
  parseWallDateTime,
  parseWallTime,
  rescheduleQuoteQuerySchema,
  roomDetailQuerySchema,
  startOfDay,
  timeOfDay,
  todayIn,
  voucherSchema,
  wallClock,
} from '../src/index.ts'

const impossibleDates = [
  '9999-99-99',
  '2024-13-01',
  '0000-00-00',
  '0000-01-01',
  '2024-00-10',
  '2024-01-00',
  '2024-01-32',
  '2023-02-29',
  '2024-02-30',
  '2100-02-29',
  '2024-04-31',
  '1899-12-31',
  // Real, but past the last date taken (its next day's instants are year 10000).
  '9999-12-31',
]

describe('the date and time parser', () => {
  it('reads real dates and times in each format', () => {
    expect(parseIsoDate('2024-02-29')).toBe('2024-02-29')
    expect(parseIsoDate('2000-02-29')).toBe('2000-02-29')
    expect(parseIsoDate(`${FIRST_YEAR}-01-01`)).toBe('1900-01-01')
    expect(parseIsoDate(`${LAST_YEAR}-12-31`)).toBe('9998-12-31')
    expect(parseDayMonthYear('29/02/2024')).toBe('2024-02-29')
    expect(parseWallTime('00:00')).toBe('00:00')
    expect(parseWallTime('23:59')).toBe('23:59')
    expect(parseWallDateTime('2026-12-24 09:15')).toEqual({ date: '2026-12-24', time: '09:15' })
  })

  it('refuses impossible dates without throwing', () => {
    for (const text of impossibleDates) {
      expect(parseIsoDate(text), text).toBeNull()
      expect(parseDayMonthYear(text.split('-').reverse().join('/')), text).toBeNull()
      expect(parseWallDateTime(`${text} 10:00`), text).toBeNull()
    }
  })

  it('refuses impossible times and other ways of writing', () => {
    for (const text of ['24:00', '23:60', '9:00', '09:00:00', '09-00', ' 09:00', '09:00\n', '٠٩:٠٠'])
      expect(parseWallTime(text), JSON.stringify(text)).toBeNull()
    for (const text of [
      '2024-1-01',
      '24-01-01',
      '+12345-01-01',
      '2024-01-01T00:00:00Z',
      '2024/01/01',
      '2024-01-01 ',
      '２０２４-01-01',
      '',
    ])
      expect(parseIsoDate(text), JSON.stringify(text)).toBeNull()
    expect(parseWallDateTime('2024-01-01 24:00')).toBeNull()
    expect(parseWallDateTime('2024-01-01T10:00')).toBeNull()
    expect(parseDayMonthYear('2024-01-01')).toBeNull()
    for (const value of [null, undefined, 20240101, ['2024-01-01'], { date: '2024-01-01' }])
      expect(parseIsoDate(value)).toBeNull()
  })

  it('never throws, whatever it is given', () => {
    const formats = fc.constantFrom('YYYY-MM-DD', 'DD/MM/YYYY', 'HH:mm', 'YYYY-MM-DD HH:mm' as const)
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.stringMatching(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/),
      fc.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      fc.stringMatching(/^\d{2}:\d{2}$/),
      fc.anything(),
    )
    fc.assert(
      fc.property(text, formats, (value, format) => {
        const parsed = parseDateTime(value, format)
        return parsed === null || typeof parsed === 'object'
      }),
      { numRuns: 2000 },
    )
  })

  it('accepts exactly the real calendar dates of its years, as Date counts them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        (year, month, day) => {
          const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
          const utc = new Date(0)
          utc.setUTCFullYear(year, month - 1, day)
          const real =
            utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === day
          const inRange = year >= FIRST_YEAR && year <= LAST_YEAR
          return (parseIsoDate(text) === text) === (real && inRange && month >= 1 && day >= 1)
        },
      ),
      { numRuns: 5000 },
    )
  })

  it('gives every accepted date a start in any zone, even far from today', () => {
    const zones = [
      'Australia/Sydney',
      'America/Denver',
      'Africa/Monrovia',
      'Europe/Dublin', // local mean time, +00:19:32, until 1937
      'Africa/Monrovia',
      'Europe/Dublin', // −00:44:30 until 1972
      'Pacific/Apia', // skipped 30 December 2011 whole
      'Pacific/Kiritimati', // UTC+14
      'Etc/GMT+12',
    ]
    const dates = fc.oneof(
      fc.constantFrom('2011-12-30', '1900-01-01', '1937-07-01', '1972-01-07', '9999-12-31'),
      fc
        .date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString().slice(0, 10)),
    )
    fc.assert(
      fc.property(dates, fc.constantFrom(...zones), (date, zone) => {
        const start = startOfDay(date, zone)
        const next = startOfDay(addDays(date, 1), zone)
        // The day starts on its own date, unless the zone skipped it whole.
        const skipped = date === '2011-12-30' && zone === 'Pacific/Apia'
        return next.getTime() >= start.getTime() && (skipped || wallClock(start, zone).date === date)
      }),
      { numRuns: 300 },
    )
  })

  it('counts days and months past 9999-12-31 in plain digits', () => {
    expect(addDays('9999-12-31', 1)).toBe('10000-01-01')
    expect(addMonths('9999-12-31', 2)).toBe('10000-02-29')
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29')
    expect(isIsoDate(addDays('9999-12-31', 1))).toBe(false)
  })
})

describe('schemas take dates and times through the parser', () => {
  const booking = {
    center_id: 1,
    meeting_room_id: 1,
    booking_date: '2026-12-24',
    start_time: '10:00',
    end_time: '11:00',
    client_id: 1,
    user_id: 1,
    attendees: 2,
    room_amount: null,
    payment_status: 'invoice',
  }
  const messageOf = (result: {
    success: boolean
    error?: { issues: { path: PropertyKey[]; message: string }[] }
  }) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

  /** A date written YYYY-MM-DD that is not one is refused naming the field and the rule it breaks, not the format. */
  const dateRuleMessage = (label: string, date: string) => {
    const year = Number(date.slice(0, 4))
    return year < 1900 || year > 9998
      ? `${label} must be between 1900-01-01 and 9998-12-31.`
      : `${label} must be a real date: ${date} does not exist.`
  }

  it.each(impossibleDates)('refuses %s naming the field and the rule', (date) => {
    expect(messageOf(bookingListQuerySchema.safeParse({ start_date: date }))).toEqual({
      start_date: dateRuleMessage('Start date', date),
    })
    expect(messageOf(roomDetailQuerySchema.safeParse({ bookingDate: date }))).toEqual({
      bookingDate: dateRuleMessage('Booking date', date),
    })
    expect(
      messageOf(bookedSlotsQuerySchema.safeParse({ date: date.split('-').reverse().join('/') })),
    ).toEqual({ date: messages.selectDate })
    expect(messageOf(bookingCreateSchema.safeParse({ ...booking, booking_date: date }))).toEqual({
      booking_date: dateRuleMessage('Booking date', date),
    })
    expect(messageOf(bookingCreateSchema.safeParse({ ...booking, skip_dates: [date] }))).toEqual({
      'skip_dates.0': dateRuleMessage('Skip dates', date),
    })
    expect(
      messageOf(
        rescheduleQuoteQuerySchema.safeParse({
          newMeetingRoomId: 1,
          newStartTime: `${date} 10:00`,
          newEndTime: '2026-12-24 11:00',
        }),
      ),
    ).toEqual({ newStartTime: dateRuleMessage('New start time', date) })
    expect(
      messageOf(
        voucherSchema.safeParse({
          code: 'ABC',
          type: 'fixed',
          value: 5,
          valid_from: date,
          valid_to: '2026-12-24',
        }),
      ),
    ).toMatchObject({ valid_from: dateRuleMessage('Valid from', date) })
  })

  it('refuses an impossible time with the field and its spec message', () => {
    expect(messageOf(bookingCreateSchema.safeParse({ ...booking, start_time: '24:00' }))).toMatchObject({
      start_time: messages.selectStartTime,
    })
    expect(
      messageOf(
        rescheduleQuoteQuerySchema.safeParse({
          newMeetingRoomId: 1,
          newStartTime: '2026-12-24 10:00',
          newEndTime: '2026-12-24 24:00',
        }),
      ),
    ).toEqual({ newEndTime: messages.invalidTimeRange })
  })
})

describe('todayIn', () => {
  it("is the zone's date, not the runtime's: 18:10 on 1 December in New York is the 2nd in Sydney", () => {
    const now = new Date('2026-12-01T23:10:00Z')
    expect(todayIn('America/New_York', now)).toBe('2026-12-01')
    expect(todayIn('Australia/Sydney', now)).toBe('2026-12-02')
    expect(todayIn('UTC', now)).toBe('2026-12-01')
  })
})

describe('wallClock', () => {
  const zones = [
    'Australia/Sydney',
    'Australia/Lord_Howe',
    'America/Denver',
    'America/St_Johns',
    'Europe/London',
    'Africa/Monrovia',
    'Europe/Dublin',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Pacific/Apia',
    'Pacific/Chatham',
    'UTC',
  ]
  const formats = new Map(
    zones.map((zone) => [
      zone,
      new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }),
    ]),
  )
  const byIntl = (instant: Date, zone: string) => {
    const parts: Record<string, string> = {}
    for (const part of formats.get(zone)?.formatToParts(instant) ?? []) parts[part.type] = part.value
    return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` }
  }

  it('reads the clock Intl reads, at any instant of 1900–9998, around every clock change, twice over', () => {
    const instants = fc.oneof(
      fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(9998, 11, 31) }),
      // Dense around today's clock changes, where a remembered quarter hour would show a stale offset.
      fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) }).map((ms) => ms - (ms % 60_000)),
    )
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (ms, zone) => {
        const instant = new Date(ms)
        expect(wallClock(instant, zone)).toEqual(byIntl(instant, zone))
        expect(wallClock(instant, zone)).toEqual(byIntl(instant, zone))
      }),
      { seed: 20261127, numRuns: 5_000 },
    )
  })

  it('reads each minute of a day the clock changes, and of local mean time ending at odd seconds', () => {
    const days: [string, number][] = [
      ['Australia/Sydney', Date.UTC(2026, 3, 4, 12)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 12)],
      ['America/Denver', Date.UTC(2026, 10, 1, 0)],
      ['Africa/Monrovia', Date.UTC(1972, 0, 6, 12)],
      ['Europe/Dublin', Date.UTC(1916, 8, 30, 12)],
      ['Pacific/Apia', Date.UTC(2011, 11, 29, 0)],
    ]
    for (const [zone, from] of days)
      for (let ms = from; ms < from + 86_400_000; ms += 60_000)
        for (const second of [0, 10_000, 59_999]) {
          const instant = new Date(ms + second)
          expect(wallClock(instant, zone), `${zone} ${instant.toISOString()}`).toEqual(byIntl(instant, zone))
        }
  })

  it('refuses an invalid date as Intl does', () => {
    expect(() => wallClock(new Date(Number.NaN), 'UTC')).toThrow(RangeError)
  })
})

describe('timeOfDay', () => {
  it('writes minutes since midnight as HH:mm, the inverse of minutesOfDay, 1440 as 24:00', () => {
    expect([0, 5, 90, 1439, 1440].map(timeOfDay)).toEqual(['00:00', '00:05', '01:30', '23:59', '24:00'])
    fc.assert(fc.property(fc.integer({ min: 0, max: 1440 }), (m) => minutesOfDay(timeOfDay(m)) === m))
  })
})
