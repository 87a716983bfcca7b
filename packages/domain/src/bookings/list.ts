import { z } from 'zod'
import { listQuerySchema } from '../list.ts'
import { messages } from '../messages.ts'
import { type IsoDate, isoDateSchema } from '../time.ts'
import { requiredError } from '../validation-messages.ts'
import type { BookingConfirmation } from './confirmation.ts'

/** The bookings list's sortable columns (spec 2 §2); start time is the default. */
export const bookingOrderKeys = [
  'bookingId',
  'organizationName',
  'centerName',
  'meetingName',
  'start_time',
  'end_time',
  'clientName',
  'fUserName',
  'lUserName',
  'net_amount',
  'status',
] as const
export type BookingOrder = (typeof bookingOrderKeys)[number]

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

const filterDate = z.preprocess(emptyToUndefined, isoDateSchema(messages.filterDateFormat).optional())
const filterId = z.preprocess(
  emptyToUndefined,
  z.coerce.number().int().positive().max(2_147_483_647).optional(),
)

/**
 * GET /api/userbooking as the bookings list, its Excel export (bookingSheet=1) and its PDF run sheet
 * (pdf=true) read it (spec 2 §7): the list query, newest first by default, and the filters. Dates
 * are YYYY-MM-DD days of each booking's own location.
 */
export const bookingListQuerySchema = listQuerySchema(bookingOrderKeys).extend({
  direct: z
    .enum(['asc', 'desc'], { error: requiredError(messages.invalidDirect) })
    .optional()
    .default('desc'),
  booking: z.string().max(10).optional(),
  bookingSheet: z.enum(['1']).optional(),
  pdf: z.enum(['true']).optional(),
  /** Which part of a run sheet longer than RUN_SHEET_PART_SIZE bookings (1 first). */
  part: z.coerce
    .number({ error: requiredError(messages.runSheetPart) })
    .int(messages.runSheetPart)
    .min(1, messages.runSheetPart)
    .max(100_000, messages.runSheetPart)
    .optional()
    .default(1),
  start_date: filterDate,
  end_date: filterDate,
  /** super only: the organization; ignored for everyone else. */
  org_id: filterId,
  business_center_id: filterId,
})
export type BookingListQuery = z.output<typeof bookingListQuerySchema>

export interface BookingListFilters {
  start_date?: IsoDate | undefined
  end_date?: IsoDate | undefined
  org_id?: number | undefined
  business_center_id?: number | undefined
}

/**
 * What is wrong with the filters (spec 2 §5), by field: a start date after the end date, and for
 * super a location chosen without an organization (the others are locked to their own).
 */
export function bookingListFilterErrors(
  filters: BookingListFilters,
  isSuper: boolean,
): Record<string, string> {
  const errors: Record<string, string> = {}
  if (filters.start_date && filters.end_date && filters.start_date > filters.end_date)
    errors.start_date = messages.startBeforeEnd
  if (isSuper && filters.business_center_id && !filters.org_id)
    errors.org_id = messages.selectOrganizationForFilter
  return errors
}

/** One row of the bookings list (spec 2 §2 columns, §3 Booking field names). */
export interface BookingListRow {
  bookingId: number
  booking_prefix: string
  /** prefix plus id: the Booking Id column */
  reference: string
  org_id: number
  organizationName: string
  /** The organization's date order, for showing this row's dates. */
  time_format: BookingConfirmation['time_format']
  centerId: number
  centerName: string
  meetingroomId: number
  meetingName: string
  /** The center's IANA zone; the wall-clock fields below are in it. */
  timezone: string
  start_time: string
  end_time: string
  start_date: IsoDate
  start_wall: string
  end_date: IsoDate
  end_wall: string
  clientId: number
  clientName: string
  fUserName: string
  lUserName: string
  net_amount: string
  currency: string
  status: BookingConfirmation['status']
  payment_status: BookingConfirmation['payment_status']
  is_paid: 0 | 1
  recurringId: number | null
  /** Whether the Booking Status column applies: screen bookings enabled for the organization; super always. */
  showStatus: boolean
}

/** The Excel export's columns (spec 2 §7), file "Booking List.xlsx". */
export const bookingExportColumns = [
  'LocationName',
  'SpaceName',
  'CompanyName',
  'BookerName',
  'BookerEmail',
  'BookingDate',
  'BookingReferenceNumber',
  'NumberOfAttendees',
  'StartTime',
  'EndTime',
  'BookingDuration',
  'PaymentStatus',
  'PaymentMethod',
  'Notes',
  /** What the booking comes to: after the refund of a full cancellation, which the next column shows. */
  'TotalAmount',
  'Status',
  /** The refund of a full cancellation (issue 15): 0 for a booking not cancelled. */
  'CancellationRefund',
] as const

export const BOOKING_EXPORT_FILENAME = 'Booking List.xlsx'
export const BOOKING_RUN_SHEET_FILENAME = 'Run Sheet.pdf'

/**
 * The most bookings one run sheet file prints: a busy month of a large operator (2,000 bookings)
 * fits in one; more are printed in parts of this size (`part=2` …), so no range is refused and no
 * file grows without bound.
 */
export const RUN_SHEET_PART_SIZE = 2500

/** The most characters a run sheet cell prints: about what its tallest row holds in a free-text column. */
export const RUN_SHEET_CELL_CHARACTERS = 300

/** How many run sheet files the list's matching bookings take (at least one, which may say "no bookings"). */
export function runSheetParts(matching: number): number {
  return Math.max(1, Math.ceil(matching / RUN_SHEET_PART_SIZE))
}

/** A part of a long run sheet, as the list offers it: "Part 2: bookings 2,501-5,000". */
export function runSheetPartLabel(part: number, matching: number): string {
  const first = (part - 1) * RUN_SHEET_PART_SIZE + 1
  const last = Math.min(part * RUN_SHEET_PART_SIZE, matching)
  return `Part ${part}: bookings ${first.toLocaleString('en-US')}-${last.toLocaleString('en-US')}`
}

/** The run sheet's file name; a part of a longer one says which. */
export function runSheetFilename(part: number, parts: number): string {
  return parts > 1 ? `Run Sheet (part ${part} of ${parts}).pdf` : BOOKING_RUN_SHEET_FILENAME
}

/** The preference key under which a non-super user's bookings list remembers its location. */
export const BOOKING_LIST_PREFERENCE = 'booking-list'
