import {
  addDays,
  type CalendarAnswer,
  type CalendarAnswerBooking,
  type CalendarBlackout,
  type CalendarQuery,
  type CalendarSpace,
  calendarColorIndex,
  calendarDateText,
  calendarQueryErrors,
  compareCalendarSpaces,
  expandCalendarAnswer,
  formatWallTime,
  messages,
  startOfDay,
  type TimeFormat,
  wallClock,
} from '@spaceboard/domain'
import type { Actor, Ctx } from '../../platform/context.ts'
import { badRequest, notFound } from '../../platform/errors.ts'
import { firstLocationZone } from '../../platform/organization-zone.repository.ts'
import * as repo from './calendar.repository.ts'

/**
 * The most bookings one window answers: a month of 100 busy spaces (3,000) fits three times over,
 * and the answer (about 60 bytes a booking) stays under a megabyte, whatever the 62 days hold.
 */
export const CALENDAR_MAX_BOOKINGS = 10_000

/** The most bookings one calendar PDF prints: a busy month of 100 spaces (about 3,700) fits. */
export const CALENDAR_PDF_MAX_BOOKINGS = 5000

/**
 * The organization a window shows: a non-super user's own, whatever org_id says; super names one
 * (the spec's Select Organization; none is refused by calendarQueryErrors), and one that does not
 * exist is a 404.
 */
export function windowOrganization(actor: Actor, query: CalendarQuery): number | undefined {
  if (actor.type === 'super') return query.org_id
  if (actor.organizationId === null) throw notFound()
  return actor.organizationId
}

/** What tells one window's answer from another's of the same organization (CalendarAnswers' key). */
export function windowKey(organizationId: number, query: CalendarQuery): string {
  const { start_date, end_date, region_id, business_center_id, meeting_room_id, onlyBooked } = query
  return JSON.stringify([
    organizationId,
    start_date,
    end_date,
    region_id,
    business_center_id,
    meeting_room_id,
    onlyBooked,
  ])
}

/** The bookings, spaces and blackouts of the window (spec 2 §7 calendar call), in the answer's lean shape. */
export async function calendarWindow(
  ctx: Ctx,
  query: CalendarQuery,
  maxBookings = CALENDAR_MAX_BOOKINGS,
): Promise<CalendarAnswer> {
  return (await readWindow(ctx, query, maxBookings)).answer
}

/** The window's answer and the name of its organization (which the PDF prints), from one read of it. */
async function readWindow(
  ctx: Ctx,
  query: CalendarQuery,
  maxBookings: number,
): Promise<{ answer: CalendarAnswer; organizationName: string }> {
  const errors = calendarQueryErrors(query, ctx.actor.type === 'super')
  const first = Object.values(errors)[0]
  if (first) throw badRequest(first, errors)
  const startDate = query.start_date as string
  const endDate = query.end_date as string
  const organizationId = windowOrganization(ctx.actor, query) as number
  const setting = await repo.calendarSetting(
    ctx.tx,
    {
      organizationId,
      regionId: query.region_id ?? null,
      centerId: query.business_center_id ?? null,
      spaceId: query.meeting_room_id ?? null,
    },
    startDate,
    endDate,
  )
  if (!setting) throw notFound()
  let spaces: CalendarSpace[] = setting.spaces
    .map((s) => ({
      id: s.id,
      name: s.name,
      centerId: s.centerId,
      centerName: s.centerName,
      timezone: s.timezone,
      displayOrder: s.displayOrder,
      colorIndex: calendarColorIndex(s.id),
      startTime: s.startTime,
      endTime: s.endTime,
      openTime: s.openTime,
      closeTime: s.closeTime,
      openAfterHours: s.openAfterHours,
      minimumDurationMinutes: s.minimumDurationMinutes,
    }))
    .sort(compareCalendarSpaces)

  // Each location's window on its own clock: from the start of the first day to the start of the
  // day after the last (23 or 25 hours on a daylight-saving day, as the clock says).
  const windowOfZone = new Map<string, { from: number; to: number }>()
  for (const zone of new Set(spaces.map((s) => s.timezone)))
    windowOfZone.set(zone, {
      from: startOfDay(startDate, zone).getTime(),
      to: startOfDay(addDays(endDate, 1), zone).getTime(),
    })
  const zoneOfSpace = new Map(spaces.map((s) => [s.id, s.timezone]))

  const names: string[] = []
  const nameIndex = new Map<string, number>()
  const nameOf = (name: string) => {
    let index = nameIndex.get(name)
    if (index === undefined) {
      index = names.push(name) - 1
      nameIndex.set(name, index)
    }
    return index
  }
  const bookings: CalendarAnswerBooking[] = []
  if (spaces.length > 0) {
    const windows = [...windowOfZone.values()]
    const earliest = Math.min(...windows.map((w) => w.from))
    const latest = Math.max(...windows.map((w) => w.to))
    const rows = await repo.bookingsOfWindow(
      ctx.tx,
      organizationId,
      spaces.map((s) => s.id),
      new Date(earliest),
      new Date(latest),
      maxBookings + 1,
    )
    if (rows.length > maxBookings) {
      const message = messages.calendarTooManyBookings(maxBookings)
      throw badRequest(message, { end_date: message })
    }
    const shown = rows.filter((row) => {
      const zoneWindow = windowOfZone.get(zoneOfSpace.get(row.spaceId) as string)
      return (
        zoneWindow && row.startMinute * 60_000 < zoneWindow.to && row.endMinute * 60_000 > zoneWindow.from
      )
    })
    const clientNames = new Map<number, string>()
    const bookerNames = new Map<number, string>()
    const nameRows = await repo.calendarNames(
      ctx.tx,
      organizationId,
      [...new Set(shown.map((row) => row.clientId))],
      [...new Set(shown.map((row) => row.userId))],
    )
    for (const { kind, id, name } of nameRows) (kind === 'client' ? clientNames : bookerNames).set(id, name)
    for (const row of shown) {
      const clientName = clientNames.get(row.clientId)
      const bookerName = bookerNames.get(row.userId)
      if (clientName === undefined || bookerName === undefined) continue
      bookings.push([
        row.id,
        row.bookingPrefix,
        row.spaceId,
        nameOf(clientName),
        nameOf(bookerName),
        row.status as CalendarAnswerBooking[5],
        row.startMinute,
        row.endMinute,
        row.total,
        row.currency,
        row.imported ? 1 : 0,
      ])
    }
  }

  let blackouts: CalendarBlackout[] = setting.blackouts
  if (query.onlyBooked === '1') {
    const booked = new Set(bookings.map((b) => b[2]))
    spaces = spaces.filter((s) => booked.has(s.id))
    blackouts = blackouts.filter((b) => b.spaceId === null || booked.has(b.spaceId))
  }

  return {
    answer: {
      organizationId,
      time_format: setting.timeFormat as TimeFormat,
      start_date: startDate,
      end_date: endDate,
      spaces,
      names,
      bookings,
      blackouts,
    },
    organizationName: setting.organizationName,
  }
}

