import {
  type Calendar,
  createCalendar,
  DayGrid,
  destroyCalendar,
  Interaction,
  ResourceTimeGrid,
  TimeGrid,
} from '@event-calendar/core'
import '@event-calendar/core/index.css'
import './calendar.css'
import {
  axisLabel,
  axisTimeOfWall,
  type CalendarSpace,
  type CalendarView,
  calendarDayHeadText,
  type DayAxis,
  formatWallTime,
  type IsoDate,
  offsetMinutes,
  type TimeFormat,
  type WallMoment,
} from '@spaceboard/domain'
import { useEffect, useId, useRef } from 'react'
import {
  type BookingEventProps,
  type ColumnStretch,
  type GridEvent,
  gridMinutes,
  gridViews,
  type MoreEventProps,
  momentOfGrid,
  statusText,
  wallOfGridDate,
} from './calendar-model.ts'

/** A move or resize the person dropped: where to, and how to put the event back. */
export interface GridChange {
  booking: BookingEventProps
  spaceId: number
  start: WallMoment
  end: WallMoment
  /** The booking's new length in real minutes. */
  minutes: number
  resized: boolean
  revert: () => void
}

export interface CalendarGridProps {
  view: CalendarView
  date: IsoDate
  /** The day view's columns, in the spec's order. */
  spaces: readonly CalendarSpace[]
  events: readonly GridEvent[]
  /** The calendar's offset now (+11:00): its location's, or its organization's when the spaces span zones. */
  offset: string
  /** Whether the now line is drawn: not when the spaces span zones, whose clocks differ. */
  nowLine: boolean
  /** The organization's date order, for the week view's column heads. */
  timeFormat: TimeFormat
  /** The day view of a day whose clock changes: its 23 or 25 hours (calendar-model.ts); null otherwise. */
  axis: DayAxis | null
  /**
   * The time views' hours outside a column's bookable window (its space, or null in a week's plain
   * columns, and its date); null in the month view.
   */
  closedHours: ((spaceId: number | null, date: IsoDate) => readonly ColumnStretch[]) | null
  /** bookings.create: drag across an empty slot. */
  selectable: boolean
  /** bookings.update: move and resize (imported bookings never). */
  editable: boolean
  tooltip: (props: BookingEventProps) => string
  onSelect: (spaceId: number | null, start: WallMoment, end: WallMoment) => void
  onOpen: (bookingId: number) => void
  /** A month cell's "+N more": the day view of that date. */
  onMore: (date: IsoDate) => void
  onChange: (change: GridChange) => void
}

/** A space's column's least width (px); past what the grid's width holds, the day scrolls sideways. */
const COLUMN_MIN_WIDTH = 120

/**
 * How many of a day's columns to draw first: those that fill the grid's width, and one more so the
 * columns already have their final width (the least) and the grid its sideways scroll.
 */
function columnsInView(host: HTMLElement): number {
  return Math.ceil(host.clientWidth / COLUMN_MIN_WIDTH) + 1
}

/** The month view is 500 px high (spec 2 §9); the time views show a working day and scroll. */
const heights: Record<CalendarView, string> = { '': '720px', '1': '720px', '2': '500px' }

const TABLE_ROLES =
  '[role="table"], [role="rowgroup"], [role="row"], [role="columnheader"], [role="cell"], [aria-colindex], [aria-colspan]'
/** What only a table's cells may carry. */
const TABLE_ATTRIBUTES = ['role', 'aria-colindex', 'aria-colspan', 'aria-rowindex']

function text(tag: string, className: string, value: string): HTMLElement {
  const element = document.createElement(tag)
  element.className = className
  element.textContent = value
  return element
}

/** A row's label, as the app writes times (hh:mm A, spec 1 §9), from the wall clock the grid hands. */
const rowTime = (row: Date): string => formatWallTime(wallOfGridDate(row).time)

/**
 * The options that set the grid's clock: the location's (its offset now, 24 rows), or a
 * clock-change day's axis: the fixed offset the day starts with, one row per real hour, each
 * labelled with the wall clock there ("02:00 AM (2nd)" the second time the clock shows 2:00).
 */
