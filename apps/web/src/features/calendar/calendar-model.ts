import {
  addDays,
  axisInstant,
  axisTime,
  axisTimeOfWall,
  bookableWindow,
  type CalendarBooking,
  type CalendarPreference,
  type CalendarSpace,
  type CalendarView,
  type CalendarWindow,
  type DayAxis,
  formatWallTime,
  type IsoDate,
  isIsoDate,
  minutesOfDay,
  startOfDay,
  timeOfDay,
  timeZoneOffset,
  type WallMoment,
  type WallTime,
  wallClock,
  wallInstant,
  wallMoment,
} from '@spaceboard/domain'
import { spaceColour } from './palette.ts'

/**
 * The calendar's pure parts: which days a view shows, bookings as the grid's events on their
 * location's clock, the shaded hours, daylight-saving days and the slot a drag names.
 *
 * The grid works in wall-clock time ("2026-12-01T10:00:00" means 10:00 on the location's clock),
 * never in the browser's zone: each booking's UTC instants are turned into its own location's
 * wall clock here, and a dragged slot is sent back as the wall clock the grid shows. A day view of
 * a day whose clock changes runs on that day's axis instead (domain calendar/day-axis.ts): 23 or
 * 25 rows, each instant at its true place.
 */

export interface CalendarSearch {
  org_id?: number | undefined
  region_id?: number | undefined
  business_center_id?: number | undefined
  meeting_room_id?: number | undefined
  /** The day the view shows or contains; today when missing. */
  date?: IsoDate | undefined
  /**
   * Week 1, Month 2, Day when missing (spec 2 §9's '', 1, 2). A number in the URL: the router
   * writes a string that looks like one in quotes (view=%221%22).
   */
  view?: 1 | 2 | undefined
}

function positiveId(value: unknown): number | undefined {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined
}

/** The route's search validator: a bad value in a hand-edited URL is dropped, not an error. */
export function calendarSearch(raw: Record<string, unknown>): CalendarSearch {
  const view = Number(raw.view)
  return {
    org_id: positiveId(raw.org_id),
    region_id: positiveId(raw.region_id),
    business_center_id: positiveId(raw.business_center_id),
    meeting_room_id: positiveId(raw.meeting_room_id),
    date: typeof raw.date === 'string' && isIsoDate(raw.date) ? raw.date : undefined,
    view: view === 1 || view === 2 ? view : undefined,
  }
}

export const hasFilters = (search: CalendarSearch) =>
  Object.values(search).some((value) => value !== undefined)

/** The URL of a remembered preference (a non-super user's filters, spec 2 §2). */
export const searchOf = (remembered: CalendarPreference): CalendarSearch => ({
  region_id: remembered.region_id ?? undefined,
  business_center_id: remembered.business_center_id ?? undefined,
  meeting_room_id: remembered.meeting_room_id ?? undefined,
  date: remembered.date ?? undefined,
  view: searchViewOf(remembered.view),
})

/**
 * The zone whose today the calendar opens on and marks: the chosen location's; without one, the
 * organization's (its first location's, as the profile says, or for super the picked
 * organization's first location among the spaces shown).
 */
export function calendarZone(
  spaces: readonly Pick<CalendarSpace, 'centerId' | 'timezone'>[],
  centerId: number | undefined,
  organizationZone: string | null,
): string {
  const chosen = centerId === undefined ? undefined : spaces.find((s) => s.centerId === centerId)
  if (chosen) return chosen.timezone
  if (organizationZone) return organizationZone
  const first = spaces.reduce<(typeof spaces)[number] | undefined>(
    (earliest, space) => (earliest && earliest.centerId <= space.centerId ? earliest : space),
    undefined,
  )
  return first?.timezone ?? 'UTC'
}

/** The spec's view value of the URL's. */
export const viewOf = (search: CalendarSearch): CalendarView =>
  search.view ? (String(search.view) as CalendarView) : ''

/** The URL's view value of the spec's. */
export const searchViewOf = (view: CalendarView): CalendarSearch['view'] =>
  view === '' ? undefined : (Number(view) as 1 | 2)

export const viewNames: Record<CalendarView, string> = { '': 'Day', '1': 'Week', '2': 'Month' }