/** A calendar PDF row: a booking on its location's clock. */
export interface CalendarSheetRow {
  time: string
  space: string
  location: string
  client: string
  booker: string
  status: string
  reference: string
  total: string
}

/** What the calendar PDF prints: the shown range, a day at a time (each booking on its location's day). */
export interface CalendarSheet {
  organizationName: string
  period: string
  generatedAt: string
  total: number
  days: { date: string; rows: CalendarSheetRow[] }[]
}

/** The calendar's PDF export (spec 2 §7 pdf=2&onlyBooked=1): the window's bookings, dates in the organization's order. */
export async function calendarSheet(
  ctx: Ctx,
  query: CalendarQuery,
  now = new Date(),
): Promise<CalendarSheet> {
  const { answer, organizationName } = await readWindow(ctx, query, CALENDAR_MAX_BOOKINGS)
  const window = expandCalendarAnswer(answer)
  if (window.bookings.length > CALENDAR_PDF_MAX_BOOKINGS) {
    const message = messages.calendarPdfTooLarge(CALENDAR_PDF_MAX_BOOKINGS)
    throw badRequest(message, { end_date: message })
  }
  const format = window.time_format
  const spaceOf = new Map(window.spaces.map((s) => [s.id, s]))
  const byDay = new Map<string, CalendarSheetRow[]>()
  for (const booking of window.bookings) {
    const space = spaceOf.get(booking.spaceId)
    if (!space) continue
    const start = wallClock(new Date(booking.start), space.timezone)
    const end = wallClock(new Date(booking.end), space.timezone)
    const endText =
      end.date === start.date
        ? formatWallTime(end.time)
        : `${calendarDateText(end.date, format)} ${formatWallTime(end.time)}`
    const rows = byDay.get(start.date) ?? []
    rows.push({
      time: `${formatWallTime(start.time)} - ${endText}`,
      space: space.name,
      location: space.centerName,
      client: booking.clientName,
      booker: booking.bookerName,
      status: booking.status === 'confirmed' ? 'Confirmed' : 'Tentative',
      reference: booking.reference,
      total: `${booking.currency.toUpperCase()} ${booking.total}`,
    })
    byDay.set(start.date, rows)
  }
  const days = [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, rows]) => ({ date: calendarDateText(date, format), rows }))
  // Printed on the shown locations' clock when they share one, else on the organization's.
  const zones = new Set(window.spaces.map((space) => space.timezone))
  const zone =
    (zones.size === 1
      ? [...zones][0]
      : await firstLocationZone(ctx.tx, windowOrganization(ctx.actor, query) as number)) ?? 'UTC'
  const today = wallClock(now, zone)
  return {
    organizationName,
    period: `${calendarDateText(window.start_date, format)} - ${calendarDateText(window.end_date, format)}`,
    generatedAt: `${calendarDateText(today.date, format)} ${formatWallTime(today.time)}`,
    total: window.bookings.length,
    days,
  }
}
