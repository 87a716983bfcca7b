import {
  BOOKING_EXPORT_FILENAME,
  bookingExportColumns,
  bookingListQuerySchema,
  formatContentRange,
  PAGE_SIZE,
  parseRange,
  rangeForPage,
  runSheetFilename,
  TOTAL_ESTIMATED_HEADER,
} from '@spaceboard/domain'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { badRequest, unauthorized } from '../../platform/errors.ts'
import type { HeavyWork } from '../../platform/heavy-work.ts'
import { setContentRange } from '../../platform/list.ts'
import { parseWith } from '../../platform/validation.ts'
import { attachment, streamWorkbook } from '../../platform/xlsx.ts'
import * as service from './booking-list.service.ts'

/**
 * Rows read per query of the Excel export. On the embedded database each query runs on the HTTP
 * thread: measured over 100,000 bookings on this shared two-core machine (npm run bench
 * pglite-blocking), 500 a batch held it up to 180-400 ms at a time, 100 up to 120-150 ms (p99
 * 60-75 ms). Fewer rows a batch also keep the server's memory flat on both databases.
 */
export const EXPORT_BATCH = 100

/** The rows asked for: the Range header when sent, otherwise the page; never more than Range allows. */
function windowOf(request: FastifyRequest, page: number) {
  try {
    const { start, end } = parseRange(request.headers.range) ?? rangeForPage(page, PAGE_SIZE)
    return { offset: start, limit: end - start + 1 }
  } catch (error) {
    throw badRequest((error as Error).message, { range: (error as Error).message })
  }
}

/**
 * GET /api/userbooking without invoice_pdf (spec 2 §7): the bookings list (booking=1, with Range
 * and Content-Range), its Excel export (bookingSheet=1, every filtered row, streamed) and its PDF
 * run sheet (pdf=true). All three take the same filters and the same tenancy.
 */
export async function answerBookingList(request: FastifyRequest, reply: FastifyReply, heavyWork: HeavyWork) {
  const query = parseWith(bookingListQuerySchema, request.query)
  const actor = request.actor
  if (!actor) throw unauthorized()

  if (query.bookingSheet === '1') {
    const filter = service.filterFor(actor, query)
    const batches = service.exportBatches(
      (work) => request.signedIn(work),
      filter,
      query.direct,
      EXPORT_BATCH,
    )
    return heavyWork.withSlot(actor.organizationId, () =>
      streamWorkbook(reply, BOOKING_EXPORT_FILENAME, bookingExportColumns, batches),
    )
  }

  if (query.pdf === 'true') {
    const sheet = await request.signedIn((ctx) => service.runSheet(ctx, query))
    const pdf = await heavyWork.render(actor.organizationId, 'runSheetPdf', sheet)
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', attachment(runSheetFilename(sheet.part, sheet.parts)))
      .header('Cache-Control', 'no-store')
      .send(pdf)
  }

  const window = windowOf(request, query.page)
  const { rows, total, estimated } = await request.signedIn((ctx) => service.listBookings(ctx, query, window))
  setContentRange(reply, formatContentRange(window.offset, rows.length, total))
  if (estimated) reply.header(TOTAL_ESTIMATED_HEADER, 'true')
  return rows
}
