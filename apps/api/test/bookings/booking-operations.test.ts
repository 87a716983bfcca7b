import { addDays, billingLines, centsToDecimal, messages, toCents } from '@spaceboard/domain'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bookingAdditionalCharges,
  centers,
  clients,
  idempotencyKeys,
  spaces,
} from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { pdfContent } from '../pdf-text.ts'
import { idByName, sydneyToday, userIdByEmail } from './fixtures.ts'

let t: TestApp
let admin: string
let csr: string
let summit: string
const ids = { quay: 0, roomA: 0, roomB: 0, opera: 0, wellness: 0, acme: 0, alice: 0, coral: 0, carlos: 0 }
const today = sydneyToday
let offset = 200
/** A fresh day per booking, far past the demo seed's bookings, clear of the blackout dates. */
function nextDay() {
  let date = addDays(today, offset++)
  while (['12-25', '12-26', '01-01'].includes(date.slice(5))) date = addDays(today, offset++)
  return date
}

const idOf = (table: Parameters<typeof idByName>[1], name: string) => idByName(t, table, name)
const userId = (email: string) => userIdByEmail(t, email)

async function book(overrides: Record<string, unknown> = {}) {
  const response = await t.api(admin, 'POST', '/api/userbooking', {
    center_id: ids.quay,
    meeting_room_id: ids.roomA,
    booking_date: nextDay(),
    start_time: '10:00',
    end_time: '12:00',
    client_id: ids.coral,
    user_id: ids.carlos,
    attendees: 4,
    payment_status: 'invoice',
    ...overrides,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as { bookingId: number; bookingIds: number[]; recurringId: number | null }
}
const view = async (id: number) => (await t.api(admin, 'GET', `/api/userbooking/${id}`)).json()
const act = (id: number, body: Record<string, unknown>, cookie = admin) =>
  t.api(cookie, 'PUT', `/api/userbooking/${id}`, body)

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.signIn(logins.harbourAdmin)
  csr = await t.signIn(logins.harbourCsr)
  summit = await t.signIn(logins.summitAdmin)
  ids.quay = await idOf(centers, 'Circular Quay')
  ids.roomA = await idOf(spaces, 'Harbour Room A')
  ids.roomB = await idOf(spaces, 'Harbour Room B')
  ids.opera = await idOf(spaces, 'Opera Boardroom')
  ids.wellness = await idOf(spaces, 'Wellness Room')
  ids.acme = await idOf(clients, 'Acme Consulting')
  ids.coral = await idOf(clients, 'Coral Tech')
  ids.alice = await userId('alice@acme.test')
  ids.carlos = await userId('carlos@coraltech.test')
})
afterAll(() => t.close())

