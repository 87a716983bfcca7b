import {
  type AdhocChargeInput,
  amenityRefundable,
  type BookingOperation,
  type CancelRule,
  cancellationCommission,
  cancellationRefund,
  centsToDecimal,
  chargeRefundable,
  commissionBeforeCancellation,
  commissionOf,
  daysLeft,
  matchCancelRule,
  messages,
  recurringCancellationDataSchema,
  roomRefundable,
  spaceTypes,
  toBasisPoints,
  toCents,
} from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import { badRequest, conflict, fieldError, notFound } from '../../platform/errors.ts'
import { bookingsChanged } from '../workflows/workflows.schedule.ts'
import { getBooking, visibleBooking } from './booking-confirmation.service.ts'
import type { BookingMails } from './booking-mails.ts'
import * as repo from './booking-operations.repository.ts'
import { gratisMonthOf, refreshTotals } from './booking-state.service.ts'
import * as bookingRepo from './bookings.repository.ts'
import { rescheduleBooking } from './reschedule.service.ts'

function assertNotCancelled(booking: repo.BookingRow) {
  if (booking.status === 'cancelled') throw conflict(messages.bookingCancelledLocked)
}

function refundRowOf(rule: CancelRule | null) {
  return rule
    ? {
        min_day: rule.min_day,
        max_day: rule.max_day,
        max_attendee: rule.max_attendee,
        refund_percent: centsToDecimal(rule.refundPercent),
      }
    : null
}

async function ruleFor(ctx: Ctx, booking: repo.BookingRow, now: Date) {
  const rules = await repo.cancelRulesOf(ctx.tx, booking.organizationId)
  const left = daysLeft(booking.startTime.getTime(), now.getTime())
  const rule = matchCancelRule(
    rules.map((r) => ({
      ...r,
      min_day: r.minDay,
      max_day: r.maxDay,
      max_attendee: r.maxAttendee,
      refundPercent: toBasisPoints(r.refundPercent),
    })),
    left,
    booking.attendees,
  )
  return { rule, left }
}

/** The cancellation check (spec 2 §3 Cancellation check response). */
export async function cancellationCheck(ctx: Ctx, id: number, now = new Date()) {
  const booking = await visibleBooking(ctx, id, false)
  if (booking.status === 'cancelled')
    return { success: false, message: messages.bookingCancelledLocked, bookingId: booking.id }
  const { rule, left } = await ruleFor(ctx, booking, now)
  const net = toCents(booking.netAmount)
  return {
    success: true,
    message: '',
    currency: booking.currency,
    bookingId: booking.id,
    netAmount: booking.netAmount,
    refundRow: refundRowOf(rule),
    refundAmount: centsToDecimal(cancellationRefund(net, rule?.refundPercent ?? 0)),
    recurringId: booking.recurringId,
    daysLeft: left,
  }
}

/** Upcoming bookings of the series from this one (spec 2 §3 Recurring cancellation row). */
export async function recurringCancellation(ctx: Ctx, id: number, now = new Date()) {
  const booking = await visibleBooking(ctx, id, false)
  if (!booking.recurringId) return []
  const series = await repo.seriesFrom(ctx.tx, booking.organizationId, booking.recurringId, booking.startTime)
  const rows = []
  for (const member of series.filter((b) => b.status !== 'cancelled')) {
    const { rule } = await ruleFor(ctx, member, now)
    rows.push({
      bookingId: member.id,
      bookingPrefix: member.bookingPrefix,
      recurringId: member.recurringId,
      netAmount: member.netAmount,
      refundRow: refundRowOf(rule),
      refundAmount: centsToDecimal(cancellationRefund(toCents(member.netAmount), rule?.refundPercent ?? 0)),
    })
  }
  return rows
}

/** Upcoming tentative bookings of the series from this one, for "confirm all upcoming". */
export async function recurringConfirmation(ctx: Ctx, id: number) {
  const booking = await visibleBooking(ctx, id, false)
  if (!booking.recurringId) return []
  const series = await repo.seriesFrom(ctx.tx, booking.organizationId, booking.recurringId, booking.startTime)
  return series
    .filter((b) => b.status === 'tentative')
    .map((b) => ({ bookingId: b.id, reference: `${b.bookingPrefix}${b.id}`, net_amount: b.netAmount }))
}