/** The grid's own view for each of the spec's: the day view has one column per space. */
export const gridViews: Record<CalendarView, string> = {
  '': 'resourceTimeGridDay',
  '1': 'timeGridWeek',
  '2': 'dayGridMonth',
}

const weekday = (date: IsoDate) => new Date(`${date}T00:00:00Z`).getUTCDay()

/**
 * The days a view shows, both ends included (the window call's start_date and end_date): the day;
 * its week from Sunday (spec 2 §2); the month's six weeks as the month grid shows them.
 */
export function viewRange(view: CalendarView, date: IsoDate): { start: IsoDate; end: IsoDate } {
  if (view === '') return { start: date, end: date }
  if (view === '1') {
    const start = addDays(date, -weekday(date))
    return { start, end: addDays(start, 6) }
  }
  const first = `${date.slice(0, 8)}01`
  const start = addDays(first, -weekday(first))
  return { start, end: addDays(start, 41) }
}

/**
 * The zone's UTC offsets over a shown range (its first and its last instant): one, or two when the
 * clock changes in it. Not today's offset: a July week in Sydney is on +10:00 even in November.
 */
export function rangeOffsets(zone: string, range: { start: IsoDate; end: IsoDate }): string[] {
  const first = startOfDay(range.start, zone)
  const last = new Date(startOfDay(addDays(range.end, 1), zone).getTime() - 1)
  return [...new Set([timeZoneOffset(zone, first), timeZoneOffset(zone, last)])]
}

/** The date one step (a day, a week or a month) before or after. */
export function stepDate(view: CalendarView, date: IsoDate, step: 1 | -1): IsoDate {
  if (view === '') return addDays(date, step)
  if (view === '1') return addDays(date, 7 * step)
  const [y = 0, m = 1] = date.split('-').map(Number)
  const next = new Date(Date.UTC(y, m - 1 + step, 1))
  return `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}-01`
}

/** An instant on a location's clock, as the grid reads it ("2026-12-01T10:00:00"). */
export function gridTime(instant: string, zone: string): string {
  const wall = wallClock(new Date(instant), zone)
  return `${wall.date}T${wall.time}:00`
}

export interface BookingEventProps {
  kind: 'booking'
  booking: CalendarBooking
  space: CalendarSpace
  /** The booking's times on its location's clock. */
  startWall: { date: IsoDate; time: string }
  endWall: { date: IsoDate; time: string }
}

/** What the grid is given: its event inputs (typed loosely, as the library takes them). */
export interface GridEvent {
  id: string
  start: string
  end: string
  resourceIds: number[]
  title: string
  allDay?: boolean
  display?: 'auto' | 'background'
  backgroundColor?: string
  textColor?: string
  classNames?: string[]
  editable?: boolean
  extendedProps?: Record<string, unknown>
}

export function statusText(status: CalendarBooking['status']): string {
  return status === 'tentative' ? 'Tentative' : 'Confirmed'
}

/** The tooltip of a booking (spec 2 §2): booking id, client, booker, status and total. */
export function bookingTooltip(
  props: BookingEventProps,
  formatTotal: (b: CalendarBooking) => string,
): string {
  const { booking, space } = props
  return [
    `Booking Id: ${booking.reference}`,
    `Client: ${booking.clientName}`,
    `Booker: ${booking.bookerName}`,
    `Status: ${statusText(booking.status)}`,
    `Total: ${formatTotal(booking)}`,
    `${space.name}, ${formatWallTime(props.startWall.time)} – ${formatWallTime(props.endWall.time)}`,
  ].join('\n')
}

/**
 * The window's bookings as events, each on its space's location clock and in its space's colour;
 * on a clock-change day's axis, at their instants' places on it.
 */
