import {
  type BookingConfirmation,
  type BookingListQuery,
  type BookingListRow,
  bookingListFilterErrors,
  formatIsoDate,
  formatWallTime,
  messages,
  paymentLabel,
  RUN_SHEET_PART_SIZE,
  runSheetParts,
  statusLabel,
  wallClock,
} from '@spaceboard/domain'
import type { Actor, Ctx } from '../../platform/context.ts'
import { badRequest } from '../../platform/errors.ts'
import type { ListWindow } from '../../platform/list.ts'
import { nextTurn } from '../../platform/next-turn.ts'
import { organizationForRead } from '../../platform/tenancy.ts'
import * as repo from './booking-list.repository.ts'

type TimeFormat = BookingConfirmation['time_format']

/**
 * The filter of the list, export and run sheet for this actor (spec 2 §5, §6): the dates in order,
 * super's location only with an organization; a non-super user always sees their own
 * organization only, whatever org_id says.
 */
export function filterFor(actor: Actor, query: BookingListQuery): repo.BookingListFilter {
  const errors = bookingListFilterErrors(query, actor.type === 'super')
  const first = Object.values(errors)[0]
  if (first) throw badRequest(first, errors)
  return {
    organizationId: organizationForRead(actor, query.org_id),
    centerId: query.business_center_id,
    startDate: query.start_date,
    endDate: query.end_date,
    search: query.search,
  }
}

function toRow(row: repo.BookingListDbRow, actor: Actor): BookingListRow {
  const start = wallClock(row.startTime, row.timezone)
  const end = wallClock(row.endTime, row.timezone)
  return {
    bookingId: row.id,
    booking_prefix: row.bookingPrefix,
    reference: `${row.bookingPrefix}${row.id}`,
    org_id: row.organizationId,
    organizationName: row.organizationName,
    time_format: row.timeFormat as TimeFormat,
    centerId: row.centerId,
    centerName: row.centerName,
    meetingroomId: row.spaceId,
    meetingName: row.spaceName,
    timezone: row.timezone,
    start_time: row.startTime.toISOString(),
    end_time: row.endTime.toISOString(),
    start_date: start.date,
    start_wall: start.time,
    end_date: end.date,
    end_wall: end.time,
    clientId: row.clientId,
    clientName: row.clientName,
    fUserName: row.userFirstName,
    lUserName: row.userLastName,
    net_amount: row.netAmount,
    currency: row.currency,
    status: row.status as BookingListRow['status'],
    payment_status: row.paymentStatus as BookingListRow['payment_status'],
    is_paid: row.isPaid ? 1 : 0,
    recurringId: row.recurringId,
    showStatus: actor.type === 'super' || row.screensBookings,
  }
}

/**
 * One page and the total of the filtered bookings: from the page itself when it is the last (short)
 * one, else from countBookings — estimated for a large filtered set, exact past the end (the pager
 * then goes back to the true last page).
 */
export async function listBookings(
  { tx, actor }: Ctx,
  query: BookingListQuery,
  window: ListWindow,
): Promise<{ rows: BookingListRow[] } & repo.BookingTotal> {
  const filter = filterFor(actor, query)
  const rows = await repo.listBookings(tx, filter, query, window)
  const shortPage = rows.length < window.limit && (rows.length > 0 || window.offset === 0)
  const counted = shortPage
    ? { total: window.offset + rows.length, estimated: false }
    : await repo.countBookings(tx, filter, rows.length === 0)
  // An estimate below what this full page proves would end the pager here.
  const total = counted.estimated ? Math.max(counted.total, window.offset + rows.length + 1) : counted.total
  return { rows: rows.map((row) => toRow(row, actor)), total, estimated: counted.estimated }
}

const paymentMethod = (row: { transactionId: string; paymentStatus: string }) =>
  row.transactionId || row.paymentStatus === 'card' ? 'Credit Card' : 'Invoice'

/** One row of the Excel export, in bookingExportColumns order. */
export function exportCells(row: repo.BookingExportDbRow): unknown[] {
  const start = wallClock(row.startTime, row.timezone)
  const end = wallClock(row.endTime, row.timezone)
  return [
    row.centerName,
    row.spaceName,
    row.clientName,
    `${row.userFirstName} ${row.userLastName}`.trim(),
    row.userEmail,
    formatIsoDate(start.date, row.timeFormat as TimeFormat),
    `${row.bookingPrefix}${row.id}`,
    row.attendees,
    formatWallTime(start.time),
    formatWallTime(end.time),
    Math.round((row.durationMinutes / 60) * 100) / 100,
    paymentLabel({
      payment_status: row.paymentStatus as BookingListRow['payment_status'],
      is_paid: row.isPaid ? 1 : 0,
    }),
    paymentMethod(row),
    row.notes,
    Number(row.netAmount),
    statusLabel(row.status),
    Number(row.cancellationRefundAmount),
  ]
}

/**
 * The export's rows, a batch per transaction, in start-time order (the list's direction). Each
 * batch is read after the last one's (start, id), so a booking is never written twice.
 */
export async function* exportBatches(
  run: <T>(work: (ctx: Ctx) => Promise<T>) => Promise<T>,
  filter: repo.BookingListFilter,
  direction: 'asc' | 'desc',
  batchSize: number,
): AsyncGenerator<unknown[][]> {
  let cursor: repo.ExportCursor | null = null
  for (;;) {
    const after = cursor
    const rows = await run(({ tx }) => repo.exportBatch(tx, filter, direction, after, batchSize))
    if (rows.length === 0) return
    const last = rows[rows.length - 1] as repo.BookingExportDbRow
    cursor = { startTime: last.startTime, id: last.id }
    yield rows.map(exportCells)
    if (rows.length < batchSize) return
  }
}

