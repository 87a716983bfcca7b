import { z } from 'zod'
import { type BookingListRow, bookingListQuerySchema } from '../bookings/list.ts'
import { billingSheetColumns } from '../organizations/constants.ts'
import { addDays, type IsoDate } from '../time.ts'

export type BillingSheetColumn = (typeof billingSheetColumns)[number]

/** The billing export's file (spec 2 §9), without its extension. */
export const BILLING_EXPORT_NAME = 'Booking Detail'

/** Days from an invoice's date to its due date (spec 2 §9). */
export const INVOICE_DUE_DAYS = 14

/** The most bookings one MARK_EXPORTED call may name (the list's filter marks any number). */
export const MARK_EXPORTED_MAX_IDS = 10_000

/**
 * GET /api/userbooking?billing=true (spec 2 §7): the bookings list's query and filters, plus the
 * export's file type (xlsx or csv), monthlyBilling, and the marked export to download (exportId,
 * the answer of MARK_EXPORTED).
 */
export const billingQuerySchema = bookingListQuerySchema.extend({
  billing: z.enum(['true', '1']),
  export: z.enum(['xlsx', 'csv', 'xls', '0', '1']).optional(),
  monthlyBilling: z.enum(['true', 'false', '1', '0']).optional(),
  exportId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  allBooking: z.string().max(10).optional(),
  commisionReport: z.string().max(10).optional(),
})
export type BillingQuery = z.output<typeof billingQuerySchema>

/**
 * PUT /api/userbooking/{id} with code MARK_EXPORTED: marks every money line not yet exported of the
 * filtered bookings (or of the bookings named in toMarkExported, within the filter) as exported,
 * in one transaction. The date range is required; the path's booking is one of the organization's. Lines rather than booking ids (issue 19 item 4): a refund or charge made
 * after its booking was exported reaches the next export.
 */
export const markExportedSchema = z.object({
  code: z.literal('MARK_EXPORTED'),
  toMarkExported: z
    .array(z.coerce.number().int().positive().max(2_147_483_647))
    .max(MARK_EXPORTED_MAX_IDS)
    .optional(),
  search: z.string().trim().max(200).optional(),
  start_date: bookingListQuerySchema.shape.start_date,
  end_date: bookingListQuerySchema.shape.end_date,
  org_id: bookingListQuerySchema.shape.org_id,
  business_center_id: bookingListQuerySchema.shape.business_center_id,
})
export type MarkExported = z.output<typeof markExportedSchema>

/** The headers of the export: the organization's name for each column, its default where not renamed. */
export function billingSheetHeaders(renamed: Partial<Record<string, string>>): string[] {
  return billingSheetColumns.map((column) => renamed[column]?.trim() || column)
}

/** Billing export dates: MM/DD/YYYY for mm/dd organizations, DD/MM/YYYY otherwise (spec 2 §10). */
export function billingDate(date: IsoDate, timeFormat: string): string {
  const [y, m, d] = date.split('-')
  return timeFormat === 'mm/dd' ? `${m}/${d}/${y}` : `${d}/${m}/${y}`
}

export function invoiceDueDate(invoiceDate: IsoDate): IsoDate {
  return addDays(invoiceDate, INVOICE_DUE_DAYS)
}

/** Currency uppercased, USD when missing (spec 2 §9). */
export function billingCurrency(currency: string | null | undefined): string {
  return currency?.trim() ? currency.trim().toUpperCase() : 'USD'
}

/** Credit Card when a transaction id exists, else Invoice (spec 2 §9). */
export function billingPaymentMethod(transactionId: string | null | undefined): 'Credit Card' | 'Invoice' {
  return transactionId?.trim() ? 'Credit Card' : 'Invoice'
}

/** The preference key under which a non-super user's billing list remembers its location. */
export const BILLING_LIST_PREFERENCE = 'billing-list'

/** One row of the billing list (spec 2 §3 Billing row): a bookings list row with its payment method. */
export interface BillingListRow extends BookingListRow {
  payment_method: 'Invoice' | 'Credit Card'
}
