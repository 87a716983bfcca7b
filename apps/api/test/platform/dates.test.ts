import { messages } from '@spaceboard/domain'
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, centers, clients, spaces } from '../../src/db/schema/index.ts'
import { registerErrorHandling } from '../../src/platform/errors.ts'
import { idByName, sydneyDay, userIdByEmail } from '../bookings/fixtures.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { organizationForm } from '../organizations/form.ts'

/**
 * Dates and times from outside go through the domain's one parser: an impossible one (these made
 * `new Date(…).toISOString()` throw, a 500) is a 400 naming the field, with the spec's message.
 */
let t: TestApp
let superCookie: string
let harbourAdmin: string
const ids: Record<string, number> = {}

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  ids.quay = await idByName(t, centers, 'Circular Quay')
  ids.roomA = await idByName(t, spaces, 'Harbour Room A')
  ids.acme = await idByName(t, clients, 'Acme Consulting')
  ids.alice = await userIdByEmail(t, 'alice@acme.test')
  const [booking] = await t.database.db.select({ id: bookings.id }).from(bookings).limit(1)
  ids.booking = booking?.id ?? 0
})
afterAll(() => t.close())

const impossible = ['9999-99-99', '2024-13-01', '0000-00-00', '2024-02-30', '2023-02-29', '2024-04-31']

/** A date written YYYY-MM-DD that is none is refused naming the field and the rule, not the format (issue 42 item 12). */
function dateRuleMessage(label: string, date: string): string {
  const year = Number(date.slice(0, 4))
  return year < 1900 || year > 9998
    ? `${label} must be between 1900-01-01 and 9998-12-31.`
    : `${label} must be a real date: ${date} does not exist.`
}

/** Asserts a 400 in the error contract whose errors name exactly `field`, with `message`. */
function expectFieldError(
  response: { statusCode: number; json: () => unknown },
  field: string,
  message: string,
) {
  expect(response.statusCode).toBe(400)
  const body = response.json() as { message: string; errors: Record<string, string> }
  expect(body.errors[field]).toBe(message)
  expect(body.message).toBe(Object.values(body.errors)[0])
}

function booking(overrides: Record<string, unknown> = {}) {
  return {
    center_id: ids.quay,
    meeting_room_id: ids.roomA,
    booking_date: sydneyDay(130),
    start_time: '10:00',
    end_time: '11:00',
    client_id: ids.acme,
    user_id: ids.alice,
    attendees: 2,
    payment_status: 'invoice',
    ...overrides,
  }
}

describe.each(impossible)('the impossible date %s', (date) => {
  const dayMonthYear = date.split('-').reverse().join('/')

  it('is refused by the bookings list filters, naming start_date or end_date', async () => {
    for (const field of ['start_date', 'end_date']) {
      for (const extra of ['booking=1', 'bookingSheet=1', 'pdf=true']) {
        const response = await t.api(superCookie, 'GET', `/api/userbooking?${extra}&${field}=${date}`)
        expectFieldError(
          response,
          field,
          dateRuleMessage(field === 'start_date' ? 'Start date' : 'End date', date),
        )
      }
    }
  })

  it('is refused by room detail and the booked slots', async () => {
    expectFieldError(
      await t.api(superCookie, 'GET', `/api/meetingroom/${ids.roomA}/detail?bookingDate=${date}`),
      'bookingDate',
      dateRuleMessage('Booking date', date),
    )
    expectFieldError(
      await t.api(superCookie, 'GET', `/api/meetingroom/${ids.roomA}/booked-slots?date=${dayMonthYear}`),
      'date',
      messages.selectDate,
    )
  })

  it('is refused by the quote and the create, for the date, the series end and a skipped date', async () => {
    for (const url of ['/api/userbooking/quote', '/api/userbooking']) {
      expectFieldError(
        await t.api(harbourAdmin, 'POST', url, booking({ booking_date: date })),
        'booking_date',
        dateRuleMessage('Booking date', date),
      )
      expectFieldError(
        await t.api(
          harbourAdmin,
          'POST',
          url,
          booking({ recurring: { frequency: 'weekly', until_date: date } }),
        ),
        'recurring.until_date',
        dateRuleMessage('Until date', date),
      )
      expectFieldError(
        await t.api(harbourAdmin, 'POST', url, booking({ skip_dates: [date] })),
        'skip_dates.0',
        dateRuleMessage('Skip dates', date),
      )
    }
  })

  it('is refused by the reschedule quote and the reschedule', async () => {
    const slot = `newMeetingRoomId=${ids.roomA}&newStartTime=${date}%2010:00&newEndTime=${date}%2011:00`
    const quote = await t.api(superCookie, 'GET', `/api/userbooking/${ids.booking}/reschedule-quote?${slot}`)
    expectFieldError(quote, 'newStartTime', dateRuleMessage('New start time', date))
    const reschedule = await t.api(superCookie, 'PUT', `/api/userbooking/${ids.booking}`, {
      code: 'RESCHEDULE_BOOKING',
      newMeetingRoomId: ids.roomA,
      newStartTime: `${date} 10:00`,
      newEndTime: `${date} 11:00`,
    })
    expectFieldError(reschedule, 'newStartTime', dateRuleMessage('New start time', date))
  })

  it('is refused by the vouchers and the blackout periods', async () => {
    expectFieldError(
      await t.api(harbourAdmin, 'GET', `/api/voucher?all=1&date=${date}`),
      'date',
      dateRuleMessage('Date', date),
    )
    const form = await organizationForm(t, harbourAdmin, 1)
    const saved = await t.api(harbourAdmin, 'PUT', '/api/organization/1', {
      ...form,
      blackoutPeriods: [{ blackout_period_start_date: date, blackout_period_end_date: '2030-01-01' }],
      deletedBlackoutPeriods: [],
    })
    expect(saved.statusCode).toBe(400)
    expect(Object.keys(saved.json().errors)).toEqual(['blackoutPeriods.0.blackout_period_start_date'])
  })
})

