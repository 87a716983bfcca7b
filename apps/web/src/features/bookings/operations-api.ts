import type { BookingConfirmation } from '@spaceboard/domain'
import { queryOptions } from '@tanstack/react-query'
import { api, queryString } from '../../platform/api-client.ts'
import { BOOKING_ENDPOINT } from './api.ts'

/**
 * What staff do to a booking after it is made (spec 2 §4, §7): PUT /api/userbooking/{id} by
 * `code`, the cancellation check, the series' rows and the reschedule preview.
 */

/** The cancellation rule a booking matches (refund_percent as decimal text, "100.00"). */
export interface RefundRow {
  min_day: number
  max_day: number
  max_attendee: number
  refund_percent: string
}

/** GET /api/userbooking/{id}/cancellation (spec 2 §3 Cancellation check response). */
export type CancellationCheck =
  | {
      success: true
      message: string
      currency: string
      bookingId: number
      netAmount: string
      refundRow: RefundRow | null
      refundAmount: string
      recurringId: number | null
      daysLeft: number
    }
  | { success: false; message: string; bookingId: number }

/** GET /api/userbooking/{id}/recurring-cancellation: the upcoming bookings of the series from this one. */
export interface RecurringCancellationRow {
  bookingId: number
  bookingPrefix: string
  recurringId: number
  netAmount: string
  refundRow: RefundRow | null
  refundAmount: string
}

/** GET /api/userbooking/{id}/recurring-confirm: the upcoming tentative bookings of the series. */
export interface RecurringConfirmRow {
  bookingId: number
  reference: string
  net_amount: string
}

export type RescheduleMode = 'same' | 'CHARGE' | 'REFUND'

/** GET /api/userbooking/{id}/reschedule-quote: what a move would charge or refund, and what stands in its way. */
export interface RescheduleQuote {
  mode: RescheduleMode
  /** The room's charge or refund, decimal text. */
  amount: string
  /** What a shortening may refund (the REFUND cap): what is left of the room and of its room charges. */
  available: string
  /** The cap's parts: what is left of the room, and of its extension (room) charges. */
  available_room: string
  available_charges: string
  gratisMinutes: number
  /** Hours of the new slot. */
  duration: number
  amenities: { booking_amenity_id: number; amount: string }[]
  /** By field of the move (newStartTime, newMeetingRoomId …). */
  problems: Record<string, string>
  /** An overlap or another reason the slot cannot be taken; null when free. */
  conflict: string | null
  /** The preparation-time question the reschedule will ask, when too close to another booking. */
  preparation: string | null
}

export interface RescheduleSlot {
  newMeetingRoomId: number
  /** "YYYY-MM-DD HH:mm" in the destination center's wall clock; a UTC offset after it names a repeated time's second pass */
  newStartTime: string
  newEndTime: string
}

export interface AdhocCharge {
  charge_type: 'room' | 'amenities'
  room_code_id?: string
  amenity_code_id?: number
  additional_booking_charge_value: string
  reason_for_additional_booking_charge: string
}

/** The bodies of PUT /api/userbooking/{id}, by code. */
export type BookingOperationBody =
  | { notesUpdate: 1; post_booking_notes: string }
  | { code: 'CONFIRM' }
  | { code: 'CONFIRM_ALL' }
  | { code: 'CHANGE_PAYMENT_STATUS'; is_paid: 0 | 1 }
  | { code: 'full'; refundPercent?: string }
  | { code: 'full'; bookingType: 'recurring'; data: string; currency: string }
  | {
      code: 'partial'
      roomAmountRefund?: string
      roomNotes: string
      amenityPartialRefund: { booking_amenity_id: number; amount: string }[]
      amenityRefundNotes: string
      additionalChargeRefund: { additional_charge_id: number; amount: string; reason: string }[]
    }
  | { code: 'additional_charges'; adhocCharges: AdhocCharge[] }
  | (RescheduleSlot & {
      code: 'RESCHEDULE_BOOKING'
      amount?: string
      reason?: string
      confirm_preparation_time?: boolean
    })

/** What PUT answers: the spec's success text and, by code, what changed. */
export interface BookingOperationAnswer {
  message: string
  bookingIds?: number[]
  is_paid?: 0 | 1
  refundAmount?: string
  net_amount?: string
  mode?: RescheduleMode
  amount?: string
}

/**
 * The Idempotency-Key of one person's action (spec 2 §4 money safety): one is made when the action
 * starts and sent with every try of it, so that a retry after a lost answer is not done twice.
 * `done()` ends the action after its success: the next action gets a fresh key.
 */
export class IdempotentAction {
  private key: string | null = null

  get current(): string {
    this.key ??= crypto.randomUUID()
    return this.key
  }

  done(): void {
    this.key = null
  }
}

/** PUT /api/userbooking/{id} with the action's Idempotency-Key; on success the action is over. */
export async function bookingOperation(
  id: number,
  body: BookingOperationBody,
  action: IdempotentAction = new IdempotentAction(),
): Promise<BookingOperationAnswer> {
  const answer = await api<BookingOperationAnswer>(`${BOOKING_ENDPOINT}/${id}`, {
    method: 'PUT',
    body,
    headers: { 'Idempotency-Key': action.current },
  })
  action.done()
  return answer
}

export function cancellationCheck(id: number): Promise<CancellationCheck> {
  return api<CancellationCheck>(`${BOOKING_ENDPOINT}/${id}/cancellation`)
}

export function recurringCancellation(id: number): Promise<RecurringCancellationRow[]> {
  return api<RecurringCancellationRow[]>(`${BOOKING_ENDPOINT}/${id}/recurring-cancellation`)
}

export function recurringConfirmation(id: number): Promise<RecurringConfirmRow[]> {
  return api<RecurringConfirmRow[]>(`${BOOKING_ENDPOINT}/${id}/recurring-confirm`)
}

export const rescheduleQuoteQuery = (id: number, slot: RescheduleSlot | null) =>
  queryOptions({
    queryKey: [BOOKING_ENDPOINT, 'reschedule-quote', id, slot],
    queryFn: ({ signal }) =>
      api<RescheduleQuote>(`${BOOKING_ENDPOINT}/${id}/reschedule-quote${queryString({ ...(slot ?? {}) })}`, {
        signal,
      }),
    enabled: slot !== null,
    staleTime: 0,
    retry: false,
  })

/** What the action menus need of a booking: the confirmation's or a list row's fields. */
export type BookingTarget = Pick<
  BookingConfirmation,
  'bookingId' | 'reference' | 'status' | 'payment_status' | 'is_paid' | 'recurringId' | 'currency'
>

/** Where the booking screens go back to (spec 2 §2: the bookings list). */
export const bookingListPath = { to: '/admin/book/list' } as const
