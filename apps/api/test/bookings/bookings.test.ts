import { addDays, messages } from '@spaceboard/domain'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { centers, clients, spaces } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { pdfContent } from '../pdf-text.ts'
import { idByName, sydneyToday, userIdByEmail } from './fixtures.ts'

let t: TestApp
let superCookie: string
let harbourAdmin: string
let harbourCsr: string
let summitAdmin: string

const ids: Record<string, number> = {}

const idOf = (table: Parameters<typeof idByName>[1], name: string) => idByName(t, table, name)
const userId = (email: string) => userIdByEmail(t, email)

/**
 * A date some days past the demo seed's future bookings (three months) in Sydney, clear of the
 * demo blackout periods, so the tests own their slots and the clients' gratis minutes.
 */
const today = sydneyToday
function dayAhead(days: number) {
  let date = addDays(today, 120 + days)
  while (['12-25', '12-26', '01-01'].includes(date.slice(5))) date = addDays(date, 1)
  return date
}

function booking(overrides: Record<string, unknown> = {}) {
  return {
    center_id: ids.quay,
    meeting_room_id: ids.roomA,
    booking_date: dayAhead(10),
    start_time: '10:00',
    end_time: '12:00',
    client_id: ids.acme,
    user_id: ids.alice,
    attendees: 4,
    amenity_ids: [],
    payment_status: 'invoice',
    ...overrides,
  }
}

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  harbourCsr = await t.signIn(logins.harbourCsr)
  summitAdmin = await t.signIn(logins.summitAdmin)
  ids.quay = await idOf(centers, 'Circular Quay')
  ids.roomA = await idOf(spaces, 'Harbour Room A')
  ids.roomB = await idOf(spaces, 'Harbour Room B')
  ids.roomAB = await idOf(spaces, 'Harbour Room AB')
  ids.opera = await idOf(spaces, 'Opera Boardroom')
  ids.acme = await idOf(clients, 'Acme Consulting')
  ids.coral = await idOf(clients, 'Coral Tech')
  ids.alice = await userId('alice@acme.test')
  ids.carlos = await userId('carlos@coraltech.test')
})
afterAll(() => t.close())

describe('GET /api/meetingroom/:id/detail', () => {
  it("gives the room's rates with the client's discount, gratis minutes, durations and extras", async () => {
    const response = await t.api(
      harbourAdmin,
      'GET',
      `/api/meetingroom/${ids.roomA}/detail?clientId=${ids.acme}&bookingDate=${dayAhead(40)}`,
    )
    expect(response.statusCode).toBe(200)
    const detail = response.json()
    expect(detail).toMatchObject({
      success: true,
      message: '',
      gratisMinutes: 120,
      minimum_duration_hours: 1,
      minimum_duration_minutes: 0,
      post_makeup_minutes: 15,
      timezone: 'Australia/Sydney',
    })
    expect(detail.rates).toContainEqual({ rateUnit: 'hour', originalAmount: '45.00', rateAmount: '40.50' })
    expect(detail.amenities).toHaveLength(3)
  })

  it('answers success false with the reason on a blackout date, and 404 across organizations', async () => {
    const year = Number(today.slice(0, 4)) + 1
    const blackout = await t.api(
      harbourAdmin,
      'GET',
      `/api/meetingroom/${ids.roomA}/detail?bookingDate=${year}-01-01`,
    )
    expect(blackout.json()).toMatchObject({ success: false, message: messages.organizationBlackout })
    const other = await t.api(
      summitAdmin,
      'GET',
      `/api/meetingroom/${ids.roomA}/detail?bookingDate=${dayAhead(5)}`,
    )
    expect(other.statusCode).toBe(404)
  })
})

