// One booking as its page reads it: the confirmation (also its PDF, its mails and every
// operation's answer), its rescheduling and workflow logs, and who may see it.
import {
  type BookingConfirmation,
  bookingTotals,
  centsToDecimal,
  percentOf,
  type ReschedulingEntry,
  roomSubTotalOf,
  toBasisPoints,
  toCents,
  type WorkflowLogEntry,
  wallClock,
} from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import { notFound } from '../../platform/errors.ts'
import { assertSameOrganization } from '../../platform/tenancy.ts'
import * as repo from './booking-confirmation.repository.ts'
import * as operationsRepo from './booking-operations.repository.ts'

const iso = (value: Date | null) => (value ? value.toISOString() : null)

/** A booking as its confirmation shows it (spec 2 §2, §3). Another organization's is a 404. */
export async function getBooking(ctx: Ctx, id: number): Promise<BookingConfirmation> {
  const row = await repo.findBooking(ctx.tx, id)
  if (!row) throw notFound()
  assertSameOrganization(ctx.actor, row.booking.organizationId)
  const b = row.booking
  const org = row.organization
  const zone = row.center.timezoneId
  const refundView = (r: { amount: string; reason: string }) => ({ amount: r.amount, reason: r.reason })
  const roomRefunds = row.roomRefunds
  const taxRate = toBasisPoints(b.taxPercentage)
  const bookedAmenities = row.amenities.map((a) => {
    const refunded = a.refunds.reduce((s, r) => s + toCents(r.amount), 0)
    // The tax that goes back with the refund, at the booking's rate, as the net amount counts it.
    const refundedTax = percentOf(refunded, taxRate)
    return {
      id: a.id,
      amenity_id: a.amenityId,
      name: a.name,
      type: a.type as 'hour' | 'attendee' | 'flat',
      quantity: a.quantity,
      unit_amount: a.unitAmount,
      total_amount: a.totalAmount,
      not_charged: a.notCharged,
      refunded_amount: centsToDecimal(refunded),
      refunded_tax: centsToDecimal(refundedTax),
      refunded_total_amount: centsToDecimal(refunded + refundedTax),
      amenity_refund: a.refunds.map(refundView),
      account_code: a.accountCode,
      inventory_item_code: a.inventoryItemCode,
    }
  })
  const packageAssociatedMeetingrooms = b.packageId
    ? await repo.packageSpacesOf(ctx.tx, b.organizationId, b.packageId)
    : []
  const additionalCharges = row.additionalCharges.map((c) => ({
    id: c.id,
    charge_type: c.chargeType as 'room' | 'amenities',
    chargedAmenityName: c.chargeType === 'amenities' ? c.name : '',
    chargedRoomType: c.chargeType === 'room' ? c.name : '',
    amount: c.amount,
    reason: c.reason,
    minutes: c.minutes,
    additionalChargeRefunds: c.refunds.map(refundView),
  }))
  const roomSubTotal = roomSubTotalOf(
    toCents(b.roomAmountAfterDiscount),
    toCents(b.voucherDiscount),
    toCents(b.additionalDiscountAmount),
  )
  const totals = bookingTotals({
    roomSubTotal,
    roomRefunds: roomRefunds.map((r) => toCents(r.amount)),
    amenities: bookedAmenities.map((a) => ({
      totalAmount: toCents(a.total_amount),
      refunds: a.amenity_refund.map((r) => toCents(r.amount)),
    })),
    additionalCharges: additionalCharges.map((c) => ({
      amount: toCents(c.amount),
      refunds: c.additionalChargeRefunds.map((r) => toCents(r.amount)),
    })),
    tax: toBasisPoints(b.taxPercentage),
  })
  // A full cancellation refunds a percent of the net amount (spec 2 §5): shown as a line of its
  // own and taken off the net amount, as partial refunds are.
  const cancellationRefund =
    b.status === 'cancelled' && b.cancelledAt
      ? {
          percent: b.cancellationRefundPercent ?? '0.00',
          amount: b.cancellationRefundAmount,
          cancelledBy: `${row.canceller?.firstName ?? ''} ${row.canceller?.lastName ?? ''}`.trim(),
          cancelledAt: b.cancelledAt.toISOString(),
        }
      : null
  const netAmount = totals.netAmount - (cancellationRefund ? toCents(cancellationRefund.amount) : 0)
  const start = wallClock(b.startTime, zone)
  const end = wallClock(b.endTime, zone)
  return {
    bookingId: b.id,
    booking_prefix: b.bookingPrefix,
    reference: `${b.bookingPrefix}${b.id}`,
    status: b.status as BookingConfirmation['status'],
    payment_status: b.paymentStatus as BookingConfirmation['payment_status'],
    payment_method: b.transactionId ? 'Credit Card' : b.paymentStatus === 'card' ? 'Credit Card' : 'Invoice',
    transaction_id: b.transactionId,
    is_paid: b.isPaid ? 1 : 0,
    booking_confirm_at: iso(b.bookingConfirmAt),
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
    start_time: b.startTime.toISOString(),
    end_time: b.endTime.toISOString(),
    timezone: zone,
    start_date: start.date,
    start_wall: start.time,
    end_date: end.date,
    end_wall: end.time,
    duration: Math.round((b.durationMinutes / 60) * 100) / 100,
    attendees: b.attendees,
    clientId: b.clientId,
    clientName: row.client.name,
    externalClientId: row.client.externalClientId,
    clientGratisMinutes: row.client.totalMinutes,
    meetingroomId: b.spaceId,
    meetingName: row.spaceName,
    centerId: b.centerId,
    centerName: row.center.name,
    street: row.center.street,
    city: row.center.city,
    state: row.center.state,
    postcode: row.center.postcode,
    countryName: row.countryName ?? '',
    lat: row.center.lat,
    lon: row.center.lon,
    org_id: org.id,
    organizationName: org.name,
    orgStreet: org.street,
    orgCity: org.city,
    orgState: org.state,
    orgPostcode: org.postcode,
    orgCountryName: row.orgCountryName ?? '',
    orgLogo: org.logo,
    company_registration_number: org.companyRegistrationNumber,
    banking_details: org.bankingDetails,
    time_format: org.timeFormat as 'dd/mm' | 'mm/dd',
    currency: b.currency,
    Submit_first_name: row.submitter.firstName,
    Submit_last_name: row.submitter.lastName,
    fUserName: row.user.firstName,
    lUserName: row.user.lastName,
    email: row.user.email,
    room_rate_unit: b.roomRateUnit,
    room_unit_amount: b.roomUnitAmount,
    room_amount: b.roomAmount,
    room_minutes: b.roomMinutes,
    original_amount: b.originalAmount,
    room_rate_modified: b.roomRateModified,
    rateModifiedUserFirstName: row.rateModifier?.firstName ?? '',
    rateModifiedUserLastName: row.rateModifier?.lastName ?? '',
    gratis_minutes: b.gratisMinutes,
    refunded_gratis_minutes: b.refundedGratisMinutes,
    rate_level: b.rateLevel as 'standard' | 'internal',
    rate_percentage: b.ratePercentage,
    internalDiscount: b.internalDiscount,
    voucher_code: b.voucherCode,
    voucher_type: b.voucherType as BookingConfirmation['voucher_type'],
    voucher_value: b.voucherValue,
    voucher_discount: b.voucherDiscount,
    aditional_discount_rate: b.additionalDiscountRate,
    additional_discount_rate: b.additionalDiscountRate,
    additional_discount_amount: b.additionalDiscountAmount,
    room_amount_after_discount: b.roomAmountAfterDiscount,
    partial_room_amount_refund: centsToDecimal(totals.roomRefundsTotal),
    tax_label: b.taxLabel,
    tax_percentage: b.taxPercentage,
    tax_amount: centsToDecimal(totals.taxAmount),
    sub_total: centsToDecimal(totals.subTotal),
    net_amount: centsToDecimal(netAmount),
    cancellationRefund,
    notes: b.notes,
    special_requirement: b.specialRequirement,
    post_booking_notes: b.postBookingNotes,
    rescheduled: b.rescheduled,
    recurringId: b.recurringId,
    organization_package_id: b.packageId,
    packageName: b.packageName,
    packageServices: row.package?.services ?? '',
    packageDetails: row.package?.type
      ? {
          type: row.package.type as 'fixed' | 'duration',
          start_time: row.package.startTime,
          end_time: row.package.endTime,
        }
      : null,
    packageAssociatedMeetingrooms,
    isMS365Booking: b.isMs365Booking,
    isCalendarBooking: b.isCalendarBooking,
    mh_url: org.mhUrl,
    partialRoomRefunds: roomRefunds.map(refundView),
    additionalCharges,
    bookedAmenities,
  }
}

