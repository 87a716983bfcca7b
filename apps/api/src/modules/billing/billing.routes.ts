import {
  BILLING_EXPORT_NAME,
  billingQuerySchema,
  can,
  formatContentRange,
  type MarkExported,
  PAGE_SIZE,
  type Permission,
  parseRange,
  permissionRefusal,
  rangeForPage,
  TOTAL_ESTIMATED_HEADER,
} from '@spaceboard/domain'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { App } from '../../platform/app.ts'
import { streamCsv } from '../../platform/csv.ts'
import { badRequest, forbidden, unauthorized } from '../../platform/errors.ts'
import type { HeavyWork } from '../../platform/heavy-work.ts'
import { setContentRange } from '../../platform/list.ts'
import { parseWith } from '../../platform/validation.ts'
import { streamWorkbook } from '../../platform/xlsx.ts'
import * as bookingList from '../bookings/booking-list.service.ts'
import * as service from './billing.service.ts'

const tags = ['billing']

/** Bookings read per batch of the export: each holds all its money rows, so fewer than the bookings list's. */
export const BILLING_EXPORT_BATCH = 100

/** The columns written as numbers in the workbook (quantity, unit amount, discount, tax percent and amount, total). */
const numericColumns = new Set([14, 15, 16, 19, 20, 21])

/** The route (GET or PUT /api/userbooking) serves bookings to every staff role; billing asks more. */
function requirePermission(request: FastifyRequest, permission: Permission) {
  const actor = request.actor
  if (!actor) throw unauthorized()
  if (!can(actor.type, permission)) throw forbidden(permissionRefusal(permission))
  return actor
}

/**
 * GET /api/userbooking?billing=true (spec 2 §7): the billing list (Range, Content-Range) and, with
 * export=xlsx|csv, the "Booking Detail" file of the filter's money lines; with exportId the lines
 * of that marked export only (see MARK_EXPORTED).
 */
export async function answerBilling(request: FastifyRequest, reply: FastifyReply, heavyWork: HeavyWork) {
  const actor = requirePermission(request, 'billing.read')
  const query = parseWith(billingQuerySchema, request.query)
  const format = query.export === 'csv' ? 'csv' : query.export && query.export !== '0' ? 'xlsx' : null

  if (format) {
    requirePermission(request, 'billing.export')
    const filter = service.filterFor(actor, query)
    const { organizationId, headers } = await request.signedIn(async (ctx) => {
      const organizationId = await service.exportOrganization(ctx, query)
      return { organizationId, headers: await service.exportHeaders(ctx, organizationId) }
    })
    const monthly =
      query.monthlyBilling === undefined ? undefined : ['true', '1'].includes(query.monthlyBilling)
    const batches = service.exportBatches(
      (work) => request.signedIn(work),
      query.exportId !== undefined ? { ...filter, organizationId } : filter,
      { monthlyBilling: monthly, exportId: query.exportId },
      BILLING_EXPORT_BATCH,
    )
    if (format === 'csv')
      return heavyWork.withSlot(actor.organizationId, () =>
        streamCsv(reply, `${BILLING_EXPORT_NAME}.csv`, headers, batches),
      )
    async function* numbered() {
      for await (const batch of batches)
        yield batch.map((row) => row.map((cell, i) => (numericColumns.has(i) ? Number(cell) : cell)))
    }
    return heavyWork.withSlot(actor.organizationId, () =>
      streamWorkbook(reply, `${BILLING_EXPORT_NAME}.xlsx`, headers, numbered()),
    )
  }

  let window: { offset: number; limit: number }
  try {
    const { start, end } = parseRange(request.headers.range) ?? rangeForPage(query.page, PAGE_SIZE)
    window = { offset: start, limit: end - start + 1 }
  } catch (error) {
    throw badRequest((error as Error).message, { range: (error as Error).message })
  }
  const { rows, total, estimated } = await request.signedIn((ctx) =>
    bookingList.listBookings(ctx, query, window),
  )
  setContentRange(reply, formatContentRange(window.offset, rows.length, total))
  if (estimated) reply.header(TOTAL_ESTIMATED_HEADER, 'true')
  return rows.map((row) => ({
    ...row,
    payment_method: row.payment_status === 'card' ? 'Credit Card' : 'Invoice',
  }))
}

/** PUT /api/userbooking/{id} with code MARK_EXPORTED (spec 2 §7): the filter says what, the id whose. */
export function markExported(request: FastifyRequest, bookingId: number, op: MarkExported) {
  requirePermission(request, 'billing.export')
  return request.signedIn((ctx) => service.markExported(ctx, bookingId, op))
}

const billingSheetQuery = z.object({
  org: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().positive().max(2_147_483_647).optional(),
  ),
})

export function billingRoutes(app: App) {
  app.get(
    '/api/mh-billing-sheet',
    {
      config: { access: 'billing.read' },
      schema: {
        tags,
        summary: 'Billing sheet column names',
        description: "The 31 column names of the billing export, the organization's (`org`) where renamed.",
        querystring: billingSheetQuery,
      },
    },
    (request) => request.signedIn((ctx) => service.billingSheet(ctx, request.query.org)),
  )
}