function clockOptions(axis: DayAxis | null, offset: string, nowLine: boolean) {
  if (!axis)
    return {
      timeZone: offset,
      nowIndicator: nowLine,
      slotMaxTime: '24:00',
      scrollTime: '08:00:00',
      slotLabelFormat: rowTime,
    }
  const fixed = (offsetMinutes(axis.offset) ?? 0) * 60_000
  return {
    timeZone: axis.offset,
    nowIndicator: true,
    slotMaxTime: `${Math.floor(axis.minutes / 60)}:${String(axis.minutes % 60).padStart(2, '0')}`,
    scrollTime: axisTimeOfWall(axis, axis.date, '08:00').slice(11),
    // The grid lays its rows out on today's date of its clock and hands each row's local fields.
    slotLabelFormat: (row: Date) => {
      const today = new Date(Date.now() + fixed)
      const elapsed =
        (Date.UTC(row.getFullYear(), row.getMonth(), row.getDate(), row.getHours(), row.getMinutes()) -
          Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) /
        60_000
      const label = axisLabel(axis, elapsed)
      const text = formatWallTime(label.time)
      return label.repeated ? `${text} (2nd)` : text
    },
  }
}

/**
 * A time-grid column's content: its closed hours as shaded blocks (calendar.css), placed in slot
 * heights so they sit on the rows. Always a list, even an empty one: the library leaves a column's
 * old content in place when it is given none.
 */
function closedHoursContent(closedHours: CalendarGridProps['closedHours']) {
  if (!closedHours) return undefined
  return ({ date, resource }: { date: Date; resource?: { id: string | number } }) => ({
    domNodes: closedHours(resource ? Number(resource.id) : null, wallOfGridDate(date).date).map(
      ({ from, to }) => {
        const block = document.createElement('div')
        block.className = 'sb-closed-hours'
        block.title = 'Outside bookable hours'
        block.style.top = `calc(var(--ec-slot-height) * ${from / 60})`
        block.style.height = `calc(var(--ec-slot-height) * ${(to - from) / 60})`
        return block
      },
    ),
  })
}

/**
 * Hands the grid its events, as changes to the ones it has when they are few. The library makes its
 * own copy of every event it is given and re-creates each one's element when its copy is new: a live
 * update that set all 400 events of a day again re-rendered the whole grid (0.4–0.7 s of script on
 * this machine) for the one booking that changed. `given` holds what the grid has, by id (JSON of each
 * event); the return is the new record.
 */
function applyEvents(
  calendar: Calendar,
  given: ReadonlyMap<string, string>,
  events: readonly GridEvent[],
): Map<string, string> {
  const next = new Map(events.map((event) => [event.id, JSON.stringify(event)]))
  const removed = [...given.keys()].filter((id) => !next.has(id))
  const changed = events.filter((event) => given.get(event.id) !== next.get(event.id))
  if (given.size === 0 || removed.length + changed.length > events.length / 2) {
    calendar.setOption('events', events as never)
    return next
  }
  for (const id of removed) calendar.removeEventById(id)
  for (const event of changed) {
    if (given.has(event.id)) calendar.updateEvent(event as never)
    else calendar.addEvent(event as never)
  }
  return next
}

const bookingOf = (extendedProps: Record<string, unknown>): BookingEventProps | null =>
  extendedProps.kind === 'booking' ? (extendedProps as unknown as BookingEventProps) : null

const moreOf = (extendedProps: Record<string, unknown>): MoreEventProps | null =>
  extendedProps.kind === 'more' ? (extendedProps as unknown as MoreEventProps) : null

/**
 * The calendar grid (@event-calendar/core, MIT): a resource day view with one column per space,
 * week and month views, drag to select and drag/resize to move. The library renders into its own
 * element; React hands it options and hears its callbacks (through a ref, so they see the latest
 * props). Times are wall-clock strings of the locations (see calendar-model.ts).
 */
