import { z } from 'zod'
import { messages } from '../messages.ts'
import { timeFormats } from '../organizations/constants.ts'
import { addDays, type IsoDate, isoDateSchema } from '../time.ts'
import { requiredError } from '../validation-messages.ts'

/**
 * The Booking Calendar's contract (spec 2 "Booking Calendar", §7, §9; issue 16): the window call
 * GET /api/userbooking/?business_center_id=&end_date=&meeting_room_id=&onlyBooked=&org_id=&start_date=
 * (with pdf=2&onlyBooked=1 its PDF export), its answer, and the live events the calendar hears.
 */

/** The most days one window call may span: a month view with the leading and trailing weeks it shows (6 × 7 = 42) fits easily. */
export const CALENDAR_MAX_DAYS = 62

/** The spec's palette size: each space keeps colour `colorIndex` of 53 whatever else is shown. */
export const CALENDAR_PALETTE_SIZE = 53

/** display_order 0 or missing sorts as this (spec 2 §9). */
export const CALENDAR_UNORDERED = 10000

/** Views as the filter sends them (spec 2 §9): Day '', Week 1, Month 2. */
export const calendarViews = ['', '1', '2'] as const
export type CalendarView = (typeof calendarViews)[number]

/** The PDF export's marker (spec 2 §7: pdf=2). */
export const CALENDAR_PDF = '2'

/** The preference key under which a non-super user's calendar remembers its filters. */
export const CALENDAR_PREFERENCE = 'calendar'

/** Where an open calendar hears about changed bookings (Server-Sent Events). */
export const CALENDAR_EVENTS_PATH = '/api/calendar/events'

/** The SSE event name of a booking change (`event: booking`); the data is a CalendarEvent as JSON. */
export const CALENDAR_EVENT_NAME = 'booking'

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
const optionalId = z.preprocess(
  emptyToUndefined,
  z.coerce.number().int().positive().max(2_147_483_647).optional(),
)
/** Required, but checked by calendarQueryErrors so that a missing date says so in the calendar's words. */
const windowDate = z.preprocess(emptyToUndefined, isoDateSchema(messages.filterDateFormat).optional())
const flag = z.preprocess(emptyToUndefined, z.enum(['0', '1']).optional())

/**
 * The window call's query fields. start_date and end_date are YYYY-MM-DD days on each location's own
 * clock, BOTH INCLUSIVE (a day view sends the same date twice): a booking is in the window when any
 * part of it falls between the start of start_date and the end of end_date in its space's location.
 * `onlyBooked=1` lists only the spaces with a booking in the window (what the PDF prints).
 */
export const calendarQueryShape = {
  start_date: windowDate,
  end_date: windowDate,
  /** super only (required for super); everyone else always sees their own organization. */
  org_id: optionalId,
  region_id: optionalId,
  business_center_id: optionalId,
  meeting_room_id: optionalId,
  onlyBooked: flag,
  pdf: z.preprocess(emptyToUndefined, z.enum([CALENDAR_PDF]).optional()),
  /** Ignored cache-buster, as on lists. */
  random: z.string().max(50).optional(),
}

export const calendarQuerySchema = z.object(calendarQueryShape)
export type CalendarQuery = z.output<typeof calendarQuerySchema>

/** The days a window spans, both ends included. */
export function calendarWindowDays(start: IsoDate, end: IsoDate): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1
}

/**
 * What is wrong with a window call, by field: both dates required, start not after end (spec 2 §5's
 * message), at most CALENDAR_MAX_DAYS days, and for super an organization (spec: Select
 * Organization).
 */
export function calendarQueryErrors(query: CalendarQuery, isSuper: boolean): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!query.start_date) errors.start_date = messages.calendarDatesRequired
  if (!query.end_date) errors.end_date = messages.calendarDatesRequired
  if (query.start_date && query.end_date) {
    if (query.start_date > query.end_date) errors.start_date = messages.startBeforeEnd
    else if (calendarWindowDays(query.start_date, query.end_date) > CALENDAR_MAX_DAYS)
      errors.end_date = messages.calendarWindowTooLong(CALENDAR_MAX_DAYS)
  }
  if (isSuper && !query.org_id) errors.org_id = messages.selectOrganizationForFilter
  return errors
}

/** The last day of a window that starts on `start` and is CALENDAR_MAX_DAYS long. */
export function calendarLastAllowedDay(start: IsoDate): IsoDate {
  return addDays(start, CALENDAR_MAX_DAYS - 1)
}

