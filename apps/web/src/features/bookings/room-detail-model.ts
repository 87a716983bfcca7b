import {
  type BookableWindow,
  bookableWindow,
  bookingCreateSchema,
  type IsoDate,
  isIsoDate,
  minutesOfDay,
  type RecurringFrequency,
  timeOfDay,
} from '@spaceboard/domain'
import type { Dayjs } from 'dayjs'
import { z } from 'zod'
import { schemaErrors } from '../../platform/form-kit.ts'
import type { BookingBody, RoomDetail, RoomPackage } from './api.ts'

const wallTime = /^([01]\d|2[0-3]):[0-5]\d$/

/**
 * The query of /admin/book/room-detail as the calendar sends it (spec 2 §2: bookingType, roomId,
 * bookingDate, bookingTime, bookingEndTime, formatDate). A bad value is dropped, not an error.
 */
export const roomDetailSearchSchema = z.object({
  bookingType: z.enum(['room', 'package']).optional().catch(undefined),
  roomId: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  bookingDate: z.string().refine(isIsoDate).optional().catch(undefined),
  bookingTime: z.string().regex(wallTime).optional().catch(undefined),
  bookingEndTime: z.string().regex(wallTime).optional().catch(undefined),
  /** The date as the calendar showed it; only displayed. */
  formatDate: z.string().max(40).optional().catch(undefined),
})
export type RoomDetailSearch = z.infer<typeof roomDetailSearchSchema>

export type SeriesEnd = 'until' | 'count'

/** What the RoomDetail form holds: the create body's fields as its inputs hold them. */
export interface BookingFormValues {
  organization_id?: number | undefined
  center_id?: number | undefined
  meeting_room_id?: number | undefined
  booking_date?: Dayjs | null | undefined
  /** HH:mm */
  start_time?: string | undefined
  end_time?: string | undefined
  client_id?: number | undefined
  user_id?: number | undefined
  attendees?: number | null | undefined
  package_id?: number | null | undefined
  amenity_ids: number[]
  voucher_code: string
  amend_room_amount: boolean
  room_amount?: string | number | null | undefined
  use_gratis: boolean
  payment_status: 'invoice' | 'card'
  transaction_id: string
  notes: string
  special_requirement: string
  repeat: boolean
  recurring: {
    frequency: RecurringFrequency
    ends: SeriesEnd
    until_date?: Dayjs | null | undefined
    occurrences?: number | null | undefined
  }
}

export function newBookingValues(search: RoomDetailSearch, date: Dayjs | null): BookingFormValues {
  return {
    booking_date: date,
    start_time: search.bookingTime,
    end_time: search.bookingEndTime,
    amenity_ids: [],
    voucher_code: '',
    amend_room_amount: false,
    use_gratis: true,
    payment_status: 'invoice',
    transaction_id: '',
    notes: '',
    special_requirement: '',
    repeat: false,
    recurring: { frequency: 'weekly', ends: 'count', occurrences: 2 },
  }
}

export interface BodyContext {
  /** super names the organization; the others always book in their own. */
  sendOrganization: boolean
  /** The organization offers recurring bookings. */
  recurringEnabled: boolean
}

const isoOf = (date: Dayjs | null | undefined): string => (date?.isValid() ? date.format('YYYY-MM-DD') : '')
const idOf = (id: number | null | undefined): number | '' => (typeof id === 'number' ? id : '')
const text = (value: string | null | undefined) => (value ?? '').trim()

/** The body of POST /api/userbooking (and its quote) from the form's values. */
export function bookingBody(values: BookingFormValues, context: BodyContext): BookingBody {
  const series = values.recurring
  const repeat = context.recurringEnabled && values.repeat
  const body: BookingBody = {
    center_id: idOf(values.center_id),
    meeting_room_id: idOf(values.meeting_room_id),
    booking_date: isoOf(values.booking_date),
    start_time: values.start_time ?? '',
    end_time: values.end_time ?? '',
    client_id: idOf(values.client_id),
    user_id: idOf(values.user_id),
    attendees: typeof values.attendees === 'number' ? values.attendees : '',
    package_id: values.package_id ?? null,
    amenity_ids: values.amenity_ids ?? [],
    voucher_code: text(values.voucher_code).toUpperCase(),
    room_amount: values.amend_room_amount
      ? text(values.room_amount == null ? '' : String(values.room_amount))
      : '',
    use_gratis: values.use_gratis ?? true,
    payment_status: values.payment_status ?? '',
    transaction_id: values.payment_status === 'card' ? text(values.transaction_id) : '',
    notes: text(values.notes),
    special_requirement: text(values.special_requirement),
    confirm_preparation_time: false,
    recurring: repeat
      ? series?.ends === 'until'
        ? { frequency: series.frequency, until_date: isoOf(series.until_date) }
        : { frequency: series?.frequency ?? 'weekly', occurrences: series?.occurrences ?? '' }
      : null,
    skip_dates: [],
  }
  if (context.sendOrganization) body.organization_id = values.organization_id ?? null
  return body
}