export function CalendarGrid(props: CalendarGridProps) {
  const host = useRef<HTMLElement>(null)
  const tipId = useId()
  const calendar = useRef<Calendar | null>(null)
  /** The events the grid has (applyEvents). */
  const given = useRef(new Map<string, string>())
  const latest = useRef(props)
  latest.current = props

  useEffect(() => {
    if (!host.current) return
    const created = createCalendar(host.current, [ResourceTimeGrid, TimeGrid, DayGrid, Interaction], {
      view: gridViews[latest.current.view],
      date: latest.current.date,
      headerToolbar: { start: '', center: '', end: '' },
      firstDay: 0,
      // A time cell is an hour, 45 px high; drags snap to 30 minutes (spec 2 §9).
      slotDuration: '01:00',
      snapDuration: '00:30',
      slotHeight: 45,
      // A space's column stays wide enough to read its name and bookings (100 spaces squeezed into
      // the grid's width were 6 px each); past what the width holds, the day scrolls sideways.
      columnWidth: `minmax(${COLUMN_MIN_WIDTH}px, 1fr)`,
      allDaySlot: false,
      ...clockOptions(latest.current.axis, latest.current.offset, latest.current.nowLine),
      dayCellContent: closedHoursContent(latest.current.closedHours),
      height: heights[latest.current.view],
      pointer: true,
      editable: latest.current.editable,
      selectable: latest.current.selectable,
      resources: [],
      events: [],
      views: {
        dayGridMonth: { eventDurationEditable: false },
        // The library's heads are the browser's locale ("Sun 12/6"); the app's are the organization's.
        timeGridWeek: {
          dayHeaderFormat: (day: Date) =>
            calendarDayHeadText(wallOfGridDate(day).date, latest.current.timeFormat),
          dayHeaderAriaLabelFormat: (day: Date) =>
            calendarDayHeadText(wallOfGridDate(day).date, latest.current.timeFormat, true),
        },
      },
      // Each event's time is written by eventContent, on its location's clock; the library's own
      // text (Intl formatRange per event, 11 % of a 400-booking day's render) would go unused.
      eventTimeFormat: () => '',
      eventContent: ({ event }) => {
        const more = moreOf(event.extendedProps)
        if (more)
          return {
            domNodes: [
              text('span', 'sb-event-more', `+${more.count} more`),
              text('span', 'sb-sr-only', ` bookings on ${more.date}: open the day`),
            ],
          }
        const booking = bookingOf(event.extendedProps)
        if (!booking) return { domNodes: [] }
        // The name a screen reader reads is the event's text: the reference and status are in it, hidden.
        const nodes = [
          text('span', 'sb-sr-only', `Booking ${booking.booking.reference}: `),
          text('div', 'sb-event-client', booking.booking.clientName),
          text('div', 'sb-event-space', booking.space.name),
          text(
            'div',
            'sb-event-time',
            `${formatWallTime(booking.startWall.time)} – ${formatWallTime(booking.endWall.time)}`,
          ),
        ]
        if (booking.booking.status === 'tentative') nodes.push(text('div', 'sb-event-status', 'Tentative'))
        else nodes.push(text('span', 'sb-sr-only', statusText(booking.booking.status)))
        return { domNodes: nodes }
      },
      eventDidMount: ({ el, event }) => {
        const booking = bookingOf(event.extendedProps)
        if (!booking) return
        // Not a title, which only a mouse shows: the grid's tooltip, on hover and on focus (below).
        el.dataset.tooltip = latest.current.tooltip(booking)
        el.setAttribute('aria-describedby', tipId)
        el.dataset.bookingId = String(booking.booking.id)
      },
      eventClick: ({ event }) => {
        const more = moreOf(event.extendedProps)
        if (more) latest.current.onMore(more.date)
        const booking = bookingOf(event.extendedProps)
        if (booking) latest.current.onOpen(booking.booking.id)
      },
      select: (info) => {
        const resource = info.resource ? Number(info.resource.id) : null
        const { axis } = latest.current
        latest.current.onSelect(
          resource,
          momentOfGrid({ date: info.startStr.slice(0, 10), time: info.startStr.slice(11, 16) }, axis),
          momentOfGrid({ date: info.endStr.slice(0, 10), time: info.endStr.slice(11, 16) }, axis),
        )
        created.unselect()
      },
      eventDrop: (info) => {
        const booking = bookingOf(info.event.extendedProps)
        if (!booking) return info.revert()
        const resource = info.newResource ? Number(info.newResource.id) : booking.space.id
        const { axis } = latest.current
        const [start, end] = [wallOfGridDate(info.event.start), wallOfGridDate(info.event.end)]
        latest.current.onChange({
          booking,
          spaceId: resource,
          start: momentOfGrid(start, axis),
          end: momentOfGrid(end, axis),
          minutes: gridMinutes(start, end, axis),
          resized: false,
          revert: info.revert,
        })
      },
      eventResize: (info) => {
        const booking = bookingOf(info.event.extendedProps)
        if (!booking) return info.revert()
        const { axis } = latest.current
        const [start, end] = [wallOfGridDate(info.event.start), wallOfGridDate(info.event.end)]
        latest.current.onChange({
          booking,
          spaceId: booking.space.id,
          start: momentOfGrid(start, axis),
          end: momentOfGrid(end, axis),
          minutes: gridMinutes(start, end, axis),
          resized: true,
          revert: info.revert,
        })
      },
    })
    calendar.current = created
    // A new grid (React's development mode makes a second one) has none of the events yet.
    given.current = new Map()
    // The library marks its grid up as a table whose rows hold the events' buttons directly (axe:
    // aria-required-children, critical). The grid is a labelled region of buttons instead: each
    // event's text names its booking, space and time; the column heads stay visible text.
    // Its scrolling body holds nothing to tab to on a day without bookings, so it is made a stop
    // of its own, scrolled with the arrow keys (axe: scrollable-region-focusable, serious).
    const root = host.current
    const unTable = () => {
      for (const element of root.querySelectorAll(TABLE_ROLES))
        for (const attribute of TABLE_ATTRIBUTES) element.removeAttribute(attribute)
      for (const body of root.querySelectorAll<HTMLElement>('.ec-main:not([tabindex])')) {
        body.tabIndex = 0
        body.setAttribute('aria-label', 'Calendar grid')
      }
    }
    unTable()
    const stopTip = showTips(root, tipId)
    const observer = new MutationObserver(unTable)
    observer.observe(root, { subtree: true, childList: true, attributeFilter: TABLE_ATTRIBUTES })
    return () => {
      stopTip()
      observer.disconnect()
      calendar.current = null
      void destroyCalendar(created)
    }
    // tipId is the same for the grid's life: the grid is made once.
  }, [tipId])

  const { view, date, spaces, events, offset, nowLine, axis, closedHours, selectable, editable } = props
  useEffect(() => {
    const current = calendar.current
    if (!current) return
    current.setOption('view', gridViews[view])
    current.setOption('height', heights[view])
    current.setOption('date', date)
  }, [view, date])
  useEffect(() => {
    const current = calendar.current
    if (!current || !host.current) return
    const resources = spaces.map((space) => ({ id: space.id, title: space.name }))
    const first = view === '' ? columnsInView(host.current) : resources.length
    if (first >= resources.length) {
      current.setOption('resources', resources)
      return
    }
    // A day of many spaces: the columns in view are drawn and painted first, the rest right after
    // (the library draws every column and its events at once: 0.3–0.9 s for a hundred).
    current.setOption('resources', resources.slice(0, first))
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => current.setOption('resources', resources), 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [spaces, view])
  useEffect(() => {
    const current = calendar.current
    if (current) given.current = applyEvents(current, given.current, events)
  }, [events])
  useEffect(() => {
    calendar.current?.setOption('dayCellContent', closedHoursContent(closedHours))
  }, [closedHours])
  useEffect(() => {
    const current = calendar.current
    if (!current) return
    const clock = clockOptions(axis, offset, nowLine)
    current.setOption('timeZone', clock.timeZone)
    current.setOption('nowIndicator', clock.nowIndicator)
    current.setOption('slotMaxTime', clock.slotMaxTime)
    current.setOption('scrollTime', clock.scrollTime)
    current.setOption('slotLabelFormat', clock.slotLabelFormat)
  }, [axis, offset, nowLine])
  useEffect(() => {
    calendar.current?.setOption('selectable', selectable)
    calendar.current?.setOption('editable', editable)
  }, [selectable, editable])

  return (
    <>
      <section
        ref={host}
        className="sb-calendar"
        data-testid="calendar-grid"
        aria-label="Bookings calendar"
      />
      <div id={tipId} role="tooltip" className="sb-event-tip" hidden />
    </>
  )
}

/**
 * The bookings' tooltip: one element beside the grid, filled with the event's text (data-tooltip)
 * and placed under it while the pointer is over it or it has the focus; each event names it in
 * aria-describedby, so a screen reader reads it too. Escape hides it. Returns the clean-up.
 */
function showTips(root: HTMLElement, tipId: string): () => void {
  const tip = () => document.getElementById(tipId)
  const show = (target: EventTarget | null) => {
    const event = target instanceof Element ? target.closest<HTMLElement>('[data-tooltip]') : null
    const element = tip()
    if (!element) return
    if (!event) {
      element.hidden = true
      return
    }
    element.textContent = event.dataset.tooltip ?? ''
    const box = event.getBoundingClientRect()
    element.style.left = `${Math.max(8, Math.min(box.left, window.innerWidth - 300))}px`
    element.style.top = `${box.bottom + 4}px`
    element.hidden = false
  }
  const hide = () => {
    const element = tip()
    if (element) element.hidden = true
  }
  const onOver = (e: Event) => show(e.target)
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') hide()
  }
  // Scroll is caught (capture) in any scrolled part of the grid, not only the root.
  const listeners: [string, (e: Event) => void, boolean][] = [
    ['mouseover', onOver, false],
    ['mouseleave', hide, false],
    ['focusin', onOver, false],
    ['focusout', hide, false],
    ['keydown', onKey as (e: Event) => void, false],
    ['scroll', hide, true],
  ]
  for (const [type, listener, capture] of listeners) root.addEventListener(type, listener, capture)
  return () => {
    for (const [type, listener, capture] of listeners) root.removeEventListener(type, listener, capture)
  }
}