/** The colour of a space: stable per space, whichever spaces are shown with it. */
export function calendarColorIndex(spaceId: number): number {
  return spaceId % CALENDAR_PALETTE_SIZE
}

/** The spaces' order (spec 2 §9): display_order ascending, 0 or missing as 10000, then name, then id. */
export function compareCalendarSpaces(
  a: Pick<CalendarSpace, 'displayOrder' | 'name' | 'id'>,
  b: Pick<CalendarSpace, 'displayOrder' | 'name' | 'id'>,
): number {
  const order = (s: { displayOrder: number | null }) => (s.displayOrder ? s.displayOrder : CALENDAR_UNORDERED)
  return order(a) - order(b) || a.name.localeCompare(b.name) || a.id - b.id
}

const wallTimeText = z.string().meta({ example: '08:00' })

/** A space shown by the calendar (a column of the day view). */
export const calendarSpaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  centerId: z.number().int(),
  centerName: z.string(),
  /** The location's IANA zone: the space's events and slots are shown on this clock. */
  timezone: z.string(),
  /** As stored; sort with compareCalendarSpaces (the answer is already in that order). */
  displayOrder: z.number().int().nullable(),
  /** 0 … 52, stable per space. */
  colorIndex: z
    .number()
    .int()
    .min(0)
    .max(CALENDAR_PALETTE_SIZE - 1),
  /** The space's own window, HH:mm on the location's clock, the same every day of the week. */
  startTime: wallTimeText,
  endTime: wallTimeText,
  /**
   * The location's opening hours (HH:mm) and whether it takes bookings after them: with the space's
   * own window they make its bookable window (bookableWindow); outside that it is shaded.
   */
  openTime: wallTimeText,
  closeTime: wallTimeText,
  openAfterHours: z.boolean(),
  /** The space's minimum duration: a resize below it is refused (spec 2 §5). */
  minimumDurationMinutes: z.number().int(),
})
export type CalendarSpace = z.output<typeof calendarSpaceSchema>

export const calendarBookingStatuses = ['confirmed', 'tentative'] as const

/** A booking as the calendar shows it: only what an event and its tooltip need (cancelled ones are never sent). */
export const calendarBookingSchema = z.object({
  id: z.number().int(),
  /** The booking prefix and id, e.g. "HB-4242" (the Booking Id the lists show). */
  reference: z.string(),
  spaceId: z.number().int(),
  clientName: z.string(),
  /** The person booked for (fUserName lUserName). */
  bookerName: z.string(),
  status: z.enum(calendarBookingStatuses),
  /** UTC instants (ISO 8601 with Z); show them on the space's location clock. */
  start: z.string(),
  end: z.string(),
  /** net_amount with 2 decimals, in `currency`. */
  total: z.string(),
  currency: z.string(),
  /** Imported from Microsoft 365 or a Google calendar: cannot be dragged or resized (spec 2 §4). */
  imported: z.boolean(),
})
export type CalendarBooking = z.output<typeof calendarBookingSchema>

/**
 * A blackout period that touches the window: whole days on each location's clock. `spaceId` null:
 * the organization's own blackout, which closes every space.
 */
export const calendarBlackoutSchema = z.object({
  spaceId: z.number().int().nullable(),
  startDate: z.string(),
  /** Inclusive; null: open-ended. */
  endDate: z.string().nullable(),
})
export type CalendarBlackout = z.output<typeof calendarBlackoutSchema>

/**
 * A booking on the wire: a tuple, so that a month of 100 busy spaces (some 3,000 bookings) stays a
 * few hundred KB instead of repeating ten keys, the names, the prefix and two ISO strings per
 * booking: [id, booking prefix, spaceId, client (index into `names`), booker (index into `names`),
 * status, start, end (UTC epoch minutes), total, currency, imported (1) or not (0)].
 * expandCalendarAnswer turns the answer into the CalendarWindow the calendar shows.
 */
export const calendarAnswerBookingSchema = z.tuple([
  z.number().int(),
  z.string(),
  z.number().int(),
  z.number().int().min(0),
  z.number().int().min(0),
  z.enum(calendarBookingStatuses),
  z.number().int(),
  z.number().int(),
  z.string(),
  z.string(),
  z.union([z.literal(0), z.literal(1)]),
])
export type CalendarAnswerBooking = z.output<typeof calendarAnswerBookingSchema>

