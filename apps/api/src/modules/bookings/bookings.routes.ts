import {
  billingQuerySchema,
  bookedSlotsQuerySchema,
  bookingCreateSchema,
  bookingListQuerySchema,
  CALENDAR_PDF,
  calendarQueryShape,
  roomDetailQuerySchema,
} from '@spaceboard/domain'
import { z } from 'zod'
import type { App, AppDeps } from '../../platform/app.ts'
import { idParams, idValue } from '../../platform/params.ts'
import { readUpload } from '../../platform/uploads.ts'
import { parseWith } from '../../platform/validation.ts'
import { attachment } from '../../platform/xlsx.ts'
import { answerBilling } from '../billing/billing.routes.ts'
import { bookingMailSender } from '../booking-mails/booking-mails.service.ts'
import { answerCalendar, isCalendarCall } from '../calendar/calendar.routes.ts'
import { answerCommissionReport } from '../commission-report/commission-report.routes.ts'
import { getBooking, reschedulingLog, workflowLogs } from './booking-confirmation.service.ts'
import { createBooking, quoteBooking } from './booking-create.service.ts'
import { futureBookingCount, tentativeBookingCount } from './booking-guards.service.ts'
import { answerBookingList } from './booking-list.routes.ts'
import { bookedSlots, roomDetail } from './room-detail.service.ts'

const tags = ['bookings']
const confirmationPdfQuery = z.object({ invoice_pdf: z.literal('true'), invoice_id: idValue })

/**
 * Every query parameter GET /api/userbooking reads, so the OpenAPI document lists the real ones:
 * the list's (also its export's and run sheet's), the confirmation PDF's and the calendar's.
 */
const userbookingQuery = bookingListQuerySchema.extend(billingQuerySchema.partial().shape).extend({
  ...confirmationPdfQuery.partial().shape,
  region_id: calendarQueryShape.region_id,
  meeting_room_id: calendarQueryShape.meeting_room_id,
  onlyBooked: calendarQueryShape.onlyBooked,
  // Last: the run sheet's pdf=true and the calendar's pdf=2 (billing's schema has the list's pdf only).
  pdf: z.enum(['true', CALENDAR_PDF]).optional(),
})