describe('impossible times', () => {
  it('are refused with the field named', async () => {
    expectFieldError(
      await t.api(harbourAdmin, 'POST', '/api/userbooking/quote', booking({ start_time: '24:00' })),
      'start_time',
      messages.selectStartTime,
    )
    const quote = await t.api(
      superCookie,
      'GET',
      `/api/userbooking/${ids.booking}/reschedule-quote?newMeetingRoomId=${ids.roomA}&newStartTime=2030-01-01%2010:00&newEndTime=2030-01-01%2025:00`,
    )
    expectFieldError(quote, 'newEndTime', messages.invalidTimeRange)
  })

  it('an end before the start is a message, not a 500 (found by the fuzzer as super)', async () => {
    const slot = `newMeetingRoomId=${ids.roomA}&newStartTime=2030-03-29%2010:15&newEndTime=2030-03-29%2008:00`
    const quote = await t.api(superCookie, 'GET', `/api/userbooking/${ids.booking}/reschedule-quote?${slot}`)
    expect(quote.statusCode).toBeLessThan(500)
    const reschedule = await t.api(superCookie, 'PUT', `/api/userbooking/${ids.booking}`, {
      code: 'RESCHEDULE_BOOKING',
      newMeetingRoomId: ids.roomA,
      newStartTime: '2030-03-29 10:15',
      newEndTime: '2030-03-29 08:00',
    })
    expect(reschedule.statusCode).toBe(400)
  })
})

describe('the last date taken', () => {
  it('is 9998-12-31, answered without a 5xx in every zone, where a day or a series runs past it', async () => {
    const rooms = await t.database.db.select({ id: spaces.id, centerId: spaces.centerId }).from(spaces)
    const zones = await t.database.db.select({ id: centers.id, zone: centers.timezoneId }).from(centers)
    // One room per zone: America/Denver's evening of the last day is the next year in UTC.
    for (const { id: centerId } of zones) {
      const room = rooms.find((r) => r.centerId === centerId)
      if (!room) continue
      const slots = await t.api(
        superCookie,
        'GET',
        `/api/meetingroom/${room.id}/booked-slots?date=31/12/9998`,
      )
      expect(slots.statusCode).toBe(200)
      const detail = await t.api(
        superCookie,
        'GET',
        `/api/meetingroom/${room.id}/detail?bookingDate=9998-12-31`,
      )
      expect(detail.statusCode).toBe(200)
    }
    const list = await t.api(
      superCookie,
      'GET',
      '/api/userbooking?booking=1&start_date=9998-12-31&end_date=9998-12-31',
    )
    expect(list.statusCode).toBe(200)
    const series = await t.api(
      harbourAdmin,
      'POST',
      '/api/userbooking/quote',
      booking({ booking_date: '9998-12-01', recurring: { frequency: 'monthly', occurrences: 3 } }),
    )
    expect(series.statusCode).toBe(200)
    expect(series.json().occurrences.map((o: { date: string }) => o.date)).toEqual(['9998-12-01'])
  })

  it('refuses 9999-12-31, naming the field', async () => {
    expectFieldError(
      await t.api(superCookie, 'GET', '/api/userbooking?booking=1&end_date=9999-12-31'),
      'end_date',
      dateRuleMessage('End date', '9999-12-31'),
    )
    expectFieldError(
      await t.api(superCookie, 'GET', `/api/meetingroom/${ids.roomA}/booked-slots?date=31/12/9999`),
      'date',
      messages.selectDate,
    )
  })
})

describe('a date or time the database refuses', () => {
  it('is a 400, not a 500, behind the parser (an instant of year 10000, a month 13, no date at all)', async () => {
    const app = Fastify()
    registerErrorHandling(app)
    const values = ['+010000-01-01T00:00:00.000Z', '2024-13-01', 'not a date']
    app.get<{ Querystring: { i: string } }>('/probe', async (request) => {
      await t.database.db.execute(sql`select ${values[Number(request.query.i)]}::timestamptz`)
      return {}
    })
    for (const i of values.keys()) {
      const response = await app.inject({ method: 'GET', url: `/probe?i=${i}` })
      expect(response.statusCode, values[i]).toBe(400)
      expect(response.json()).toEqual({ message: 'Invalid value.' })
    }
    await app.close()
  })
})