export function bookingEvents(
  window: CalendarWindow,
  editable: (b: CalendarBooking) => boolean,
  axis: DayAxis | null = null,
): GridEvent[] {
  const spaces = new Map(window.spaces.map((s) => [s.id, s]))
  const events: GridEvent[] = []
  for (const booking of window.bookings) {
    const space = spaces.get(booking.spaceId)
    if (!space) continue
    const startWall = wallClock(new Date(booking.start), space.timezone)
    const endWall = wallClock(new Date(booking.end), space.timezone)
    const props: BookingEventProps = { kind: 'booking', booking, space, startWall, endWall }
    const onAxis = axis !== null && axis.zone === space.timezone
    events.push({
      id: String(booking.id),
      start: onAxis ? axisTime(axis, new Date(booking.start)) : `${startWall.date}T${startWall.time}:00`,
      end: onAxis ? axisTime(axis, new Date(booking.end)) : `${endWall.date}T${endWall.time}:00`,
      resourceIds: [space.id],
      title: booking.clientName,
      backgroundColor: spaceColour(space.colorIndex),
      textColor: '#ffffff',
      classNames: [
        booking.status === 'tentative' ? 'sb-tentative' : 'sb-confirmed',
        ...(booking.imported ? ['sb-imported'] : []),
      ],
      editable: editable(booking),
      extendedProps: props as unknown as Record<string, unknown>,
    })
  }
  return events
}

/** Bookings a month cell shows before its "+N more" (the month view is 500 px high: about two fit). */
export const MONTH_CELL_BOOKINGS = 2

export interface MoreEventProps {
  kind: 'more'
  date: IsoDate
  count: number
}

/** Earlier start first; the sort is stable, so bookings starting together keep the answer's order. */
const byStart = (a: GridEvent, b: GridEvent): number => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0)

/** A "+N more" event: the bookings of `date` it stands for, from `start` to `end` on the grid. */
function moreEvent(date: IsoDate, count: number, start: string, end: string): GridEvent {
  const props: MoreEventProps = { kind: 'more', date, count }
  return {
    id: `more-${start}`,
    start,
    end,
    resourceIds: [],
    title: `+${count} more`,
    classNames: ['sb-more'],
    editable: false,
    extendedProps: props as unknown as Record<string, unknown>,
  }
}

/**
 * The month view's events: per day the first MONTH_CELL_BOOKINGS bookings and one "+N more" that
 * opens the day. A month of thousands of bookings is then a few hundred events for the grid to lay
 * out, instead of all of them (measured: 3,000 events took the grid minutes).
 */
export function monthEvents(events: readonly GridEvent[]): GridEvent[] {
  const byDay = new Map<IsoDate, GridEvent[]>()
  for (const event of events) {
    const day = event.start.slice(0, 10)
    const list = byDay.get(day)
    if (list) list.push(event)
    else byDay.set(day, [event])
  }
  const shown: GridEvent[] = []
  for (const [day, list] of byDay) {
    list.sort(byStart)
    shown.push(...list.slice(0, MONTH_CELL_BOOKINGS))
    const more = list.length - MONTH_CELL_BOOKINGS
    if (more > 0) shown.push(moreEvent(day, more, `${day}T23:58:00`, `${day}T23:59:00`))
  }
  return shown
}

/** Bookings a week view's day shows side by side, "+N more" included (its column is about 120 px wide). */
export const WEEK_STACK_BOOKINGS = 3

/**
 * The week view's events: at any moment of a day at most WEEK_STACK_BOOKINGS of them side by side.
 * Each booking, earliest first, takes the first of WEEK_STACK_BOOKINGS − 1 lanes that is free by its
 * start; those that find none go behind a "+N more", one for each run of them that overlap, as long
 * as the run, which opens the day (a column per space there). A run of one is shown as itself: it
 * takes no more room than its "+1 more" would. A week of all of a hundred spaces was
 * hundreds of slivers a few pixels wide, and its 10,000 bookings took the grid 6 s to lay out.
 */
export function weekEvents(events: readonly GridEvent[]): GridEvent[] {
  const shown: GridEvent[] = []
  const overflow: GridEvent[] = []
  /** Where each lane's last booking ends. */
  const lanes: string[] = []
  for (const event of [...events].sort(byStart)) {
    const free = lanes.findIndex((end) => end <= event.start)
    if (free >= 0 || lanes.length < WEEK_STACK_BOOKINGS - 1) {
      lanes[free >= 0 ? free : lanes.length] = event.end
      shown.push(event)
    } else overflow.push(event)
  }
  let run: GridEvent[] = []
  let runEnd = ''
  const close = () => {
    const [first] = run
    if (first && run.length === 1) shown.push(first)
    else if (first) shown.push(moreEvent(first.start.slice(0, 10), run.length, first.start, runEnd))
    run = []
  }
  for (const event of overflow) {
    const [first] = run
    if (first && (event.start >= runEnd || event.start.slice(0, 10) !== first.start.slice(0, 10))) close()
    runEnd = run.length === 0 || event.end > runEnd ? event.end : runEnd
    run.push(event)
  }
  close()
  return shown
}

