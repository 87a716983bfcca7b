import type { AddressInfo } from 'node:net'
import ICAL from 'ical.js'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface Delivered {
  envelopeTo: string[]
  mail: ParsedMail
}

/**
 * A real SMTP server for the delivery tests: it keeps what arrives, parsed with a MIME parser, and
 * refuses (550, permanently) mail to the addresses in `refuse`.
 */
export async function startSmtp() {
  const received: Delivered[] = []
  const refuse = new Set<string>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address)) {
        const error = new Error('mailbox unavailable') as Error & { responseCode: number }
        error.responseCode = 550
        return callback(error)
      }
      callback()
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail })
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse,
    /** The mails received since the last take, and forgets them. */
    take() {
      return received.splice(0, received.length)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * What an invitation breaks of RFC 5545 (and RFC 5546, which a METHOD puts it under), read with an
 * iCalendar parser: lines, the calendar's and each event's required properties, DTSTAMP in UTC, an
 * ORGANIZER and an ATTENDEE for a scheduling method, a known STATUS, a VTIMEZONE for every TZID.
 */
function invitationProblems(text: string, root: ICAL.Component): string[] {
  const problems: string[] = []
  const lines = text.split('\r\n')
  if (lines.at(-1) !== '') problems.push('the last line does not end with CRLF')
  if (lines.some((line) => line.includes('\n'))) problems.push('a line ends with LF alone')
  if (lines.some((line) => Buffer.byteLength(line) > 75)) problems.push('a line longer than 75 octets')
  if (root.name !== 'vcalendar') problems.push('not a VCALENDAR')
  if (root.getFirstPropertyValue('version') !== '2.0') problems.push('VERSION is not 2.0')
  if (!root.getFirstPropertyValue('prodid')) problems.push('no PRODID')
  const method = root.getFirstPropertyValue('method')
  const zones = new Set(root.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid')))
  const events = root.getAllSubcomponents('vevent')
  if (!events.length) problems.push('no VEVENT')
  for (const event of events) {
    const uid = String(event.getFirstPropertyValue('uid') ?? '')
    if (!uid) problems.push('a VEVENT without UID')
    const stamp = event.getFirstProperty('dtstamp')
    if (!stamp) problems.push(`${uid}: no DTSTAMP`)
    else if ((stamp.getFirstValue() as ICAL.Time).zone?.tzid !== 'UTC')
      problems.push(`${uid}: DTSTAMP is not UTC`)
    if (!event.getFirstProperty('dtstart')) problems.push(`${uid}: no DTSTART`)
    for (const name of ['dtstart', 'dtend']) {
      const tzid = event.getFirstProperty(name)?.getParameter('tzid')
      if (tzid && !zones.has(tzid))
        problems.push(`${uid}: ${name.toUpperCase()} names ${tzid} without its VTIMEZONE`)
    }
    const status = event.getFirstPropertyValue('status')
    if (status && !['TENTATIVE', 'CONFIRMED', 'CANCELLED'].includes(String(status)))
      problems.push(`${uid}: STATUS ${status}`)
    if (method) {
      if (!event.getFirstProperty('organizer')) problems.push(`${uid}: no ORGANIZER`)
      if (!event.getFirstProperty('attendee')) problems.push(`${uid}: no ATTENDEE`)
    }
  }
  return problems
}

/** The iCalendar part of a mail, parsed with an iCalendar parser (its VTIMEZONE registered). */
export function calendarOf(mail: ParsedMail) {
  const part = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'))
  if (!part) return null
  const text = part.content.toString('utf8')
  const root = new ICAL.Component(ICAL.parse(text))
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  return {
    method: root.getFirstPropertyValue('method'),
    problems: invitationProblems(text, root),
    events: root.getAllSubcomponents('vevent').map((v) => {
      const event = new ICAL.Event(v)
      return {
        uid: event.uid,
        sequence: event.sequence,
        start: event.startDate.toJSDate(),
        end: event.endDate.toJSDate(),
        localStart: event.startDate.toString(),
        zone: event.startDate.zone?.tzid,
        status: v.getFirstPropertyValue('status'),
        attendees: v.getAllProperties('attendee').map((a) => String(a.getFirstValue()).toLowerCase()),
      }
    }),
  }
}
