import { z } from 'zod'
import { type BasisPoints, percentOf } from '../bookings/pricing.ts'
import { messages } from '../messages.ts'
import type { Cents } from '../money.ts'
import { isoDateSchema } from '../time.ts'

/** The commission report's file (spec 2 §9; the spec's spelling). */
export const COMMISSION_REPORT_FILENAME = 'Commision Report.xlsx'

/** The report's columns (spec 2 §3 Commission report row, with the commissions the booking operations record). */
export const commissionReportColumns = [
  'ClientName',
  'CompanyNumber',
  'ExternalClientId',
  'FirstName',
  'LastName',
  'Email',
  'Street',
  'City',
  'State',
  'Postcode',
  'Country',
  'InvoiceNumber',
  'Reference',
  'InvoiceDate',
  'EventDate',
  'TransactionDate',
  'Description',
  'TransactionId',
  'CurrencyCode',
  'GrossBookingValue',
  'CommissionAmount',
  'AdditionalCommissionAmount',
  'PaymentMethod',
] as const

const empty = (v: unknown) => (v === '' || v === null ? undefined : v)

/** GET /api/userbooking/?commisionReport=1&start_date&end_date&org_id (spec 2 §7). */
export const commissionReportQuerySchema = z.object({
  commisionReport: z.string().max(10),
  start_date: z.preprocess(empty, isoDateSchema(messages.filterDateFormat).optional()),
  end_date: z.preprocess(empty, isoDateSchema(messages.filterDateFormat).optional()),
  org_id: z.preprocess(empty, z.coerce.number().int().positive().max(2_147_483_647).optional()),
})

export interface CommissionReportFilters {
  start_date?: string | undefined
  end_date?: string | undefined
  org_id?: number | undefined
}

/** What is wrong with the report's filters (spec 2 §5), by field; the first is shown. */
export function commissionReportErrors(
  filters: CommissionReportFilters,
  isSuper: boolean,
): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!filters.start_date) errors.start_date = messages.selectStartDate
  if (!filters.end_date) errors.end_date = messages.selectEndDate
  if (filters.start_date && filters.end_date && filters.start_date > filters.end_date)
    errors.start_date = messages.startBeforeEnd
  if (isSuper && !filters.org_id) errors.org_id = messages.selectOrganizationForFilter
  return errors
}

/**
 * The commission of a room amount, a room charge or a room refund (issue 42): the booking's
 * commission percent of it, half-up to the cent. Each money row carries its own, so the report's
 * sum reconciles with the rows of the booking.
 */
export function commissionOf(amount: Cents, rate: BasisPoints): Cents {
  return percentOf(amount, rate)
}

/** The commissions a booking's rows carry (positive cents each). */
export interface BookingCommissions {
  /** Of the room's part of the subtotal, as booked. */
  room: Cents
  /** Of its room charges (ad hoc and extensions). */
  roomCharges: Cents
  /** Of the refunds of its room and of its room charges. */
  refunds: Cents
  /** Given back by a full cancellation. */
  cancellation: Cents
}

/** What is left of a booking's commission before a full cancellation. */
export function commissionBeforeCancellation(c: Omit<BookingCommissions, 'cancellation'>): Cents {
  return Math.max(0, c.room + c.roomCharges - c.refunds)
}

/** A full cancellation gives back its refund percent of the commission left (as of the net amount). */
export function cancellationCommission(left: Cents, refundPercent: BasisPoints): Cents {
  return percentOf(left, refundPercent)
}

/** The commission report's CommissionAmount of a booking: what its rows carry, less what was given back. */
export function bookingCommission(c: BookingCommissions): Cents {
  return commissionBeforeCancellation(c) - c.cancellation
}