async function cancel(ctx: Ctx, booking: repo.BookingRow, percent: number, now: Date) {
  assertNotCancelled(booking)
  const refund = cancellationRefund(toCents(booking.netAmount), percent)
  const gratisBack = booking.gratisMinutes - booking.refundedGratisMinutes
  const commissions = await repo.commissionSums(ctx.tx, booking.organizationId, booking.id)
  const commissionLeft = commissionBeforeCancellation({
    room: toCents(booking.commissionAmount),
    roomCharges: toCents(commissions.roomCharges),
    refunds: toCents(commissions.refunds),
  })
  await repo.updateBooking(ctx.tx, booking.id, {
    status: 'cancelled',
    cancelledAt: now,
    cancelledBy: ctx.actor.userId,
    cancellationRefundPercent: centsToDecimal(percent),
    cancellationRefundAmount: centsToDecimal(refund),
    cancellationCommissionAmount: centsToDecimal(cancellationCommission(commissionLeft, percent)),
    // The list and the exports read the stored net amount: what the booking comes to after the refund.
    netAmount: centsToDecimal(toCents(booking.netAmount) - refund),
    refundedGratisMinutes: booking.gratisMinutes,
  })
  // The slot is free at once.
  await repo.releaseOccupancy(ctx.tx, booking.organizationId, booking.id)
  await repo.refundGratis(
    ctx.tx,
    booking.organizationId,
    booking.clientId,
    await gratisMonthOf(ctx, booking),
    gratisBack,
  )
  return refund
}

async function fullCancellation(
  ctx: Ctx,
  booking: repo.BookingRow,
  op: Extract<BookingOperation, { code: 'full' }>,
  now: Date,
) {
  if (op.bookingType !== 'recurring') {
    const percent =
      op.refundPercent !== undefined
        ? toBasisPoints(op.refundPercent)
        : ((await ruleFor(ctx, booking, now)).rule?.refundPercent ?? 0)
    const refund = await cancel(ctx, booking, percent, now)
    return {
      message: messages.bookingUpdated,
      bookingIds: [booking.id],
      refundAmount: centsToDecimal(refund),
    }
  }
  if (!booking.recurringId) throw fieldError('bookingType', messages.recurringDataInvalid)
  let data: unknown
  try {
    data = JSON.parse(op.data ?? '')
  } catch {
    throw fieldError('data', messages.recurringDataInvalid)
  }
  const parsed = recurringCancellationDataSchema.safeParse(data)
  if (!parsed.success) {
    // A group's percent that is empty or outside 0–100 gets the spec's refund percent message (spec 2 §5).
    const percentIssue = parsed.error.issues.some((issue) => issue.path.at(-1) === 'refundPercent')
    throw fieldError('data', percentIssue ? messages.refundPercentInvalid : messages.recurringDataInvalid)
  }
  const entries = parsed.data
  const series = await repo.seriesFrom(ctx.tx, booking.organizationId, booking.recurringId, booking.startTime)
  let total = 0
  const cancelled: number[] = []
  for (const entry of entries) {
    const member = series.find((b) => b.id === entry.bookingId)
    if (!member || member.status === 'cancelled') throw fieldError('data', messages.recurringDataInvalid)
    const locked = await repo.bookingRow(ctx.tx, member.id, true)
    if (!locked) throw notFound()
    total += await cancel(ctx, locked, toBasisPoints(entry.refundPercent), now)
    cancelled.push(member.id)
  }
  return { message: messages.bookingUpdated, bookingIds: cancelled, refundAmount: centsToDecimal(total) }
}

