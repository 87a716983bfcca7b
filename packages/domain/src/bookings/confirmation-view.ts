import { dateDisplayFormat, formatWallTime, type IsoDate, wallClock } from '../time.ts'
import { type BookingConfirmation, paymentLabel, statusLabel } from './confirmation.ts'

/**
 * The texts of a booking confirmation that the page and its PDF both show (spec 2 §2), so that
 * the two never differ. Dates follow the organization's order (dd-MM-yyyy or MM-dd-yyyy) and
 * every time is the center's wall clock, whatever the zone of the reader.
 */

/** YYYY-MM-DD → DD-MM-YYYY, or MM-DD-YYYY when the organization's time format is mm/dd. */
export function formatIsoDate(date: IsoDate, timeFormat: BookingConfirmation['time_format']): string {
  const [y = '', m = '', d = ''] = date.split('-')
  return dateDisplayFormat(timeFormat) === 'MM-DD-YYYY' ? `${m}-${d}-${y}` : `${d}-${m}-${y}`
}

/** 2.5 → "2.5 Hours", 1 → "1 Hour". */
export function durationText(hours: number): string {
  const rounded = Math.round(hours * 100) / 100
  return `${rounded} ${rounded === 1 ? 'Hour' : 'Hours'}`
}

/** An instant (ISO text) as date and time in the center's zone: "05-12-2026 09:14 AM". */
export function centerDateTime(
  instant: string,
  booking: Pick<BookingConfirmation, 'timezone' | 'time_format'>,
): string {
  const at = new Date(instant)
  if (Number.isNaN(at.getTime())) return ''
  const wall = wallClock(at, booking.timezone || 'UTC')
  return `${formatIsoDate(wall.date, booking.time_format)} ${formatWallTime(wall.time)}`
}

/** "05-12-2026 10:00 AM - 12:30 PM (2.5 Hours)"; the end date too when it is another day. */
export function bookingWhen(booking: BookingConfirmation): string {
  const start = `${formatIsoDate(booking.start_date, booking.time_format)} ${formatWallTime(booking.start_wall)}`
  const endDate =
    booking.end_date && booking.end_date !== booking.start_date
      ? `${formatIsoDate(booking.end_date, booking.time_format)} `
      : ''
  return `${start} - ${endDate}${formatWallTime(booking.end_wall)} (${durationText(booking.duration)})`
}

const joined = (parts: Array<string | null | undefined>, separator = ', ') =>
  parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(separator)

/** The center's address on one line: street, city, state postcode, country. */
export function locationAddress(booking: BookingConfirmation): string {
  return joined([
    booking.street,
    booking.city,
    joined([booking.state, booking.postcode], ' '),
    booking.countryName,
  ])
}

/** The organization's address, a line each: street; city, state postcode; country. */
export function organizationAddressLines(booking: BookingConfirmation): string[] {
  return [
    booking.orgStreet,
    joined([booking.orgCity, joined([booking.orgState, booking.orgPostcode], ' ')]),
    booking.orgCountryName,
  ]
    .map((line) => (line ?? '').trim())
    .filter(Boolean)
}

/** Get Directions: a maps link to the center, by its coordinates when known, else by its address. */
export function directionsUrl(booking: BookingConfirmation): string {
  const lat = Number(booking.lat)
  const lon = Number(booking.lon)
  const hasPoint = booking.lat !== null && booking.lon !== null && booking.lat !== '' && booking.lon !== ''
  const destination =
    hasPoint && Number.isFinite(lat) && Number.isFinite(lon)
      ? `${lat},${lon}`
      : encodeURIComponent(joined([booking.centerName, locationAddress(booking)]))
  return `https://www.google.com/maps/dir/?api=1&destination=${destination}`
}

export interface ConfirmationRow {
  key: string
  label: string
  value: string
}

/** The Booking Details table (spec 2 §2); External Client Id only when the client has one. */
export function bookingDetailRows(booking: BookingConfirmation): ConfirmationRow[] {
  const rows: ConfirmationRow[] = [
    { key: 'booked_on', label: 'Booked On', value: centerDateTime(booking.created_at, booking) },
    { key: 'reference', label: 'Booking Reference', value: booking.reference },
  ]
  if (booking.externalClientId?.trim()) {
    rows.push({ key: 'external_client_id', label: 'External Client Id', value: booking.externalClientId })
  }
  rows.push(
    { key: 'client', label: 'Client Name', value: booking.clientName },
    { key: 'when', label: 'Booking Date/Time', value: bookingWhen(booking) },
    { key: 'space', label: 'Space Name', value: booking.meetingName },
    { key: 'center', label: 'Location/Center', value: booking.centerName },
    { key: 'address', label: 'Location Address', value: locationAddress(booking) },
    { key: 'status', label: 'Booking Status', value: statusLabel(booking.status) },
    {
      key: 'booked_by',
      label: 'Booked By',
      value: joined([booking.Submit_first_name, booking.Submit_last_name], ' '),
    },
  )
  return rows
}

/** Payment Details: status, method, the card's transaction id, the bank account details. */
export function paymentDetailRows(booking: BookingConfirmation): ConfirmationRow[] {
  const rows: ConfirmationRow[] = [
    { key: 'payment_status', label: 'Payment Status', value: paymentLabel(booking) },
    { key: 'payment_method', label: 'Payment Method', value: booking.payment_method },
  ]
  if (booking.payment_status === 'card' && booking.transaction_id?.trim()) {
    rows.push({ key: 'transaction_id', label: 'Transaction ID', value: booking.transaction_id })
  }
  if (booking.banking_details?.trim()) {
    rows.push({ key: 'banking_details', label: 'Bank Account Details', value: booking.banking_details })
  }
  return rows
}

/** Notes, Special Requirements and General Notes, those that have text. */
export function bookingNotes(booking: BookingConfirmation): ConfirmationRow[] {
  return [
    { key: 'notes', label: 'Notes', value: booking.notes },
    { key: 'special_requirement', label: 'Special Requirements', value: booking.special_requirement },
    { key: 'post_booking_notes', label: 'General Notes', value: booking.post_booking_notes },
  ].filter((note) => Boolean(note.value?.trim()))
}