const days = (start: IsoDate, end: IsoDate): IsoDate[] => {
  const all: IsoDate[] = []
  for (let d = start; d <= end; d = addDays(d, 1)) all.push(d)
  return all
}

/** The spaces the grid shades: each column of the day view, or the one space of a week or month. */
export const shadedSpaces = (window: CalendarWindow, view: CalendarView): readonly CalendarSpace[] =>
  view === '' || window.spaces.length === 1 ? window.spaces : []

/**
 * The blackout periods of the spaces given (spec: shaded), as background events: on the day view
 * each column's own, in a one-space week its own; whole days in the month view.
 */
export function blackoutEvents(
  window: CalendarWindow,
  spaces: readonly CalendarSpace[],
  range: { start: IsoDate; end: IsoDate },
  allDay: boolean,
): GridEvent[] {
  const shown = new Set(spaces.map((s) => s.id))
  const events: GridEvent[] = []
  for (const blackout of window.blackouts) {
    // No space: the organization's own blackout, which closes every space.
    const closed =
      blackout.spaceId === null ? [...shown] : shown.has(blackout.spaceId) ? [blackout.spaceId] : []
    if (!closed.length) continue
    const from = [blackout.startDate, range.start].sort()[1] as IsoDate
    const last = blackout.endDate === null || blackout.endDate > range.end ? range.end : blackout.endDate
    if (from > last) continue
    events.push({
      id: `blackout-${blackout.spaceId ?? 'organization'}-${blackout.startDate}`,
      start: `${from}T00:00:00`,
      end: `${addDays(last, 1)}T00:00:00`,
      resourceIds: closed,
      title: 'Blackout period',
      display: 'background',
      allDay,
      classNames: ['sb-blackout'],
    })
  }
  return events
}

/** A stretch of a time-grid column, in minutes from the grid's top. */
export interface ColumnStretch {
  from: number
  to: number
}

/**
 * The hours of a day outside a space's bookable window (spec: shaded), as stretches of its
 * time-grid column: minutes from the grid's top, which is midnight, or the day's first instant on a
 * clock-change day's axis. The grid draws them inside the column, not as events: a hundred spaces
 * were two hundred background events, a third of the day view's render.
 */
export function closedStretches(space: CalendarSpace, day: IsoDate, axis: DayAxis | null): ColumnStretch[] {
  const end = axis?.minutes ?? 24 * 60
  const window = bookableWindow(space, space)
  if (!window) return [{ from: 0, to: end }]
  const { opens, closes } = window
  const at = (time: WallTime) =>
    axis
      ? Math.round((wallInstant(day, time, axis.zone).getTime() - axis.start) / 60_000)
      : minutesOfDay(time)
  const stretches: ColumnStretch[] = []
  if (opens > '00:00') stretches.push({ from: 0, to: at(opens) })
  if (closes < '24:00') stretches.push({ from: at(closes), to: end })
  return stretches
}

/** Wall-clock events (the blackouts) moved onto a clock-change day's axis. */
export function eventsOnAxis(events: readonly GridEvent[], axis: DayAxis): GridEvent[] {
  const place = (wall: string) => axisTimeOfWall(axis, wall.slice(0, 10), wall.slice(11, 16))
  return events.map((event) =>
    event.allDay ? event : { ...event, start: place(event.start), end: place(event.end) },
  )
}

/** A day whose clock changes in a zone: 23 or 25 hours, and the wall-clock hour skipped or repeated. */
export interface ClockChange {
  zone: string
  date: IsoDate
  hours: number
  /** HH:mm on the old clock where the change happens, and on the new clock just after it. */
  from: string
  to: string
}

