/**
 * A booking as the confirmation page and its PDF show it (spec 2 §2 View Booking, §3 Booking),
 * answered by GET /api/userbooking/{id}. Field names are the spec's; amounts are decimal strings
 * with two decimals ("1234.50"); instants are ISO strings and the wall-clock fields are the
 * center's own time (`timezone`).
 */
export interface BookingConfirmation {
  bookingId: number
  booking_prefix: string
  /** booking_prefix + bookingId, e.g. MH-HAR1042 */
  reference: string
  status: 'tentative' | 'confirmed' | 'cancelled'
  payment_status: 'invoice' | 'card'
  /** Credit Card or Invoice */
  payment_method: 'Credit Card' | 'Invoice'
  transaction_id: string
  is_paid: 0 | 1
  booking_confirm_at: string | null
  created_at: string
  updated_at: string
  start_time: string
  end_time: string
  timezone: string
  /** YYYY-MM-DD and HH:mm in the center's zone */
  start_date: string
  start_wall: string
  end_date: string
  end_wall: string
  /** Hours, e.g. 2.5 */
  duration: number
  attendees: number
  clientId: number
  clientName: string
  externalClientId: string
  clientGratisMinutes: number
  meetingroomId: number
  meetingName: string
  centerId: number
  centerName: string
  street: string
  city: string
  state: string
  postcode: string
  countryName: string
  lat: string | null
  lon: string | null
  org_id: number
  organizationName: string
  orgStreet: string
  orgCity: string
  orgState: string
  orgPostcode: string
  orgCountryName: string
  /** URL of the organization's logo, or null */
  orgLogo: string | null
  company_registration_number: string
  banking_details: string
  /** dd/mm or mm/dd: dates are shown DD-MM-YYYY or MM-DD-YYYY */
  time_format: 'dd/mm' | 'mm/dd'
  currency: string
  /** Booked By (the staff member who made it) */
  Submit_first_name: string
  Submit_last_name: string
  /** The booking user */
  fUserName: string
  lUserName: string
  email: string
  room_rate_unit: string
  room_unit_amount: string
  room_amount: string
  /** The chargeable minutes the room amount pays for, as booked (the room line's hours). */
  room_minutes: number
  original_amount: string
  room_rate_modified: boolean
  rateModifiedUserFirstName: string
  rateModifiedUserLastName: string
  gratis_minutes: number
  refunded_gratis_minutes: number
  rate_level: 'standard' | 'internal'
  rate_percentage: string
  internalDiscount: string
  voucher_code: string
  voucher_type: '' | 'percent' | 'fixed'
  voucher_value: string
  voucher_discount: string
  aditional_discount_rate: string
  additional_discount_rate: string
  additional_discount_amount: string
  room_amount_after_discount: string
  partial_room_amount_refund: string
  tax_label: string
  tax_percentage: string
  tax_amount: string
  sub_total: string
  /** What the booking comes to: sub total and tax, less the refund of a full cancellation. */
  net_amount: string
  /**
   * The refund of a full cancellation (spec 2 §5): the percent of the net amount refunded, the
   * amount, who cancelled and when (ISO). Null while the booking is not cancelled.
   */
  cancellationRefund: {
    percent: string
    amount: string
    cancelledBy: string
    cancelledAt: string
  } | null
  notes: string
  special_requirement: string
  post_booking_notes: string
  rescheduled: boolean
  recurringId: number | null
  organization_package_id: number | null
  packageName: string
  packageServices: string
  packageDetails: { type: 'fixed' | 'duration'; start_time: string | null; end_time: string | null } | null
  /** The spaces the booking's package deal is offered in (empty without a package). */
  packageAssociatedMeetingrooms: { id: number; name: string }[]
  isMS365Booking: boolean
  isCalendarBooking: boolean
  mh_url: string
  partialRoomRefunds: { amount: string; reason: string }[]
  additionalCharges: {
    id: number
    charge_type: 'room' | 'amenities'
    chargedAmenityName: string
    chargedRoomType: string
    amount: string
    reason: string
    /** The chargeable minutes an extension's charge pays for; null for an ad hoc charge. */
    minutes: number | null
    additionalChargeRefunds: { amount: string; reason: string }[]
  }[]
  bookedAmenities: {
    id: number
    amenity_id: number
    name: string
    type: 'hour' | 'attendee' | 'flat'
    quantity: string
    unit_amount: string
    total_amount: string
    not_charged: boolean
    refunded_amount: string
    /** The tax refunded with it, at the booking's tax rate, and the two together. */
    refunded_tax: string
    refunded_total_amount: string
    amenity_refund: { amount: string; reason: string }[]
    account_code: string
    inventory_item_code: string
  }[]
}

export interface ReschedulingEntry {
  centerName: string
  meetingroomName: string
  start_time: string
  end_time: string
  /** YYYY-MM-DD and HH:mm in the center's zone */
  start_date: string
  start_wall: string
  end_wall: string
  duration: number
  first_name: string
  last_name: string
  created_at: string
}

export interface WorkflowLogEntry {
  workflow_name: string
  status: string
  remarks: string
  updated_at: string
}

/** Paid/Unpaid as the confirmation shows it (spec 2 §2): only invoice bookings can be unpaid. */
export function paymentLabel(
  booking: Pick<BookingConfirmation, 'payment_status' | 'is_paid'>,
): 'Paid' | 'Unpaid' {
  if (booking.payment_status !== 'invoice') return 'Paid'
  return booking.is_paid === 1 ? 'Paid' : 'Unpaid'
}

/** tentative and cancelled as they are; other statuses title-cased (spec 2 §2). */
export function statusLabel(status: string): string {
  if (status === 'tentative' || status === 'cancelled') return status
  return status.charAt(0).toUpperCase() + status.slice(1)
}

/** Tag colours of a workflow log status (spec 2 §2). */
export function workflowStatusColor(status: string): 'success' | 'danger' | 'warning' | 'info' {
  if (status === 'success' || status === 'sent') return 'success'
  if (status === 'failed') return 'danger'
  if (status === 'pending') return 'warning'
  return 'info'
}
