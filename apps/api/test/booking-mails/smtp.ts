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

/** The iCalendar part of a mail, parsed with an iCalendar parser (its VTIMEZONE registered). */
export function calendarOf(mail: ParsedMail) {
  const part = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'))
  if (!part) return null
  const root = new ICAL.Component(ICAL.parse(part.content.toString('utf8')))
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  return {
    method: root.getFirstPropertyValue('method'),
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
      }
    }),
  }
}