/** The days of a range on which the zone's clock goes forward or back. */
export function clockChanges(zone: string, range: { start: IsoDate; end: IsoDate }): ClockChange[] {
  const changes: ClockChange[] = []
  for (const day of days(range.start, range.end)) {
    const begins = startOfDay(day, zone).getTime()
    const ends = startOfDay(addDays(day, 1), zone).getTime()
    const hours = Math.round((ends - begins) / 3_600_000)
    if (hours === 24) continue
    // The change: the first quarter hour whose wall clock is not 15 minutes after the one before.
    let from = ''
    let to = ''
    for (let t = begins + 900_000; t < ends; t += 900_000) {
      const before = wallClock(new Date(t - 900_000), zone).time
      const now = wallClock(new Date(t), zone).time
      const expected = (Number(before.slice(0, 2)) * 60 + Number(before.slice(3)) + 15) % 1440
      const actual = Number(now.slice(0, 2)) * 60 + Number(now.slice(3))
      if (actual !== expected) {
        from = timeOfDay(expected)
        to = now
        break
      }
    }
    changes.push({ zone, date: day, hours, from, to })
  }
  return changes
}

/** How a clock change reads above the grid. */
export function clockChangeText(change: ClockChange, dateText: string): string {
  return change.hours < 24
    ? `${dateText} has ${change.hours} hours in ${change.zone}: at ${formatWallTime(change.from)} the clocks go forward to ${formatWallTime(change.to)}, so ${formatWallTime(change.from)}–${formatWallTime(change.to)} does not exist.`
    : `${dateText} has ${change.hours} hours in ${change.zone}: at ${formatWallTime(change.from)} the clocks go back to ${formatWallTime(change.to)}, so ${formatWallTime(change.to)}–${formatWallTime(change.from)} happens twice.`
}

/** The skipped hour of a spring-forward day, shaded for the zone's spaces. */
export function clockChangeEvents(change: ClockChange, spaces: readonly CalendarSpace[]): GridEvent[] {
  const inZone = spaces.filter((s) => s.timezone === change.zone).map((s) => s.id)
  if (!inZone.length) return []
  const [start, end] = change.hours < 24 ? [change.from, change.to] : [change.to, change.from]
  return [
    {
      id: `clock-${change.zone}-${change.date}`,
      start: `${change.date}T${start}:00`,
      end: `${change.date}T${end}:00`,
      resourceIds: inZone,
      title: change.hours < 24 ? 'Skipped by the clock change' : 'Happens twice (clock change)',
      display: 'background',
      classNames: [change.hours < 24 ? 'sb-clock-gap' : 'sb-clock-repeat'],
    },
  ]
}

/** A wall-clock Date of the grid (its local fields) as YYYY-MM-DD and HH:mm. */
export function wallOfGridDate(date: Date): { date: IsoDate; time: string } {
  const pad = (n: number) => String(n).padStart(2, '0')
  return {
    date: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  }
}

/**
 * A place the grid reports (its date and HH:mm) as the location's wall-clock moment: on a
 * clock-change day's axis, the wall clock of the instant there, with its offset on a repeated time's
 * second pass.
 */
export function momentOfGrid(place: { date: IsoDate; time: string }, axis: DayAxis | null): WallMoment {
  return axis ? wallMoment(axisInstant(axis, place), axis.zone) : place
}

/** Minutes between two places of the grid: real minutes on a clock-change day's axis, wall-clock ones otherwise. */
export function gridMinutes(
  start: { date: IsoDate; time: string },
  end: { date: IsoDate; time: string },
  axis: DayAxis | null,
): number {
  if (axis) return (axisInstant(axis, end).getTime() - axisInstant(axis, start).getTime()) / 60_000
  return (Date.parse(`${end.date}T${end.time}:00Z`) - Date.parse(`${start.date}T${start.time}:00Z`)) / 60_000
}

/** RoomDetail's query for a dragged slot (spec 2 §2). */
export function roomDetailSearchOf(
  space: Pick<CalendarSpace, 'id'>,
  start: { date: IsoDate; time: string },
  end: { date: IsoDate; time: string },
  formatDate: string,
) {
  return {
    bookingType: 'room' as const,
    roomId: space.id,
    bookingDate: start.date,
    bookingTime: start.time,
    bookingEndTime: end.date > start.date ? '23:59' : end.time,
    formatDate,
  }
}
