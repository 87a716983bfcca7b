// What every booking operation works with (booking-operations.service.ts and reschedule.service.ts
// both): the booking's stored totals and the month of its gratis minutes.
import { type BookingConfirmation, wallClock } from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import { getBooking } from './booking-confirmation.service.ts'
import * as repo from './booking-operations.repository.ts'
import * as bookingRepo from './bookings.repository.ts'

/** Stores the totals the ledger now gives (the list and exports read them without recomputing). */
export async function refreshTotals(ctx: Ctx, id: number): Promise<BookingConfirmation> {
  const view = await getBooking(ctx, id)
  await repo.updateBooking(ctx.tx, id, {
    subTotal: view.sub_total,
    taxAmount: view.tax_amount,
    netAmount: view.net_amount,
    partialRoomAmountRefund: view.partial_room_amount_refund,
  })
  return view
}

/** The month (YYYY-MM, center's zone) a booking's gratis minutes were taken from. */
export async function gratisMonthOf(ctx: Ctx, booking: repo.BookingRow) {
  const center = await bookingRepo.findCenter(ctx.tx, booking.organizationId, booking.centerId)
  return wallClock(booking.startTime, center?.timezoneId ?? 'UTC').date.slice(0, 7)
}