export function bookingRoutes(app: App, { config, heavyWork, mailer, calendarAnswers }: AppDeps) {
  const mails = bookingMailSender({ mailer, publicUrl: config.publicUrl })
  /**
   * GET /api/userbooking answers several calls, told apart by their query (spec 2 §7): the booking
   * confirmation as a PDF (invoice_pdf=true&invoice_id=, opened in a new tab), the calendar's
   * window and its PDF (onlyBooked= or pdf=2, calendar.routes.ts), with billing=true the billing
   * list and its export (billing.routes.ts), with commisionReport the commission report
   * (commission-report.routes.ts), and otherwise the bookings list, its Excel export and its PDF
   * run sheet (booking-list.routes.ts). Each picks and validates its own query.
   */
  app.get(
    '/api/userbooking',
    {
      config: { access: 'bookings.read' },
      schema: {
        tags,
        summary: 'Bookings: list, exports, calendar, confirmation PDF',
        description: [
          'One path, several calls told apart by the query:',
          '- `booking=1`: the bookings list (`start_date`, `end_date` as days of each booking\'s location; `org_id` for super; `business_center_id`), total in `Content-Range`; with `bookingSheet=1` its Excel export "Booking List.xlsx", with `pdf=true` its run sheet PDF (`part`: 2,500 bookings a part).',
          '- `onlyBooked` (with `start_date`, `end_date`, both inclusive, at most 62 days; `region_id`, `meeting_room_id`): the calendar window; with `pdf=2` its PDF "Booking Calendar.pdf".',
          '- `invoice_pdf=true&invoice_id=`: the booking confirmation PDF.',
          '- `billing=true` (super, admin): the billing list; with `export=xlsx|csv` its "Booking Detail" export (`monthlyBilling`, `exportId`).',
          '- `commisionReport=1` (super, admin): "Commision Report.xlsx".',
        ].join('\n'),
        querystring: userbookingQuery,
      },
    },
    async (request, reply) => {
      if (isCalendarCall(request)) return answerCalendar(request, reply, heavyWork, calendarAnswers)
      if (request.query.commisionReport) return answerCommissionReport(request, reply, heavyWork)
      if (request.query.billing !== undefined) return answerBilling(request, reply, heavyWork)
      if (request.query.invoice_pdf === undefined) return answerBookingList(request, reply, heavyWork)
      const { invoice_id } = parseWith(confirmationPdfQuery, request.query)
      const booking = await request.signedIn((ctx) => getBooking(ctx, invoice_id))
      const logo = booking.orgLogo ? await readUpload(config.dataDir, booking.orgLogo) : null
      const pdf = await heavyWork.render(request.actor?.organizationId ?? null, 'confirmationPdf', {
        booking,
        logo,
      })
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          attachment(`Booking ${booking.reference}.pdf`).replace('attachment', 'inline'),
        )
        .header('Cache-Control', 'no-store')
        .send(pdf)
    },
  )

  app.get(
    '/api/meetingroom/:id/detail',
    {
      config: { access: 'bookings.create' },
      schema: {
        tags,
        summary: 'Room detail for a date',
        description:
          'For `clientId` and `bookingDate` (YYYY-MM-DD): success or message, gratis minutes, rates, space type, durations, makeup time, packages and amenities.',
        'x-spec-path': 'not shown',
        params: idParams,
        querystring: roomDetailQuerySchema,
      },
    },
    (request) =>
      request.signedIn((ctx) =>
        roomDetail(ctx, request.params.id, request.query.bookingDate, request.query.clientId),
      ),
  )

  app.get(
    '/api/meetingroom/:id/booked-slots',
    {
      config: { access: 'bookings.read' },
      schema: {
        tags,
        summary: 'Already booked slots',
        description:
          "For `date` (DD/MM/YYYY), other than `excludeBookingId`: `{start_time, end_time, bookingId}` on the location's wall clock.",
        'x-spec-path': 'not shown',
        params: idParams,
        querystring: bookedSlotsQuerySchema,
      },
    },
    (request) =>
      request.signedIn((ctx) =>
        bookedSlots(ctx, request.params.id, request.query.date, request.query.excludeBookingId),
      ),
  )

  app.get(
    '/api/meetingroom/:id/future-bookings',
    {
      config: { access: 'spaces.read' },
      schema: {
        tags,
        summary: 'Future bookings of a space',
        description: '`{count}`, asked before the space is deactivated (checkFutureBookings in the spec).',
        'x-spec-path': 'not shown',
        params: idParams,
      },
    },
    (request) => request.signedIn((ctx) => futureBookingCount(ctx, request.params.id)),
  )

  app.get(
    '/api/organization/:id/tentative-bookings',
    {
      config: { access: 'organizations.read' },
      schema: {
        tags,
        summary: 'Tentative bookings of an organization',
        description: '`{count}`, asked before screen bookings are turned off.',
        'x-spec-path': 'not shown',
        params: idParams,
      },
    },
    (request) => request.signedIn((ctx) => tentativeBookingCount(ctx, request.params.id)),
  )

  app.post(
    '/api/userbooking/quote',
    {
      config: { access: 'bookings.create' },
      schema: {
        tags,
        summary: 'Quote a booking',
        description:
          "The create payload: the live price, problems by field, a series' dates with their conflicts, and the preparation-time question. Nothing is saved.",
        'x-spec-path': 'none',
        body: bookingCreateSchema,
      },
    },
    (request) => request.signedIn((ctx) => quoteBooking(ctx, request.body)),
  )

  app.post(
    '/api/userbooking',
    {
      config: { access: 'bookings.create' },
      schema: {
        tags,
        summary: 'Create a booking',
        description:
          "A booking or a series, `{center_id, meeting_room_id, booking_date, start_time, end_time, client_id, user_id, …}`. 409 when the slot is taken, with `confirm: preparation_time` when the preparation time must be confirmed, or with the series' `conflicts`.",
        'x-spec-path': 'none',
        body: bookingCreateSchema,
      },
    },
    async (request, reply) => {
      const created = await request.signedInReadFirst((read, inTransaction) =>
        createBooking(read, inTransaction, request.body, undefined, mails),
      )
      mails.kick()
      return reply.code(201).send(created)
    },
  )

  app.get(
    '/api/userbooking/:id',
    {
      config: { access: 'bookings.read' },
      schema: {
        tags,
        summary: 'One booking',
        description: 'The booking as its confirmation shows it.',
        'x-spec-path': 'not shown',
        params: idParams,
      },
    },
    (request) => request.signedIn((ctx) => getBooking(ctx, request.params.id)),
  )

  app.get(
    '/api/userbooking/:id/rescheduling',
    {
      config: { access: 'bookings.read' },
      schema: { tags, summary: "A booking's rescheduling log", 'x-spec-path': 'not shown', params: idParams },
    },
    (request) => request.signedIn((ctx) => reschedulingLog(ctx, request.params.id)),
  )

  app.get(
    '/api/userbooking/:id/workflow-logs',
    {
      config: { access: 'bookings.read' },
      schema: { tags, summary: "A booking's workflow log", 'x-spec-path': 'not shown', params: idParams },
    },
    (request) => request.signedIn((ctx) => workflowLogs(ctx, request.params.id)),
  )
}