describe('POST /api/userbooking', () => {
  it('prices and creates a booking exactly as the billing math says, tentative when bookings are screened', async () => {
    const amenities = (
      await t.api(harbourAdmin, 'GET', `/api/meetingroom/${ids.roomA}/detail?bookingDate=${dayAhead(3)}`)
    ).json().amenities as { amenity_id: number; charge_type: string; amount: string }[]
    const body = booking({
      booking_date: dayAhead(3),
      start_time: '09:00',
      end_time: '12:00',
      amenity_ids: amenities.map((a) => a.amenity_id),
    })
    // 3 h, 120 gratis minutes → 1 h at 45.00; 10 % internal → 40.50; 5 % additional → 2.03 (2.025);
    // room 38.47; amenities flat 25.00 + 4 × 12.50 + 3 h × 10.00 = 105.00; subtotal 143.47; GST 10 % 14.35.
    const quote = await t.api(harbourCsr, 'POST', '/api/userbooking/quote', body)
    expect(quote.statusCode).toBe(200)
    expect(quote.json().price).toMatchObject({
      gratis_minutes: 120,
      room_amount: '45.00',
      internal_discount: '4.50',
      additional_discount_amount: '2.03',
      amenities_total: '105.00',
      sub_total: '143.47',
      tax_label: 'GST',
      tax_amount: '14.35',
      net_amount: '157.82',
    })
    const created = await t.api(harbourCsr, 'POST', '/api/userbooking', body)
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      status: 'tentative',
      message: 'Success:Record successfully created',
    })
    const view = (await t.api(harbourAdmin, 'GET', `/api/userbooking/${created.json().bookingId}`)).json()
    expect(view).toMatchObject({
      reference: `MH-HAR${created.json().bookingId}`,
      start_date: dayAhead(3),
      start_wall: '09:00',
      end_wall: '12:00',
      duration: 3,
      clientName: 'Acme Consulting',
      gratis_minutes: 120,
      rate_level: 'internal',
      sub_total: '143.47',
      net_amount: '157.82',
      payment_method: 'Invoice',
      is_paid: 0,
    })
    expect(view.bookedAmenities).toHaveLength(3)

    // The client's allowance for that month is used up: the next booking pays in full.
    const log = (await t.api(harbourAdmin, 'GET', `/api/client/${ids.acme}/gratis-log`)).json()
    expect(log).toContainEqual(
      expect.objectContaining({ usedMonth: dayAhead(3).slice(0, 7), usedMinutes: 120 }),
    )
    const again = await t.api(
      harbourAdmin,
      'POST',
      '/api/userbooking/quote',
      booking({ booking_date: dayAhead(3), start_time: '14:00', end_time: '15:00' }),
    )
    expect(again.json().price.gratis_minutes).toBe(0)
  })

  it('refuses an overlap with 409, on the room, its combined parent and the parent’s other child', async () => {
    const date = dayAhead(12)
    expect(
      (await t.api(harbourAdmin, 'POST', '/api/userbooking', booking({ booking_date: date }))).statusCode,
    ).toBe(201)
    const same = await t.api(
      harbourAdmin,
      'POST',
      '/api/userbooking',
      booking({ booking_date: date, start_time: '11:00', end_time: '13:00' }),
    )
    expect(same.statusCode).toBe(409)
    expect(same.json().message).toBe(messages.slotAlreadyBooked)
    const parent = await t.api(
      harbourAdmin,
      'POST',
      '/api/userbooking',
      booking({ booking_date: date, meeting_room_id: ids.roomAB, start_time: '11:00', end_time: '14:00' }),
    )
    expect(parent.statusCode).toBe(409)
    const parentLater = await t.api(
      harbourAdmin,
      'POST',
      '/api/userbooking',
      booking({
        booking_date: date,
        meeting_room_id: ids.roomAB,
        start_time: '15:00',
        end_time: '17:00',
        confirm_preparation_time: true,
      }),
    )
    expect(parentLater.statusCode).toBe(201)
    const childB = await t.api(
      harbourAdmin,
      'POST',
      '/api/userbooking',
      booking({ booking_date: date, meeting_room_id: ids.roomB, start_time: '16:00', end_time: '17:00' }),
    )
    expect(childB.statusCode).toBe(409)
    const slots = await t.api(
      harbourAdmin,
      'GET',
      `/api/meetingroom/${ids.roomAB}/booked-slots?date=${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`,
    )
    expect(slots.json().map((s: { start_time: string }) => s.start_time)).toEqual(['10:00', '15:00'])
  })

  it('asks about preparation time and books once confirmed', async () => {
    const date = dayAhead(14)
    await t.api(harbourAdmin, 'POST', '/api/userbooking', booking({ booking_date: date }))
    const tight = booking({ booking_date: date, start_time: '12:00', end_time: '13:00' })
    const asked = await t.api(harbourAdmin, 'POST', '/api/userbooking', tight)
    expect(asked.statusCode).toBe(409)
    expect(asked.json()).toEqual({
      message: 'This room needs preparation time of 15 minutes. Do you still want to continue?',
      confirm: 'preparation_time',
    })
    const quote = await t.api(harbourAdmin, 'POST', '/api/userbooking/quote', tight)
    expect(quote.json().preparation).toEqual({ message: asked.json().message })
    const confirmed = await t.api(harbourAdmin, 'POST', '/api/userbooking', {
      ...tight,
      confirm_preparation_time: true,
    })
    expect(confirmed.statusCode).toBe(201)
  })

  it("gives the spec's messages for durations, rates, hours, capacity and dates", async () => {
    const expectError = async (body: Record<string, unknown>, field: string, message: string) => {
      const response = await t.api(harbourAdmin, 'POST', '/api/userbooking', booking(body))
      expect(response.statusCode, JSON.stringify(response.json())).toBe(400)
      expect(response.json().errors[field]).toBe(message)
    }
    await expectError({ end_time: '10:30' }, 'end_time', messages.minDuration(1, 0))
    await expectError({ end_time: '' }, 'end_time', messages.selectEndTime)
    await expectError({ end_time: '09:00' }, 'end_time', messages.invalidTimeRange)
    await expectError({ booking_date: '' }, 'booking_date', messages.selectDate)
    await expectError({ attendees: 9 }, 'attendees', messages.capacityExceeded(8))
    await expectError(
      { start_time: '08:00' },
      'start_time',
      'This location is open from 09:00 AM to 08:00 PM.',
    )
    await expectError({ booking_date: '2020-01-06' }, 'booking_date', messages.bookingInPast)
    await expectError({ payment_status: 'card' }, 'transaction_id', messages.transactionIdRequired)
    await expectError({ voucher_code: 'NOPE' }, 'voucher_code', messages.voucherNotValid)
    const suite = await idOf(spaces, 'Training Suite')
    const parramatta = await idOf(centers, 'Parramatta')
    await expectError(
      { center_id: parramatta, meeting_room_id: suite, start_time: '09:00', end_time: '15:00' },
      'end_time',
      messages.onlyFullDay,
    )
    const rooftop = await idOf(spaces, 'Rooftop Lounge')
    await expectError(
      { meeting_room_id: rooftop, start_time: '09:00', end_time: '15:00' },
      'end_time',
      messages.halfDayDenominators,
    )
    await expectError({ user_id: ids.carlos }, 'user_id', messages.bookingUserNotOfClient)
  })

  it('refuses another organization’s rooms and bookings, and anonymous callers', async () => {
    const response = await t.api(summitAdmin, 'POST', '/api/userbooking', booking())
    expect(response.statusCode).toBe(400)
    const created = await t.api(
      harbourAdmin,
      'POST',
      '/api/userbooking',
      booking({ booking_date: dayAhead(16) }),
    )
    const id = created.json().bookingId
    expect((await t.api(summitAdmin, 'GET', `/api/userbooking/${id}`)).statusCode).toBe(404)
    expect((await t.api(summitAdmin, 'GET', `/api/userbooking/${id}/workflow-logs`)).statusCode).toBe(404)
    expect((await t.api(null, 'POST', '/api/userbooking', booking())).statusCode).toBe(401)
    expect((await t.api(superCookie, 'GET', `/api/userbooking/${id}`)).statusCode).toBe(200)
    expect((await t.api(harbourAdmin, 'GET', `/api/userbooking/${id}/rescheduling`)).json()).toEqual([])
  })

  it('renders the confirmation PDF with the booking reference and total, for its organization only', async () => {
    const created = await t.api(
      harbourAdmin,
      'POST',
      '/api/userbooking',
      booking({ booking_date: dayAhead(19) }),
    )
    const id = created.json().bookingId
    const url = `/api/userbooking?invoice_pdf=true&invoice_id=${id}`
    const pdf = await t.api(harbourAdmin, 'GET', url)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const text = (await pdfContent(pdf.rawPayload)).lines.join('\n')
    const view = (await t.api(harbourAdmin, 'GET', `/api/userbooking/${id}`)).json()
    expect(text).toContain(view.reference)
    expect(text).toContain(view.net_amount)
    expect((await t.api(summitAdmin, 'GET', url)).statusCode).toBe(404)
  })

  it('super must choose the organization', async () => {
    const response = await t.api(
      superCookie,
      'POST',
      '/api/userbooking',
      booking({ booking_date: dayAhead(17) }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.organization_id).toBe(messages.selectOrganization)
    const chosen = await t.api(
      superCookie,
      'POST',
      '/api/userbooking',
      booking({ booking_date: dayAhead(17), organization_id: 1 }),
    )
    expect(chosen.statusCode).toBe(201)
  })
})

