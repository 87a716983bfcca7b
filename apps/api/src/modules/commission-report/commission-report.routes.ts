import {
  COMMISSION_REPORT_FILENAME,
  can,
  commissionReportColumns,
  commissionReportQuerySchema,
  permissionRefusal,
} from '@spaceboard/domain'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { forbidden, unauthorized } from '../../platform/errors.ts'
import type { HeavyWork } from '../../platform/heavy-work.ts'
import { parseWith } from '../../platform/validation.ts'
import { streamWorkbook } from '../../platform/xlsx.ts'
import * as service from './commission-report.service.ts'

const BATCH = 200

/** GET /api/userbooking/?commisionReport=1&start_date&end_date&org_id (spec 2 §7): the "Commision Report" workbook. */
export async function answerCommissionReport(
  request: FastifyRequest,
  reply: FastifyReply,
  heavyWork: HeavyWork,
) {
  const actor = request.actor
  if (!actor) throw unauthorized()
  if (!can(actor.type, 'commission.read')) throw forbidden(permissionRefusal('commission.read'))
  const query = parseWith(commissionReportQuerySchema, request.query)
  const filter = service.filterFor(actor, query)
  const batches = service.commissionBatches((work) => request.signedIn(work), filter, BATCH)
  return heavyWork.withSlot(filter.organizationId, () =>
    streamWorkbook(reply, COMMISSION_REPORT_FILENAME, commissionReportColumns, batches),
  )
}