export async function reschedulingLog(ctx: Ctx, id: number): Promise<ReschedulingEntry[]> {
  const booking = await visibleBooking(ctx, id, false)
  const rows = await repo.reschedulesOf(ctx.tx, booking.organizationId, booking.id)
  return rows.map((r) => {
    const start = wallClock(r.entry.startTime, r.timezone)
    return {
      centerName: r.centerName,
      meetingroomName: r.spaceName,
      start_time: r.entry.startTime.toISOString(),
      end_time: r.entry.endTime.toISOString(),
      start_date: start.date,
      start_wall: start.time,
      end_wall: wallClock(r.entry.endTime, r.timezone).time,
      duration: Math.round((r.entry.durationMinutes / 60) * 100) / 100,
      first_name: r.firstName ?? '',
      last_name: r.lastName ?? '',
      created_at: r.entry.createdAt.toISOString(),
    }
  })
}

export async function workflowLogs(ctx: Ctx, id: number): Promise<WorkflowLogEntry[]> {
  const booking = await visibleBooking(ctx, id, false)
  const rows = await repo.workflowLogsOf(ctx.tx, booking.organizationId, booking.id)
  return rows.map((r) => ({
    workflow_name: r.workflow_name,
    status: r.status,
    remarks: r.remarks,
    updated_at: r.updatedAt.toISOString(),
  }))
}

/** The booking, locked when an operation will change it; another organization's is a 404. */
export async function visibleBooking(ctx: Ctx, id: number, lock: boolean) {
  const booking = await operationsRepo.bookingRow(ctx.tx, id, lock)
  if (!booking) throw notFound()
  assertSameOrganization(ctx.actor, booking.organizationId)
  return booking
}