async function partialRefund(
  ctx: Ctx,
  booking: repo.BookingRow,
  op: Extract<BookingOperation, { code: 'partial' }>,
) {
  assertNotCancelled(booking)
  const view = await getBooking(ctx, booking.id)
  const roomPaid = roomRefundable(view)
  const rate = toBasisPoints(booking.commissionRate)
  const nothing = !op.roomAmountRefund && !op.amenityPartialRefund.length && !op.additionalChargeRefund.length
  if (nothing) throw fieldError('roomAmountRefund', messages.nothingToRefund)
  if (op.roomAmountRefund) {
    const amount = toCents(op.roomAmountRefund)
    if (amount > roomPaid) throw fieldError('roomAmountRefund', messages.refundGreaterThanPaid)
    await repo.insertRoomRefund(ctx.tx, {
      organizationId: booking.organizationId,
      bookingId: booking.id,
      amount: op.roomAmountRefund,
      reason: op.roomNotes,
      commissionAmount: centsToDecimal(commissionOf(amount, rate)),
      createdBy: ctx.actor.userId,
    })
  }
  const amenityRefunds = op.amenityPartialRefund.map((refund) => {
    const amenity = view.bookedAmenities.find((a) => a.id === refund.booking_amenity_id)
    if (!amenity) throw fieldError('amenityPartialRefund', messages.selectRequired)
    if (toCents(refund.amount) > amenityRefundable(amenity))
      throw fieldError('amenityPartialRefund', messages.refundGreaterThanPaid)
    return {
      organizationId: booking.organizationId,
      bookingAmenityId: amenity.id,
      amount: refund.amount,
      reason: refund.reason || op.amenityRefundNotes,
      createdBy: ctx.actor.userId,
    }
  })
  await repo.insertAmenityRefunds(ctx.tx, amenityRefunds)
  const chargeRefunds = op.additionalChargeRefund.map((refund) => {
    const charge = view.additionalCharges.find((c) => c.id === refund.additional_charge_id)
    if (!charge) throw fieldError('additionalChargeRefund', messages.selectRequired)
    if (toCents(refund.amount) > chargeRefundable(charge))
      throw fieldError('additionalChargeRefund', messages.refundGreaterThanPaid)
    return {
      organizationId: booking.organizationId,
      additionalChargeId: charge.id,
      amount: refund.amount,
      reason: refund.reason,
      commissionAmount: centsToDecimal(
        charge.charge_type === 'room' ? commissionOf(toCents(refund.amount), rate) : 0,
      ),
      createdBy: ctx.actor.userId,
    }
  })
  await repo.insertChargeRefunds(ctx.tx, chargeRefunds)
  const updated = await refreshTotals(ctx, booking.id)
  return { message: messages.bookingUpdated, net_amount: updated.net_amount }
}

/** The rows of ad hoc charges, with their accounting codes derived (spec 2 §3 Ad hoc charge). */
export async function chargeRows(
  ctx: Ctx,
  booking: repo.BookingRow,
  charges: readonly AdhocChargeInput[],
  reasonPrefix = '',
) {
  const amenityCodes = await repo.organizationAmenityCodes(
    ctx.tx,
    booking.organizationId,
    charges.flatMap((c) => (c.charge_type === 'amenities' && c.amenity_code_id ? [c.amenity_code_id] : [])),
  )
  const rows = []
  for (const [index, charge] of charges.entries()) {
    if (charge.charge_type === 'room') {
      const type = await bookingRepo.roomTypeOf(ctx.tx, booking.organizationId, charge.room_code_id)
      if (!type) throw fieldError(`adhocCharges.${index}.room_code_id`, messages.selectRequired)
      const amount = toCents(charge.additional_booking_charge_value)
      rows.push({
        organizationId: booking.organizationId,
        bookingId: booking.id,
        chargeType: 'room',
        spaceId: booking.spaceId,
        name: spaceTypes.find((t) => t.key === type.roomType)?.label ?? type.roomType,
        amount: centsToDecimal(amount),
        reason: `${reasonPrefix}${charge.reason_for_additional_booking_charge}`,
        accountCode: type.accountCode,
        inventoryItemCode: type.code,
        // Derived on submit (spec 2 §3 Ad hoc charge): the booking's commission percent of it.
        commissionAmount: centsToDecimal(commissionOf(amount, toBasisPoints(booking.commissionRate))),
        createdBy: ctx.actor.userId,
      })
    } else {
      const amenity = amenityCodes.find((a) => a.amenityId === charge.amenity_code_id)
      if (!amenity) throw fieldError(`adhocCharges.${index}.amenity_code_id`, messages.selectRequired)
      rows.push({
        organizationId: booking.organizationId,
        bookingId: booking.id,
        chargeType: 'amenities',
        amenityId: amenity.amenityId,
        name: amenity.name,
        amount: centsToDecimal(toCents(charge.additional_booking_charge_value)),
        reason: `${reasonPrefix}${charge.reason_for_additional_booking_charge}`,
        accountCode: amenity.accountCode,
        inventoryItemCode: amenity.code,
        createdBy: ctx.actor.userId,
      })
    }
  }
  return rows
}