describe('notes, confirm and paid/unpaid', () => {
  it('saves general notes (notesUpdate=1), confirms a tentative booking once, toggles paid on invoices', async () => {
    const { bookingId } = await book()
    expect(
      (await act(bookingId, { notesUpdate: 1, post_booking_notes: 'Projector checked' })).json(),
    ).toEqual({
      message: 'Success: Record successfully updated',
    })
    expect((await view(bookingId)).post_booking_notes).toBe('Projector checked')
    expect((await act(bookingId, { get_confirm: 1 }, csr)).statusCode).toBe(200)
    expect((await view(bookingId)).status).toBe('confirmed')
    const again = await act(bookingId, { code: 'CONFIRM' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(messages.bookingNotTentative)
    expect((await act(bookingId, { code: 'CHANGE_PAYMENT_STATUS', is_paid: 1 })).json().is_paid).toBe(1)
    expect((await view(bookingId)).is_paid).toBe(1)
    expect((await act(bookingId, { code: 'CHANGE_PAYMENT_STATUS', is_paid: 0 })).json().is_paid).toBe(0)
    const card = await book({ payment_status: 'card', transaction_id: 'ch_1' })
    expect((await act(card.bookingId, { code: 'CHANGE_PAYMENT_STATUS', is_paid: 1 })).json().message).toBe(
      messages.paymentNotInvoice,
    )
    expect((await act(bookingId, { code: 'CONFIRM' }, summit)).statusCode).toBe(404)
    expect((await act(bookingId, { code: 'NOPE' })).statusCode).toBe(400)
  })

  it('marks paid by naming the target: a repeat or two people at once leave it paid (no flip)', async () => {
    const { bookingId } = await book()
    const both = await Promise.all([
      act(bookingId, { code: 'CHANGE_PAYMENT_STATUS', is_paid: 1 }),
      act(bookingId, { code: 'CHANGE_PAYMENT_STATUS', is_paid: 1 }, csr),
    ])
    expect(both.map((r) => r.json().is_paid)).toEqual([1, 1])
    expect((await view(bookingId)).is_paid).toBe(1)
    expect((await act(bookingId, { code: 'CHANGE_PAYMENT_STATUS', is_paid: 1 })).json().is_paid).toBe(1)
    expect((await view(bookingId)).is_paid).toBe(1)
    expect((await act(bookingId, { code: 'CHANGE_PAYMENT_STATUS', is_paid: '0' })).json().is_paid).toBe(0)
    expect((await act(bookingId, { code: 'CHANGE_PAYMENT_STATUS', is_paid: 0 })).json().is_paid).toBe(0)
    expect((await view(bookingId)).is_paid).toBe(0)
    const untargeted = await act(bookingId, { code: 'CHANGE_PAYMENT_STATUS' })
    expect(untargeted.statusCode).toBe(400)
    expect((await view(bookingId)).is_paid).toBe(0)
  })

  it('confirms the upcoming bookings of a series', async () => {
    const series = await book({
      meeting_room_id: ids.opera,
      recurring: { frequency: 'weekly', occurrences: 3 },
    })
    const second = series.bookingIds[1] as number
    const upcoming = (await t.api(admin, 'GET', `/api/userbooking/${second}/recurring-confirm`)).json()
    expect(upcoming.map((b: { bookingId: number }) => b.bookingId)).toEqual(series.bookingIds.slice(1))
    expect((await act(second, { get_recurring_confirm_all: 1 })).json().bookingIds).toEqual(
      series.bookingIds.slice(1),
    )
    expect((await view(series.bookingId)).status).toBe('tentative')
    expect((await view(series.bookingIds[2] as number)).status).toBe('confirmed')
  })
})

describe('cancellation', () => {
  it('checks the rule, cancels by default or override, frees the slot and locks the booking', async () => {
    const date = nextDay()
    const { bookingId } = await book({ booking_date: date })
    const net = (await view(bookingId)).net_amount
    const check = (await t.api(admin, 'GET', `/api/userbooking/${bookingId}/cancellation`)).json()
    expect(check).toMatchObject({
      success: true,
      netAmount: net,
      refundRow: { min_day: 7, max_day: 365, max_attendee: 100, refund_percent: '100.00' },
      refundAmount: net,
    })
    const bad = await act(bookingId, { code: 'full', refundPercent: '100.001' })
    expect(bad.json().message).toBe(messages.refundPercentInvalid)
    const cancelled = await act(bookingId, { code: 'full', refundPercent: '33.33' })
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json().refundAmount).toBe(
      ((Math.round(Number(net) * 100) * 3333 + 5000) / 1_000_000).toFixed(2),
    )
    expect((await view(bookingId)).status).toBe('cancelled')
    // The refund shows: its own line data, taken off the net amount, in the list, PDF and export.
    const refundAmount = cancelled.json().refundAmount as string
    const afterRefund = centsToDecimal(toCents(net) - toCents(refundAmount))
    const shown = await view(bookingId)
    expect(shown.net_amount).toBe(afterRefund)
    expect(shown.cancellationRefund).toMatchObject({
      percent: '33.33',
      amount: refundAmount,
      cancelledBy: expect.stringMatching(/\S/),
    })
    expect(Number.isNaN(Date.parse(shown.cancellationRefund.cancelledAt))).toBe(false)
    const lines = billingLines(shown)
    expect(lines.slice(-2).map((l) => [l.kind, l.description, l.amount])).toEqual([
      ['cancellation-refund', 'Cancellation Refund (33.33%)', -toCents(refundAmount)],
      ['grand-total', 'Grand Total', toCents(afterRefund)],
    ])
    expect(lines.at(-2)?.detail?.[0]).toMatch(/^Cancelled by \S.* on \d{2}-\d{2}-\d{4} \d{2}:\d{2} [AP]M$/)
    const pdf = await t.api(admin, 'GET', `/api/userbooking?invoice_pdf=true&invoice_id=${bookingId}`)
    const pdfText = (await pdfContent(pdf.rawPayload)).lines.join('\n')
    expect(pdfText).toContain(`Cancellation Refund (33.33%) -A$${refundAmount}`)
    expect(pdfText).toContain(`Grand Total A$${afterRefund}`)
    const listed = await t.api(
      admin,
      'GET',
      `/api/userbooking?booking=1&start_date=${date}&end_date=${date}`,
      undefined,
      '0-19',
    )
    expect(listed.json().find((r: { bookingId: number }) => r.bookingId === bookingId)?.net_amount).toBe(
      afterRefund,
    )
    // The slot is free at once; the cancelled booking refuses money operations but keeps its notes.
    await book({ booking_date: date })
    for (const body of [
      { code: 'full' },
      { code: 'CHANGE_PAYMENT_STATUS', is_paid: 1 },
      { code: 'partial', roomAmountRefund: '1.00' },
      { code: 'additional_charges', adhocCharges: [] },
      {
        code: 'RESCHEDULE_BOOKING',
        newMeetingRoomId: ids.roomA,
        newStartTime: `${date} 13:00`,
        newEndTime: `${date} 14:00`,
      },
    ]) {
      const response = await act(bookingId, body)
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400)
    }
    expect((await act(bookingId, { code: 'full' })).json().message).toBe(messages.bookingCancelledLocked)
    expect((await act(bookingId, { notesUpdate: 1, post_booking_notes: 'Client called' })).statusCode).toBe(
      200,
    )
    expect((await t.api(admin, 'GET', `/api/userbooking/${bookingId}/cancellation`)).json().success).toBe(
      false,
    )
  })

  it('cancels chosen bookings of a series at their own percent', async () => {
    const series = await book({
      meeting_room_id: ids.wellness,
      attendees: 2,
      recurring: { frequency: 'daily', occurrences: 3 },
    })
    const rows = (
      await t.api(admin, 'GET', `/api/userbooking/${series.bookingId}/recurring-cancellation`)
    ).json()
    expect(rows).toHaveLength(3)
    const data = JSON.stringify(
      series.bookingIds.slice(1).map((id) => ({ bookingId: id, refundPercent: '50' })),
    )
    const response = await act(series.bookingId, {
      code: 'full',
      bookingType: 'recurring',
      data,
      currency: 'aud',
    })
    expect(response.json().bookingIds).toEqual(series.bookingIds.slice(1))
    expect((await view(series.bookingId)).status).not.toBe('cancelled')
    expect((await view(series.bookingIds[2] as number)).status).toBe('cancelled')
    const invalid = await act(series.bookingId, {
      code: 'full',
      bookingType: 'recurring',
      data: '[]',
    })
    expect(invalid.json().message).toBe(messages.recurringDataInvalid)
    // A group's percent outside 0–100, empty or missing: the spec's message (issue 15 item 18).
    for (const refundPercent of ['150', '', '-1', undefined]) {
      const bad = await act(series.bookingId, {
        code: 'full',
        bookingType: 'recurring',
        data: JSON.stringify([{ bookingId: series.bookingId, refundPercent }]),
      })
      expect(bad.statusCode, String(refundPercent)).toBe(400)
      expect(bad.json()).toEqual({
        message: messages.refundPercentInvalid,
        errors: { data: messages.refundPercentInvalid },
      })
    }
    expect((await view(series.bookingId)).status).not.toBe('cancelled')
  })
})

