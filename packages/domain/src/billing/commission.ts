import { z } from 'zod'
import { messages } from '../messages.ts'
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