describe('recurring series', () => {
  it('lists the conflicting dates before creating anything, then books the others', async () => {
    const first = dayAhead(18)
    const taken = addDays(first, 7)
    await t.api(
      harbourAdmin,
      'POST',
      '/api/userbooking',
      booking({ booking_date: taken, meeting_room_id: ids.opera }),
    )
    const series = booking({
      booking_date: first,
      meeting_room_id: ids.opera,
      client_id: ids.coral,
      user_id: ids.carlos,
      recurring: { frequency: 'weekly', occurrences: 3 },
    })
    const quote = await t.api(harbourAdmin, 'POST', '/api/userbooking/quote', series)
    expect(quote.json().occurrences.map((o: { ok: boolean }) => o.ok)).toEqual([true, false, true])
    const refused = await t.api(harbourAdmin, 'POST', '/api/userbooking', series)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      message: messages.recurringConflicts(1),
      conflicts: [{ date: taken, message: messages.slotAlreadyBooked }],
    })
    const created = await t.api(harbourAdmin, 'POST', '/api/userbooking', { ...series, skip_dates: [taken] })
    expect(created.statusCode).toBe(201)
    expect(created.json().bookingIds).toHaveLength(2)
    const second = (
      await t.api(harbourAdmin, 'GET', `/api/userbooking/${created.json().bookingIds[1]}`)
    ).json()
    expect(second).toMatchObject({ recurringId: created.json().recurringId, start_date: addDays(first, 14) })
  })

  it('is refused where the organization has no recurring bookings', async () => {
    const denver = await idOf(centers, 'Denver Downtown')
    const rockies = await idOf(spaces, 'Rockies Room')
    const dana = await userId('dana@denverdesign.test')
    const client = await idOf(clients, 'Denver Design Co')
    const response = await t.api(summitAdmin, 'POST', '/api/userbooking', {
      ...booking({ center_id: denver, meeting_room_id: rockies, client_id: client, user_id: dana }),
      recurring: { frequency: 'daily', occurrences: 2 },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe(messages.recurringNotEnabled)
  })
})