describe('refunds and additional charges', () => {
  it('adds charges with derived codes, refunds within what was paid, and keeps the totals the sum of their lines', async () => {
    const detail = (
      await t.api(admin, 'GET', `/api/meetingroom/${ids.roomA}/detail?bookingDate=${today}`)
    ).json()
    const { bookingId } = await book({
      amenity_ids: detail.amenities.map((a: { amenity_id: number }) => a.amenity_id),
    })
    const missing = await act(bookingId, {
      code: 'additional_charges',
      adhocCharges: [
        {
          charge_type: 'room',
          additional_booking_charge_value: '10',
          reason_for_additional_booking_charge: 'x',
        },
      ],
    })
    expect(missing.json().message).toBe(messages.selectRequired)
    const noReason = await act(bookingId, {
      code: 'additional_charges',
      adhocCharges: [
        { charge_type: 'room', room_code_id: 'meetingroom', additional_booking_charge_value: '10' },
      ],
    })
    expect(noReason.json().message).toBe(messages.fieldRequired)
    const charged = await act(bookingId, {
      code: 'additional_charges',
      adhocCharges: [
        {
          charge_type: 'room',
          room_code_id: 'meetingroom',
          additional_booking_charge_value: '20.5',
          reason_for_additional_booking_charge: 'Late finish',
        },
        {
          charge_type: 'amenities',
          amenity_code_id: detail.amenities[0].amenity_id,
          additional_booking_charge_value: '5',
          reason_for_additional_booking_charge: 'Extra',
        },
      ],
    })
    expect(charged.statusCode).toBe(200)
    const withCharges = await view(bookingId)
    expect(withCharges.additionalCharges).toHaveLength(2)
    expect(withCharges.additionalCharges[0]).toMatchObject({
      chargedRoomType: 'Meeting Room',
      amount: '20.50',
    })

    const chargeId = withCharges.additionalCharges[0].id
    const amenity = withCharges.bookedAmenities[0]
    expect((await act(bookingId, { code: 'partial', roomAmountRefund: '-1' })).json().message).toBe(
      messages.invalidAmount,
    )
    expect((await act(bookingId, { code: 'partial', roomAmountRefund: '99999' })).json().message).toBe(
      messages.refundGreaterThanPaid,
    )
    const refunded = await act(bookingId, {
      code: 'partial',
      roomAmountRefund: '10.00',
      roomNotes: 'AC broken',
      amenityPartialRefund: [{ booking_amenity_id: amenity.id, amount: '1.00', reason: 'Cold coffee' }],
      amenityRefundNotes: 'Amenities',
      additionalChargeRefund: [{ additional_charge_id: chargeId, amount: '0.50', reason: 'Goodwill' }],
    })
    expect(refunded.statusCode, refunded.body).toBe(200)
    const after = await view(bookingId)
    expect(after.partialRoomRefunds).toEqual([{ amount: '10.00', reason: 'AC broken' }])
    expect(after.bookedAmenities[0].refunded_amount).toBe('1.00')
    expect(after.bookedAmenities[0].amenity_refund).toEqual([{ amount: '1.00', reason: 'Cold coffee' }])
    const subTotal = Math.round(Number(withCharges.sub_total) * 100) - 1000 - 100 - 50
    expect(Math.round(Number(after.sub_total) * 100)).toBe(subTotal)
    expect(Math.round(Number(after.net_amount) * 100)).toBe(
      subTotal + Math.round(Number(after.tax_amount) * 100),
    )
    const tooMuch = await act(bookingId, {
      code: 'partial',
      additionalChargeRefund: [{ additional_charge_id: chargeId, amount: '20.01' }],
    })
    expect(tooMuch.json().message).toBe(messages.refundGreaterThanPaid)
  })
})