/** Valid values for fields still wrong, so that the rules across fields show meanwhile. */
const standIns: Record<string, unknown> = {
  organization_id: null,
  center_id: 1,
  meeting_room_id: 1,
  booking_date: '2000-01-01',
  start_time: '00:00',
  end_time: '23:45',
  client_id: 1,
  user_id: 1,
  attendees: 1,
  payment_status: 'invoice',
}

/**
 * The domain's messages (bookingCreateSchema) by the form's field, dotted (`recurring.occurrences`).
 * A series ended by a number of bookings shows its "choose an end" message on that number.
 */
export function bookingErrors(values: BookingFormValues, context: BodyContext): Record<string, string> {
  const errors = schemaErrors(bookingCreateSchema, { ...bookingBody(values, context) }, standIns)
  if (values.recurring?.ends === 'count' && errors['recurring.until_date']) {
    errors['recurring.occurrences'] ??= errors['recurring.until_date']
    delete errors['recurring.until_date']
  }
  return errors
}

/**
 * The body to price, once the form names a center, space, date, start, end, client, user and
 * attendees; null until then or while a field is still wrong. The payment and notes do not
 * change the price, so a card without its transaction id is priced all the same.
 */
export function quoteBody(values: BookingFormValues, context: BodyContext): BookingBody | null {
  const body = bookingBody(values, context)
  const priced: BookingBody = {
    ...body,
    payment_status: 'invoice',
    transaction_id: '',
    notes: '',
    special_requirement: '',
  }
  const required = [
    body.center_id,
    body.meeting_room_id,
    body.booking_date,
    body.start_time,
    body.end_time,
    body.client_id,
    body.user_id,
    body.attendees,
  ]
  if (required.some((value) => value === '')) return null
  if (context.sendOrganization && !body.organization_id) return null
  const valid = (candidate: BookingBody) => bookingCreateSchema.safeParse(candidate).success
  // A series still being set up, or an amount still being typed, is priced without it meanwhile.
  const candidates: BookingBody[] = [
    priced,
    { ...priced, room_amount: '' },
    { ...priced, recurring: null },
    { ...priced, room_amount: '', recurring: null },
  ]
  return candidates.find(valid) ?? null
}

/** HH:mm plus minutes, or null past midnight. */
export function addMinutes(time: string | undefined, minutes: number): string | null {
  if (!time || !wallTime.test(time)) return null
  const total = minutesOfDay(time) + minutes
  if (total >= 24 * 60) return null
  return timeOfDay(total)
}

/** The times a package sets: a fixed slot both, a duration the end from the start. */
export function packageTimes(
  pkg: RoomPackage,
  start: string | undefined,
): { start_time?: string; end_time?: string } {
  if (pkg.type === 'fixed') {
    return {
      ...(pkg.start_time ? { start_time: pkg.start_time } : {}),
      ...(pkg.end_time ? { end_time: pkg.end_time } : {}),
    }
  }
  const end = addMinutes(start, pkg.duration_minutes ?? 0)
  return end ? { end_time: end } : {}
}

/** Minutes between two HH:mm times (0 when either is missing or the end is not after the start). */
export function durationMinutes(start: string | undefined, end: string | undefined): number {
  if (!start || !end || !wallTime.test(start) || !wallTime.test(end)) return 0
  return Math.max(0, minutesOfDay(end) - minutesOfDay(start))
}

/** 90 → "1 h 30 min", 120 → "2 h", 45 → "45 min". */
export function describeDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours && rest) return `${hours} h ${rest} min`
  if (hours) return `${hours} h`
  return `${rest} min`
}

/** The dates of a series left to book once its conflicting dates are skipped. */
export function remainingDates(all: readonly IsoDate[], skipped: readonly IsoDate[]): IsoDate[] {
  const skip = new Set(skipped)
  return all.filter((date) => !skip.has(date))
}

/** The hours a space can be booked on a day (HH:mm), by the domain's one rule; null when it has none. */
export function roomWindow(
  room: Pick<RoomDetail, 'start_time' | 'end_time' | 'center'>,
): BookableWindow | null {
  return bookableWindow(
    { startTime: room.start_time, endTime: room.end_time },
    {
      openTime: room.center.open_time,
      closeTime: room.center.close_time,
      openAfterHours: room.center.open_after_hours,
    },
  )
}