describe('daylight saving', () => {
  async function openAllDay(spaceName: string, centerName: string) {
    const space = await idOf(spaces, spaceName)
    const center = await idOf(centers, centerName)
    await t.database.db
      .update(spaces)
      .set({ startTime: '00:00', endTime: '23:45', minimumDurationMinutes: 0 })
      .where(eq(spaces.id, space))
    await t.database.db
      .update(centers)
      .set({ openAfterHours: true })
      .where(and(eq(centers.id, center)))
    return { space, center }
  }
  function nextChange(zone: string, month: number) {
    // The first Sunday of October (Sydney) or November (Denver) of next year.
    const year = Number(today.slice(0, 4)) + 1
    for (let day = 1; day <= 7; day++) {
      const date = `${year}-${String(month).padStart(2, '0')}-0${day}`
      if (new Date(`${date}T12:00:00Z`).getUTCDay() === 0) return { date, zone }
    }
    throw new Error('no Sunday')
  }

  it('keeps wall-clock times and the real duration across the change, south and north', async () => {
    const sydney = await openAllDay('Harbour Room B', 'Circular Quay')
    const spring = nextChange('Australia/Sydney', 10)
    // Org blackout periods are for Harbour only on fixed dates; 01:00–04:00 loses an hour at 02:00.
    const south = await t.api(
      harbourAdmin,
      'POST',
      '/api/userbooking',
      booking({
        meeting_room_id: sydney.space,
        booking_date: spring.date,
        start_time: '01:00',
        end_time: '04:00',
        client_id: ids.coral,
        user_id: ids.carlos,
      }),
    )
    expect(south.statusCode, JSON.stringify(south.json())).toBe(201)
    const southView = (await t.api(harbourAdmin, 'GET', `/api/userbooking/${south.json().bookingId}`)).json()
    expect(southView).toMatchObject({ start_wall: '01:00', end_wall: '04:00', duration: 2 })
    expect(new Date(southView.end_time).getTime() - new Date(southView.start_time).getTime()).toBe(
      2 * 3_600_000,
    )

    const denver = await openAllDay('Rockies Room', 'Denver Downtown')
    const fall = nextChange('America/Denver', 11)
    const dana = await userId('dana@denverdesign.test')
    const client = await idOf(clients, 'Denver Design Co')
    const north = await t.api(
      summitAdmin,
      'POST',
      '/api/userbooking',
      booking({
        center_id: denver.center,
        meeting_room_id: denver.space,
        booking_date: fall.date,
        start_time: '00:30',
        end_time: '03:00',
        client_id: client,
        user_id: dana,
      }),
    )
    expect(north.statusCode, JSON.stringify(north.json())).toBe(201)
    const northView = (await t.api(summitAdmin, 'GET', `/api/userbooking/${north.json().bookingId}`)).json()
    expect(northView).toMatchObject({
      start_wall: '00:30',
      end_wall: '03:00',
      duration: 3.5,
      status: 'confirmed',
    })

    const skipped = await t.api(
      harbourAdmin,
      'POST',
      '/api/userbooking',
      booking({
        meeting_room_id: sydney.space,
        booking_date: spring.date,
        start_time: '02:30',
        end_time: '05:00',
        client_id: ids.coral,
        user_id: ids.carlos,
      }),
    )
    expect(skipped.json().message).toBe(messages.nonexistentLocalTime)
  })

  it("moves a booking into the second pass of a fall-back night's repeated hour when the time carries its offset", async () => {
    const sydney = await openAllDay('Harbour Room B', 'Circular Quay')
    const fall = nextChange('Australia/Sydney', 4)
    const created = await t.api(
      harbourAdmin,
      'POST',
      '/api/userbooking',
      booking({
        meeting_room_id: sydney.space,
        booking_date: fall.date,
        start_time: '00:00',
        end_time: '01:00',
        client_id: ids.coral,
        user_id: ids.carlos,
      }),
    )
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().bookingId as number
    const slot = (start: string, end: string) => ({
      newMeetingRoomId: sydney.space,
      newStartTime: `${fall.date} ${start}`,
      newEndTime: `${fall.date} ${end}`,
    })
    const quote = (start: string, end: string) =>
      t.api(
        harbourAdmin,
        'GET',
        `/api/userbooking/${id}/reschedule-quote?newMeetingRoomId=${sydney.space}&newStartTime=${encodeURIComponent(`${fall.date} ${start}`)}&newEndTime=${encodeURIComponent(`${fall.date} ${end}`)}`,
      )
    // Without an offset 02:00 is the first pass: 02:00–03:00 is then two hours.
    expect((await quote('02:00', '03:00')).json()).toMatchObject({ mode: 'CHARGE', duration: 2 })
    expect((await quote('02:00+10:00', '03:00')).json()).toMatchObject({ mode: 'same', duration: 1 })
    expect((await quote('02:00+09:00', '03:00')).json().conflict).toBe(messages.nonexistentLocalTime)
    const wrong = await t.api(harbourAdmin, 'PUT', `/api/userbooking/${id}`, {
      code: 'RESCHEDULE_BOOKING',
      ...slot('02:00+09:00', '03:00'),
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toBe(messages.nonexistentLocalTime)

    const moved = await t.api(harbourAdmin, 'PUT', `/api/userbooking/${id}`, {
      code: 'RESCHEDULE_BOOKING',
      ...slot('02:00+10:00', '03:00'),
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const view = (await t.api(harbourAdmin, 'GET', `/api/userbooking/${id}`)).json()
    expect(view).toMatchObject({ start_wall: '02:00', end_wall: '03:00', duration: 1 })
    expect(new Date(view.start_time).toISOString()).toBe(`${addDays(fall.date, -1)}T16:00:00.000Z`)
    expect(new Date(view.end_time).getTime() - new Date(view.start_time).getTime()).toBe(3_600_000)
  })
})