/** What PUT /api/userbooking/{id} does (spec 2 §4, §7), with the mails of the event it is. */
export async function applyOperation(
  ctx: Ctx,
  id: number,
  op: BookingOperation,
  now = new Date(),
  mails?: BookingMails,
) {
  const answer = await operate(ctx, id, op, now)
  // Moved or cancelled bookings move or cancel their workflow sends.
  if (op.code === 'RESCHEDULE_BOOKING' || op.code === 'full') {
    const moved = (answer as { bookingIds?: number[] }).bookingIds ?? [id]
    const booking = await visibleBooking(ctx, id, false)
    await bookingsChanged(ctx.tx, booking.organizationId, moved, now)
  }
  await mails?.afterOperation(ctx, id, op, answer)
  return answer
}

async function operate(ctx: Ctx, id: number, op: BookingOperation, now: Date) {
  const booking = await visibleBooking(ctx, id, true)
  switch (op.code) {
    case 'NOTES':
      await repo.updateBooking(ctx.tx, id, { postBookingNotes: op.post_booking_notes })
      return { message: messages.bookingUpdated }
    case 'CONFIRM':
      assertNotCancelled(booking)
      if (booking.status !== 'tentative') throw conflict(messages.bookingNotTentative)
      await repo.updateBooking(ctx.tx, id, { status: 'confirmed', bookingConfirmAt: now })
      return { message: messages.bookingUpdated, bookingIds: [id] }
    case 'CONFIRM_ALL': {
      assertNotCancelled(booking)
      const upcoming = await recurringConfirmation(ctx, id)
      if (!upcoming.length) throw conflict(messages.bookingNotTentative)
      for (const member of upcoming)
        await repo.updateBooking(ctx.tx, member.bookingId, { status: 'confirmed', bookingConfirmAt: now })
      return { message: messages.bookingUpdated, bookingIds: upcoming.map((b) => b.bookingId) }
    }
    case 'CHANGE_PAYMENT_STATUS':
      assertNotCancelled(booking)
      if (booking.paymentStatus !== 'invoice') throw conflict(messages.paymentNotInvoice)
      if (booking.isPaid !== (op.is_paid === 1))
        await repo.updateBooking(ctx.tx, id, { isPaid: op.is_paid === 1 })
      return { message: messages.bookingUpdated, is_paid: op.is_paid }
    case 'full':
      return fullCancellation(ctx, booking, op, now)
    case 'partial':
      return partialRefund(ctx, booking, op)
    case 'additional_charges': {
      assertNotCancelled(booking)
      await repo.insertCharges(ctx.tx, await chargeRows(ctx, booking, op.adhocCharges))
      const updated = await refreshTotals(ctx, id)
      return { message: messages.bookingUpdated, net_amount: updated.net_amount }
    }
    case 'CHARGE_COMMISSION':
      assertNotCancelled(booking)
      await repo.updateBooking(ctx.tx, id, { additionalCommissionAmount: op.additionalCommissionAmount })
      return { message: messages.bookingUpdated }
    case 'RESCHEDULE_BOOKING':
      assertNotCancelled(booking)
      return rescheduleBooking(ctx, booking, op, now)
    default:
      throw badRequest(messages.unknownOperation)
  }
}
