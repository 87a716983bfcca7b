import {
  type BookingConfirmation,
  dateDisplayFormat,
  formatWallTime,
  type IsoDate,
  wallClock,
} from '@spaceboard/domain'
import type { BookingMailFacts, MailBooking } from './booking-mails.repository.ts'
import type { MergeValues } from './render.ts'

/** YYYY-MM-DD in the organization's date order (spec 1 §9). */
export function displayDate(date: IsoDate, timeFormat: BookingConfirmation['time_format']) {
  const [y, m, d] = date.split('-')
  return dateDisplayFormat(timeFormat) === 'MM-DD-YYYY' ? `${m}-${d}-${y}` : `${d}-${m}-${y}`
}

export interface EventAmounts {
  refundAmount?: string
  chargeAmount?: string
  /** Every booking of a series the mail is about (recurring types): listed by {{booking_dates}}. */
  series?: { start_time: string; end_time: string }[]
}

/** The links of a booking's mails: into the product (PUBLIC_URL) and to a map. */
export function bookingLinks(booking: MailBooking, publicUrl: string) {
  const destination =
    booking.lat && booking.lon
      ? `${booking.lat},${booking.lon}`
      : [booking.street, booking.city, booking.state, booking.postcode, booking.countryName]
          .filter(Boolean)
          .join(', ')
  const compact = (d: string) => d.replace(/[-:]/g, '').replace(/\.\d{3}/, '')
  const calendar = new URL('https://calendar.google.com/calendar/render')
  calendar.searchParams.set('action', 'TEMPLATE')
  calendar.searchParams.set('text', `${booking.meetingName} – ${booking.centerName}`)
  calendar.searchParams.set('dates', `${compact(booking.start_time)}/${compact(booking.end_time)}`)
  calendar.searchParams.set('ctz', booking.timezone)
  calendar.searchParams.set('details', `${publicUrl}/admin/book/invoice/${booking.bookingId}`)
  return {
    booking: `${publicUrl}/admin/book/invoice/${booking.bookingId}`,
    directions: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`,
    calendar: calendar.toString(),
  }
}

/** The merge values of a booking's mail: only this booking's, its organization's and its location's. */
export function bookingMergeValues(
  booking: MailBooking,
  facts: BookingMailFacts,
  publicUrl: string,
  amounts: EventAmounts = {},
): MergeValues {
  const links = bookingLinks(booking, publicUrl)
  const address = [booking.street, booking.city, booking.state, booking.postcode].filter(Boolean).join(', ')
  const dateOf = (iso: string) =>
    displayDate(wallClock(new Date(iso), booking.timezone).date, booking.time_format)
  const timeOf = (iso: string) => formatWallTime(wallClock(new Date(iso), booking.timezone).time)
  const series = amounts.series ?? [booking]
  const dates = series.map((b) => `${dateOf(b.start_time)} ${timeOf(b.start_time)} – ${timeOf(b.end_time)}`)
  const currency = booking.currency.toUpperCase()
  const money = (amount: string | null | undefined) => (amount ? `${currency} ${amount}` : '')
  return {
    booking_reference: booking.reference,
    booking_date: displayDate(booking.start_date, booking.time_format),
    start_time: formatWallTime(booking.start_wall),
    end_time: formatWallTime(booking.end_wall),
    booking_duration: `${booking.duration} Hours`,
    booking_dates: dates.join('\n'),
    invoice_number: booking.reference,
    booking_status: booking.status.charAt(0).toUpperCase() + booking.status.slice(1),
    booking_total: money(booking.net_amount),
    payment_method: booking.payment_method,
    payment_status: booking.is_paid ? 'Paid' : 'Unpaid',
    refund_amount: money(amounts.refundAmount),
    additional_charge_amount: money(amounts.chargeAmount),
    security_bond_amount: money(facts.securityBondAmount),
    client_name: booking.clientName,
    attendees: String(booking.attendees),
    special_requirements: booking.special_requirement,
    room_name: booking.meetingName,
    center_name: booking.centerName,
    center_address: address,
    center_email: facts.centerConfirmEmail,
    site_access_instructions: facts.siteAccessInstructions,
    organization_name: booking.organizationName,
    organization_contact_email: facts.contactEmail,
    organization_contact_number: facts.contactNumber,
    organization_website: facts.website,
    user_first_name: booking.fUserName,
    user_last_name: booking.lUserName,
    user_email: booking.email,
    calendar_link: links.calendar,
    directions_link: links.directions,
    booking_link: links.booking,
    sign_in_link: `${publicUrl}/admin/login`,
  }
}