export interface RunSheetBooking {
  reference: string
  time: string
  space: string
  client: string
  booker: string
  attendees: number
  status: string
  notes: string
  specialRequirement: string
  amenities: string[]
}

export interface RunSheetGroup {
  organizationName: string
  centerName: string
  /** The day as the organization writes dates, with its weekday. */
  day: string
  bookings: RunSheetBooking[]
}

export interface RunSheet {
  /** What was asked for, for the sheet's heading. */
  period: string
  search: string
  /** When it was printed, on the clock of its first location. */
  generatedAt: string
  groups: RunSheetGroup[]
  /** Bookings on this sheet. */
  total: number
  /** Bookings the filter matches, over all parts. */
  matching: number
  /** This sheet's place among the parts (1 first), its first booking's number among the matching. */
  part: number
  parts: number
  first: number
}

const weekday = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' })

function quantityText(amenity: { quantity: string; type: string }) {
  if (amenity.type === 'flat') return ''
  const n = Number(amenity.quantity)
  return Number.isFinite(n) && n !== 1 ? ` x ${n}` : ''
}

/** Rows of a run sheet grouped between two turns of the event loop. */
const RUN_SHEET_SLICE = 500

/**
 * The run sheet (spec 0: the day's bookings per location with notes, special requirements and
 * amenities, printed for the front desk): the filtered bookings grouped by location and by the
 * location's day, in start order.
 */
export async function runSheet(
  { tx, actor }: Ctx,
  query: BookingListQuery,
  now = new Date(),
): Promise<RunSheet> {
  const filter = filterFor(actor, query)
  const offset = (query.part - 1) * RUN_SHEET_PART_SIZE
  const ids = await repo.runSheetIds(tx, filter, offset, RUN_SHEET_PART_SIZE)
  // On the embedded database each query holds the server's only thread: a slice at a time.
  const rows: repo.RunSheetDbRow[] = []
  for (let first = 0; first < ids.length; first += RUN_SHEET_SLICE) {
    await nextTurn()
    rows.push(...(await repo.runSheetBookings(tx, ids.slice(first, first + RUN_SHEET_SLICE))))
  }
  await nextTurn()
  const matching =
    query.part === 1 && rows.length < RUN_SHEET_PART_SIZE
      ? rows.length
      : (await repo.countBookings(tx, filter, true)).total
  const parts = runSheetParts(matching)
  if (query.part > parts) throw badRequest(messages.runSheetPart, { part: messages.runSheetPart })
  await nextTurn()
  const amenities = await repo.amenitiesOfBookings(
    tx,
    rows.map((r) => ({ organizationId: r.organizationId, id: r.id })),
  )
  const amenitiesOf = new Map<number, string[]>()
  for (const a of amenities) {
    const list = amenitiesOf.get(a.bookingId) ?? []
    list.push(`${a.name}${quantityText(a)}`)
    amenitiesOf.set(a.bookingId, list)
  }
  const groups: RunSheetGroup[] = []
  const byKey = new Map<string, RunSheetGroup>()
  for (const [index, row] of rows.entries()) {
    if (index % RUN_SHEET_SLICE === 0) await nextTurn()
    const start = wallClock(row.startTime, row.timezone)
    const end = wallClock(row.endTime, row.timezone)
    const key = `${row.centerId}|${start.date}`
    let group = byKey.get(key)
    if (!group) {
      group = {
        // Only a super's sheet can span organizations.
        organizationName: actor.type === 'super' ? row.organizationName : '',
        centerName: row.centerName,
        day: `${weekday(start.date)} ${formatIsoDate(start.date, row.timeFormat as TimeFormat)}`,
        bookings: [],
      }
      byKey.set(key, group)
      groups.push(group)
    }
    const endText =
      end.date === start.date
        ? formatWallTime(end.time)
        : `${formatIsoDate(end.date, row.timeFormat as TimeFormat)} ${formatWallTime(end.time)}`
    group.bookings.push({
      reference: `${row.bookingPrefix}${row.id}`,
      time: `${formatWallTime(start.time)} - ${endText}`,
      space: row.spaceName,
      client: row.clientName,
      booker: `${row.userFirstName} ${row.userLastName}`.trim(),
      attendees: row.attendees,
      status: statusLabel(row.status),
      notes: [row.notes, row.postBookingNotes]
        .map((n) => n.trim())
        .filter(Boolean)
        .join('\n'),
      specialRequirement: row.specialRequirement.trim(),
      amenities: amenitiesOf.get(row.id) ?? [],
    })
  }
  // One organization's sheet writes dates its way; a super's sheet across organizations as ISO.
  const first = rows[0]
  const timeFormat = filter.organizationId !== null && first ? (first.timeFormat as TimeFormat) : null
  const date = (d: string) => (timeFormat ? formatIsoDate(d, timeFormat) : d)
  const { start_date: from, end_date: to } = query
  const period =
    from && to
      ? from === to
        ? date(from)
        : `${date(from)} to ${date(to)}`
      : from
        ? `From ${date(from)}`
        : to
          ? `Until ${date(to)}`
          : 'All dates'
  const printed = wallClock(now, first?.timezone ?? 'UTC')
  return {
    period,
    search: query.search,
    generatedAt: `${date(printed.date)} ${formatWallTime(printed.time)}`,
    groups,
    total: rows.length,
    matching,
    part: query.part,
    parts,
    first: offset + 1,
  }
}