describe('reschedule', () => {
  const quote = (id: number, room: number, start: string, end: string) =>
    t.api(
      admin,
      'GET',
      `/api/userbooking/${id}/reschedule-quote?newMeetingRoomId=${room}&newStartTime=${encodeURIComponent(start)}&newEndTime=${encodeURIComponent(end)}`,
    )

  it('moves a booking with the same duration without money, logs it and frees the old slot', async () => {
    const { bookingId } = await book()
    const date = nextDay()
    const preview = (await quote(bookingId, ids.roomB, `${date} 14:00`, `${date} 16:00`)).json()
    expect(preview).toMatchObject({ mode: 'same', amount: '0.00' })
    const moved = await act(bookingId, {
      code: 'RESCHEDULE_BOOKING',
      newMeetingRoomId: ids.roomB,
      newStartTime: `${date} 14:00`,
      newEndTime: `${date} 16:00`,
    })
    expect(moved.json()).toMatchObject({ message: messages.bookingRescheduled, mode: 'same' })
    const after = await view(bookingId)
    expect(after).toMatchObject({
      meetingName: 'Harbour Room B',
      start_date: date,
      start_wall: '14:00',
      rescheduled: true,
    })
    const log = (await t.api(admin, 'GET', `/api/userbooking/${bookingId}/rescheduling`)).json()
    expect(log[0]).toMatchObject({ meetingroomName: 'Harbour Room B', start_wall: '14:00' })
  })

  it('charges an extension and refunds a shortening in the same transaction, with the cap message', async () => {
    // Coral Tech: 15 % internal discount, no gratis. Room A 45.00 an hour.
    const { bookingId } = await book()
    const date = (await view(bookingId)).start_date
    const longer = (await quote(bookingId, ids.roomA, `${date} 10:00`, `${date} 13:00`)).json()
    expect(longer).toMatchObject({ mode: 'CHARGE', amount: '38.25' })
    const extended = await act(bookingId, {
      code: 'RESCHEDULE_BOOKING',
      newMeetingRoomId: ids.roomA,
      newStartTime: `${date} 10:00`,
      newEndTime: `${date} 13:00`,
    })
    expect(extended.json()).toMatchObject({ mode: 'CHARGE', amount: '38.25' })
    expect((await view(bookingId)).additionalCharges[0]).toMatchObject({
      amount: '38.25',
      reason: 'Reschedule/Extend',
    })

    const shorter = (await quote(bookingId, ids.roomA, `${date} 10:00`, `${date} 11:00`)).json()
    expect(shorter.mode).toBe('REFUND')
    const capped = await act(bookingId, {
      code: 'RESCHEDULE_BOOKING',
      newMeetingRoomId: ids.roomA,
      newStartTime: `${date} 10:00`,
      newEndTime: `${date} 11:00`,
      amount: '9999',
    })
    expect(capped.json().message).toBe(messages.refundMoreThanAvailable(shorter.available))
    // Nothing moved with the refused request.
    expect((await view(bookingId)).end_wall).toBe('13:00')
    const refunded = await act(bookingId, {
      code: 'RESCHEDULE_BOOKING',
      newMeetingRoomId: ids.roomA,
      newStartTime: `${date} 10:00`,
      newEndTime: `${date} 11:00`,
    })
    expect(refunded.json()).toMatchObject({ mode: 'REFUND', amount: shorter.amount })
    expect((await view(bookingId)).partialRoomRefunds).toEqual([
      { amount: shorter.amount, reason: 'Reschedule/Extend' },
    ])
  })

  it('a shortening after an extension may refund the extension charge too, room first (issue 15 item 8)', async () => {
    // Coral Tech: 15 % internal discount. Room A 45.00 an hour: 1 h = 38.25, extended by 2 h = 76.50.
    const { bookingId } = await book({ start_time: '10:00', end_time: '11:00' })
    const date = (await view(bookingId)).start_date
    const extended = await act(bookingId, {
      code: 'RESCHEDULE_BOOKING',
      newMeetingRoomId: ids.roomA,
      newStartTime: `${date} 10:00`,
      newEndTime: `${date} 13:00`,
    })
    expect(extended.json()).toMatchObject({ mode: 'CHARGE', amount: '76.50' })
    // Back to 1 h: 2 h = 76.50 refunded, more than the room's 38.25 (the old cap kept the extension).
    const shorter = (await quote(bookingId, ids.roomA, `${date} 10:00`, `${date} 11:00`)).json()
    expect(shorter).toMatchObject({
      mode: 'REFUND',
      amount: '76.50',
      available: '114.75',
      available_room: '38.25',
      available_charges: '76.50',
    })
    const refunded = await act(bookingId, {
      code: 'RESCHEDULE_BOOKING',
      newMeetingRoomId: ids.roomA,
      newStartTime: `${date} 10:00`,
      newEndTime: `${date} 11:00`,
    })
    expect(refunded.json()).toMatchObject({ mode: 'REFUND', amount: '76.50' })
    const after = await view(bookingId)
    // The room first, the rest from the extension charge: 1 h (38.25) is left to pay.
    expect(after.partialRoomRefunds).toEqual([{ amount: '38.25', reason: 'Reschedule/Extend' }])
    expect(after.additionalCharges[0]).toMatchObject({
      amount: '76.50',
      additionalChargeRefunds: [{ amount: '38.25', reason: 'Reschedule/Extend' }],
    })
    expect(after.sub_total).toBe('38.25')
  })

  it('refuses overlaps and asks about preparation time', async () => {
    const first = await book({ meeting_room_id: ids.opera })
    const date = (await view(first.bookingId)).start_date
    const second = await book({
      meeting_room_id: ids.opera,
      booking_date: date,
      start_time: '13:00',
      end_time: '14:00',
    })
    const overlap = await act(second.bookingId, {
      code: 'RESCHEDULE_BOOKING',
      newMeetingRoomId: ids.opera,
      newStartTime: `${date} 11:00`,
      newEndTime: `${date} 12:00`,
    })
    expect(overlap.statusCode).toBe(409)
    expect(overlap.json().message).toBe(messages.slotAlreadyBooked)
    const tight = await act(second.bookingId, {
      code: 'RESCHEDULE_BOOKING',
      newMeetingRoomId: ids.opera,
      newStartTime: `${date} 12:15`,
      newEndTime: `${date} 13:15`,
    })
    expect(tight.json().confirm).toBe('preparation_time')
    const short = await act(second.bookingId, {
      code: 'RESCHEDULE_BOOKING',
      newMeetingRoomId: ids.opera,
      newStartTime: `${date} 15:00`,
      newEndTime: `${date} 15:30`,
    })
    expect(short.json().message).toBe(messages.minDuration(1, 0))
  })
})

