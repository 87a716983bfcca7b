import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'

dayjs.extend(utc)
dayjs.extend(timezone)

export interface InvitationEvent {
  bookingId: number
  start: Date
  end: Date
  summary: string
  location: string
  description: string
  url: string
  /** Raised on each reschedule so calendars replace the earlier invitation. */
  sequence: number
}

/** One stable UID per booking: every update or cancellation of it reaches the same calendar entry. */
export function invitationUid(bookingId: number, publicUrl: string) {
  return `booking-${bookingId}@${new URL(publicUrl).hostname}`
}

/**
 * The iCalendar invitation of bookings (RFC 5545): their times in the location's zone, with the
 * zone's VTIMEZONE so a calendar places them right across a daylight-saving change.
 */
export function invitation(
  events: InvitationEvent[],
  options: {
    zone: string
    method: 'REQUEST' | 'CANCEL'
    publicUrl: string
    organizer: { name: string; email: string }
  },
): string {
  const calendar = ical({
    prodId: { company: 'Spaceboard', product: 'bookings', language: 'EN' },
    method: options.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    timezone: { name: options.zone, generator: getVtimezoneComponent },
  })
  for (const event of events) {
    calendar.createEvent({
      id: invitationUid(event.bookingId, options.publicUrl),
      sequence: event.sequence,
      // ical-generator writes a native Date in the process's zone: a zoned dayjs is written in the location's.
      start: dayjs(event.start).tz(options.zone),
      end: dayjs(event.end).tz(options.zone),
      timezone: options.zone,
      summary: event.summary,
      location: event.location,
      description: event.description,
      url: event.url,
      status: options.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      organizer: options.organizer.email ? options.organizer : undefined,
    })
  }
  return calendar.toString()
}
