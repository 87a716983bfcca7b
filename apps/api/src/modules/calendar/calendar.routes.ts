import {
  CALENDAR_EVENTS_PATH,
  CALENDAR_PDF,
  calendarEventsQuerySchema,
  calendarQuerySchema,
  messages,
} from '@spaceboard/domain'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { App } from '../../platform/app.ts'
import { acceptsBrotli, sendBrotli } from '../../platform/compression.ts'
import { fieldError, HttpError, unauthorized } from '../../platform/errors.ts'
import type { HeavyWork } from '../../platform/heavy-work.ts'
import { parseWith } from '../../platform/validation.ts'
import { attachment } from '../../platform/xlsx.ts'
import * as service from './calendar.service.ts'
import type { CalendarAnswers } from './calendar-answers.ts'
import type { CalendarEvents } from './calendar-events.ts'

export const CALENDAR_PDF_FILENAME = 'Booking Calendar.pdf'

/**
 * Whether a GET /api/userbooking is the calendar's call (spec 2 §7): it always sends onlyBooked
 * (empty for the calendar, 1 for its PDF) and the PDF pdf=2; the list's calls never do.
 */
export function isCalendarCall(request: FastifyRequest): boolean {
  const params = new URLSearchParams(request.url.split('?')[1] ?? '')
  return params.has('onlyBooked') || params.get('pdf') === CALENDAR_PDF
}

/**
 * GET /api/userbooking as the calendar calls it: the window (JSON, kept by `answers` while its
 * organization does not change) or, with pdf=2, its PDF.
 */
export async function answerCalendar(
  request: FastifyRequest,
  reply: FastifyReply,
  heavyWork: HeavyWork,
  answers: CalendarAnswers,
) {
  const query = parseWith(calendarQuerySchema, request.query)
  const actor = request.actor
  if (!actor) throw unauthorized()
  if (query.pdf === CALENDAR_PDF) {
    const sheet = await request.signedIn((ctx) => service.calendarSheet(ctx, query))
    const pdf = await heavyWork.render(actor.organizationId, 'calendarPdf', sheet)
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', attachment(CALENDAR_PDF_FILENAME))
      .header('Cache-Control', 'no-store')
      .send(pdf)
  }
  const compute = async () =>
    JSON.stringify(await request.signedIn((ctx) => service.calendarWindow(ctx, query)))
  const organizationId = service.windowOrganization(actor, query)
  const answer =
    organizationId === undefined
      ? { text: await compute(), brotli: null }
      : await answers.answer(organizationId, service.windowKey(organizationId, query), compute)
  reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8')
  return answer.brotli && acceptsBrotli(request) ? sendBrotli(reply, answer.brotli) : reply.send(answer.text)
}

/**
 * GET /api/calendar/events: the live updates of open calendars as Server-Sent Events (issue 16; the
 * spec has no live call, so the path is ours, under the calendar's feature name). A non-super user
 * hears their own organization's bookings; super the organization on screen (org_id).
 */
export function calendarRoutes(app: App, events: CalendarEvents) {
  app.get(
    CALENDAR_EVENTS_PATH,
    {
      config: { access: 'bookings.read' },
      schema: {
        tags: ['calendar'],
        summary: 'Live calendar updates',
        description:
          'A `text/event-stream` of `event: booking` with `{action, bookingId, spaceIds, organizationId}`, of the own organization only (`org_id` for a super user). Ends with its session; 5 streams per session and 200 per organization, else 429.',
        'x-spec-path': 'none',
        querystring: calendarEventsQuerySchema,
      },
    },
    async (request, reply) => {
      const actor = request.actor
      if (!actor) throw unauthorized()
      const organizationId = actor.type === 'super' ? request.query.org_id : actor.organizationId
      if (!organizationId) throw fieldError('org_id', messages.selectOrganizationForFilter)
      // What EventSource sends: any other client would wait on a response that never ends.
      if (!request.headers.accept?.includes('text/event-stream'))
        throw new HttpError(406, messages.calendarEventsAccept)
      const sessionId = request.sessionId
      if (!sessionId) throw unauthorized()
      try {
        await events.ready()
      } catch (error) {
        request.log.error({ err: error }, 'calendar live updates could not listen')
        throw new HttpError(503, messages.calendarLiveUnavailable)
      }
      // In the same turn as open(): no other stream of this session can slip in between.
      const refusal = events.refusal(organizationId, sessionId)
      if (refusal) throw new HttpError(429, refusal)
      reply.hijack()
      events.open(organizationId, sessionId, reply.raw)
    },
  )
}
