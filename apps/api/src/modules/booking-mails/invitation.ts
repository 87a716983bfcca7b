import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator'

dayjs.extend(utc)
dayjs.extend(timezone)

/** A booking's status as its calendar entry tells it (RFC 5545 STATUS of a VEVENT). */
export type InvitationStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED'

export function invitationStatusOf(status: string): InvitationStatus {
  if (status === 'tentative') return 'TENTATIVE'
  return status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'
}

export interface InvitationEvent {
  bookingId: number
  start: Date
  end: Date
  summary: string
  location: string
  description: string
  url: string
  /** Raised on each change the mails tell, so calendars replace the earlier invitation. */
  sequence: number
  /** Absent in mails queued before the status was kept: then what the method implies. */
  status?: InvitationStatus
  /** The booker, whose calendar the invitation is for. */
  attendee?: { name: string; email: string }
}

/** One stable UID per booking: every update or cancellation of it reaches the same calendar entry. */
export function invitationUid(bookingId: number, publicUrl: string) {
  return `booking-${bookingId}@${new URL(publicUrl).hostname}`
}

const statuses = {
  TENTATIVE: ICalEventStatus.TENTATIVE,
  CONFIRMED: ICalEventStatus.CONFIRMED,
  CANCELLED: ICalEventStatus.CANCELLED,
}

/**
 * The iCalendar invitation of bookings (RFC 5545, with RFC 5546's METHOD): their times in the
 * location's zone, with the zone's VTIMEZONE so a calendar places them right across a
 * daylight-saving change, and DTSTAMP in UTC.
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
  // No calendar-wide zone: ical-generator would then write DTSTAMP in it, where RFC 5545 wants UTC.
  // Each event names its zone, and the zone's VTIMEZONE is added below.
  const calendar = ical({
    prodId: { company: 'Spaceboard', product: 'bookings', language: 'EN' },
    method: options.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  })
  for (const event of events) {
    const status = event.status ?? (options.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED')
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
      status: statuses[status],
      organizer: options.organizer.email ? options.organizer : undefined,
      attendees: event.attendee?.email
        ? [
            {
              ...event.attendee,
              role: ICalAttendeeRole.REQ,
              status: ICalAttendeeStatus.NEEDSACTION,
              // A cancellation asks for no answer.
              rsvp: status !== 'CANCELLED',
            },
          ]
        : [],
    })
  }
  // Every content line ends with CRLF (RFC 5545 §3.1), the last one too.
  const text = calendar.toString().replace(/(\r\n)?$/, '\r\n')
  const at = text.indexOf('BEGIN:VEVENT')
  if (at < 0) return text
  const zone = getVtimezoneComponent(options.zone)
  return zone
    ? `${text.slice(0, at)}${zone.replace(/\r?\n/g, '\r\n').replace(/(\r\n)?$/, '\r\n')}${text.slice(at)}`
    : text
}