/** The window call's answer as sent (see calendarAnswerBookingSchema); the other fields as CalendarWindow's. */
export const calendarAnswerSchema = z.object({
  organizationId: z.number().int(),
  time_format: z.enum(timeFormats),
  start_date: z.string(),
  end_date: z.string(),
  spaces: z.array(calendarSpaceSchema),
  /** The clients' and bookers' names, each once; bookings point into it. */
  names: z.array(z.string()),
  /** Ordered by start, then space. */
  bookings: z.array(calendarAnswerBookingSchema),
  blackouts: z.array(calendarBlackoutSchema),
})
export type CalendarAnswer = z.output<typeof calendarAnswerSchema>

/** An instant in epoch minutes as ISO 8601 in UTC without milliseconds, e.g. 2025-06-17T00:00:00Z. */
const minuteIso = (minute: number) => new Date(minute * 60_000).toISOString().replace('.000Z', 'Z')

/** The answer as the calendar reads it: each booking with its names, reference and ISO instants. */
export function expandCalendarAnswer(answer: CalendarAnswer): CalendarWindow {
  const { names, bookings, ...rest } = answer
  return {
    ...rest,
    bookings: bookings.map(
      ([id, prefix, spaceId, client, booker, status, start, end, total, currency, imported]) => ({
        id,
        reference: `${prefix}${id}`,
        spaceId,
        clientName: names[client] ?? '',
        bookerName: names[booker] ?? '',
        status,
        start: minuteIso(start),
        end: minuteIso(end),
        total,
        currency,
        imported: imported === 1,
      }),
    ),
  }
}

/** The window as the calendar reads it (expandCalendarAnswer of the answer). */
export const calendarWindowSchema = z.object({
  organizationId: z.number().int(),
  /** The organization's date order, for showing dates (MM/DD/YYYY for mm/dd, otherwise DD/MM/YYYY). */
  time_format: z.enum(timeFormats),
  start_date: z.string(),
  end_date: z.string(),
  /** In the spec's order (compareCalendarSpaces). */
  spaces: z.array(calendarSpaceSchema),
  /** Ordered by start, then space. */
  bookings: z.array(calendarBookingSchema),
  blackouts: z.array(calendarBlackoutSchema),
})
export type CalendarWindow = z.output<typeof calendarWindowSchema>

export const calendarEventActions = ['created', 'rescheduled', 'cancelled', 'confirmed', 'changed'] as const
export type CalendarEventAction = (typeof calendarEventActions)[number]

/**
 * A live event (SSE data): which booking changed and which spaces it touched (before and after a
 * move), so a calendar refetches only when it shows one of them. `changed`: paid/unpaid and other
 * edits that do not move it.
 */
export const calendarEventSchema = z.object({
  action: z.enum(calendarEventActions),
  bookingId: z.number().int(),
  spaceIds: z.array(z.number().int()),
  organizationId: z.number().int(),
})
export type CalendarEvent = z.output<typeof calendarEventSchema>

/** The live events' query: super names the organization on screen; everyone else gets their own. */
export const calendarEventsQuerySchema = z.object({ org_id: optionalId })

/** Calendar dates in the PDF: MM/DD/YYYY for mm/dd organizations, otherwise DD/MM/YYYY (spec 2 §9). */
export function calendarDateText(date: IsoDate, timeFormat: (typeof timeFormats)[number]): string {
  const [y, m, d] = date.split('-')
  return timeFormat === 'mm/dd' ? `${m}/${d}/${y}` : `${d}/${m}/${y}`
}

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/**
 * A week view's column head in the organization's date order: "Sun, 06/12" (dd/mm), "Sun, 12/06"
 * (mm/dd); `long`: "Sunday, 06/12/2026", as it is read out.
 */
export function calendarDayHeadText(
  date: IsoDate,
  timeFormat: (typeof timeFormats)[number],
  long = false,
): string {
  const weekday = weekdays[new Date(`${date}T00:00:00Z`).getUTCDay()] as string
  const full = calendarDateText(date, timeFormat)
  return long ? `${weekday}, ${full}` : `${weekday.slice(0, 3)}, ${full.slice(0, 5)}`
}

const preferenceId = z.number().int().positive().max(2_147_483_647).nullable()

/** What a non-super user's calendar remembers (PUT /api/preference/calendar); Clear Filter deletes it. */
export const calendarPreferenceSchema = z.strictObject({
  region_id: preferenceId,
  business_center_id: preferenceId,
  meeting_room_id: preferenceId,
  date: isoDateSchema(messages.filterDateFormat).nullable(),
  view: z.enum(calendarViews, { error: requiredError(messages.calendarViewInvalid) }),
})
export type CalendarPreference = z.output<typeof calendarPreferenceSchema>