describe('Idempotency-Key', () => {
  it('replays the first answer, refuses another payload under the key, and writes once under 10 concurrent replays', async () => {
    const { bookingId } = await book()
    const body = {
      code: 'additional_charges',
      adhocCharges: [
        {
          charge_type: 'room',
          room_code_id: 'meetingroom',
          additional_booking_charge_value: '7',
          reason_for_additional_booking_charge: 'Cleaning',
        },
      ],
    }
    const send = (payload: object, key: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/userbooking/${bookingId}`,
        headers: { cookie: admin, 'idempotency-key': key },
        payload,
      })
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(body, 'charge-1')))
    expect(answers.every((a) => a.statusCode === 200)).toBe(true)
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
    const rows = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookingAdditionalCharges)
      .where(eq(bookingAdditionalCharges.bookingId, bookingId))
    expect(rows[0]?.n).toBe(1)
    const replay = await send(body, 'charge-1')
    expect(replay.headers['idempotent-replayed']).toBe('true')
    const other = await send(
      { ...body, adhocCharges: [{ ...body.adhocCharges[0], additional_booking_charge_value: '8' }] },
      'charge-1',
    )
    expect(other.statusCode).toBe(422)
    expect(other.json().message).toBe(messages.idempotencyKeyReused)
    const keys = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'charge-1'))
    expect(keys).toHaveLength(1)
  })
})
