import type { BookingCreateInput, RecurringRule } from '@spaceboard/domain'
import { queryOptions } from '@tanstack/react-query'
import { api, queryString } from '../../platform/api-client.ts'
import { CLIENT_ENDPOINT, type ClientView } from '../clients/api.ts'
import { SPACE_ENDPOINT } from '../spaces/api.ts'

export const BOOKING_ENDPOINT = '/api/userbooking'

export type RateUnit = 'hour' | 'halfday' | 'day'
export type AmenityChargeType = 'flat' | 'attendee' | 'hour'

/** A package deal the space offers (room detail). Times HH:mm, rate per attendee as decimal text. */
export interface RoomPackage {
  id: number
  name: string
  type: 'fixed' | 'duration'
  start_time: string | null
  end_time: string | null
  duration_minutes: number | null
  min_attendees: number
  rate: string
}

/** An amenity the space charges for (room detail); amount as decimal text. */
export interface RoomAmenity {
  amenity_id: number
  name: string
  charge_type: AmenityChargeType
  amount: string
}

/** GET /api/meetingroom/{id}/detail?clientId=&bookingDate= (spec 2 §3 Room detail for a date). */
export interface RoomDetail {
  success: boolean
  message: string
  /** The client's gratis minutes still available in the booking date's month. */
  gratisMinutes: number
  rates: Array<{ rateUnit: RateUnit; rateAmount: string; originalAmount: string }>
  orgRoomType: { id: number; code: string; name: string; account_code: string } | null
  minimum_duration_hours: number
  minimum_duration_minutes: number
  maximum_duration_hours: number
  maximum_duration_minutes: number
  pre_makeup_hours: number
  pre_makeup_minutes: number
  post_makeup_hours: number
  post_makeup_minutes: number
  capacity: number
  /** The space's bookable window, HH:mm in the center's zone. */
  start_time: string
  end_time: string
  timezone: string
  /** The organization's currency code (aud …). */
  currency: string
  center: { id: number; name: string; open_time: string; close_time: string; open_after_hours: boolean }
  packages: RoomPackage[]
  amenities: RoomAmenity[]
}

/** A slot already booked on the day (spec 2 §3 Already booked slot). */
export interface BookedSlot {
  start_time: string
  end_time: string
  bookingId: number
}

/** The price of a booking as POST /api/userbooking/quote answers it; amounts as decimal text. */
export interface QuotePrice {
  gratis_minutes: number
  chargeable_minutes: number
  rate_unit: RateUnit | 'package'
  original_amount: string
  room_amount: string
  room_rate_modified: boolean
  room_unit_amount: string
  rate_level: string
  rate_percentage: string
  internal_discount: string
  room_amount_after_discount: string
  voucher_code: string
  voucher_discount: string
  additional_discount_rate: string
  additional_discount_amount: string
  amenities: Array<{
    amenity_id: number
    name: string
    type: AmenityChargeType
    quantity: number
    unit_amount: string
    total_amount: string
  }>
  amenities_total: string
  sub_total: string
  tax_label: string
  tax_percentage: string
  tax_amount: string
  net_amount: string
  currency: string
}

/** One date of a series as the quote sees it. */
export interface QuoteOccurrence {
  date: string
  start_time: string
  end_time: string
  ok: boolean
  message: string
}

export interface Quote {
  price: QuotePrice | null
  /** What stands in the way, by the create body's field (dotted for the series' fields). */
  problems: Record<string, string>
  occurrences: QuoteOccurrence[]
  /** The preparation-time question the save will ask, when the slot is too close to another. */
  preparation: { message: string } | null
}

/** What POST /api/userbooking and its quote take (bookingCreateSchema's input, as sent). */
export interface BookingBody {
  organization_id?: number | null
  center_id: number | ''
  meeting_room_id: number | ''
  booking_date: string
  start_time: string
  end_time: string
  client_id: number | ''
  user_id: number | ''
  attendees: number | ''
  package_id?: number | null
  amenity_ids: number[]
  voucher_code: string
  room_amount: string
  use_gratis: boolean
  payment_status: BookingCreateInput['payment_status'] | ''
  transaction_id: string
  notes: string
  special_requirement: string
  confirm_preparation_time: boolean
  recurring?: (Pick<RecurringRule, 'frequency'> & { until_date?: string; occurrences?: number | '' }) | null
  skip_dates: string[]
}

/** 201 of POST /api/userbooking. */
export interface BookingCreated {
  bookingId: number
  bookingIds: number[]
  recurringId: number | null
  status: string
  message: string
}

/** A date of a series that cannot be booked (409 of a recurring create). */
export interface SeriesConflict {
  date: string
  message: string
}

export const roomDetailQuery = (roomId: number | null, clientId: number | null, bookingDate: string) =>
  queryOptions({
    queryKey: [SPACE_ENDPOINT, 'detail', roomId, clientId, bookingDate],
    queryFn: ({ signal }) =>
      api<RoomDetail>(`${SPACE_ENDPOINT}/${roomId}/detail${queryString({ clientId, bookingDate })}`, {
        signal,
      }),
    enabled: roomId !== null,
    staleTime: 0,
    // Another date or client of the same room keeps its packages and amenities on screen meanwhile.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === roomId ? previous : undefined,
  })

/**
 * The booked slots of a day; `date` is YYYY-MM-DD here and sent as DD/MM/YYYY (spec 2 §7).
 * `excludeBookingId` leaves a booking out (the one being rescheduled).
 */
export const bookedSlotsQuery = (roomId: number | null, date: string | null, excludeBookingId?: number) =>
  queryOptions({
    queryKey: [BOOKING_ENDPOINT, 'booked-slots', roomId, date, excludeBookingId ?? null],
    queryFn: ({ signal }) => {
      const [year, month, day] = (date ?? '').split('-')
      return api<BookedSlot[]>(
        `${SPACE_ENDPOINT}/${roomId}/booked-slots${queryString({ date: `${day}/${month}/${year}`, excludeBookingId })}`,
        { signal },
      )
    },
    enabled: roomId !== null && date !== null,
    staleTime: 0,
  })

/** A user of a client (GET /api/user?all=1&clientId=). */
export interface BookingUserOption {
  id: number
  first_name: string
  last_name: string
  email: string
  status: 'Active' | 'Archived'
}

export const clientUsersQuery = (clientId: number | null) =>
  queryOptions({
    queryKey: ['/api/user', 'client-options', clientId],
    queryFn: ({ signal }) =>
      api<BookingUserOption[]>(`/api/user${queryString({ all: 1, clientId })}`, { signal }),
    enabled: clientId !== null,
    staleTime: 30_000,
  })

/** The chosen client (its default payment method). */
export const bookingClientQuery = (clientId: number | null) =>
  queryOptions({
    queryKey: [CLIENT_ENDPOINT, 'record', clientId],
    queryFn: ({ signal }) => api<ClientView>(`${CLIENT_ENDPOINT}/${clientId}`, { signal }),
    enabled: clientId !== null,
    staleTime: 30_000,
  })

export const quoteQuery = (body: BookingBody | null) =>
  queryOptions({
    queryKey: [BOOKING_ENDPOINT, 'quote', body],
    queryFn: ({ signal }) => api<Quote>(`${BOOKING_ENDPOINT}/quote`, { method: 'POST', body, signal }),
    enabled: body !== null,
    staleTime: 0,
    retry: false,
  })

export function createBooking(body: BookingBody): Promise<BookingCreated> {
  return api<BookingCreated>(BOOKING_ENDPOINT, { method: 'POST', body })
}
