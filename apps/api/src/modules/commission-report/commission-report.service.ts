import {
  billingCurrency,
  billingPaymentMethod,
  bookingCommission,
  type CommissionReportFilters,
  centsToDecimal,
  commissionReportErrors,
  formatIsoDate,
  toCents,
  wallClock,
} from '@spaceboard/domain'
import type { Actor, Ctx } from '../../platform/context.ts'
import { badRequest } from '../../platform/errors.ts'
import { organizationForWrite } from '../../platform/tenancy.ts'
import * as repo from './commission-report.repository.ts'

/** The report's filter (spec 2 §5): both dates in order; super names the organization. */
export function filterFor(actor: Actor, query: CommissionReportFilters): repo.CommissionFilter {
  const errors = commissionReportErrors(query, actor.type === 'super')
  const first = Object.values(errors)[0]
  if (first) throw badRequest(first, errors)
  return {
    organizationId: organizationForWrite(actor, query.org_id),
    startDate: query.start_date as string,
    endDate: query.end_date as string,
  }
}

/** One row in commissionReportColumns order; dates by the organization's time format (spec 2 §9). */
export function commissionCells(row: repo.CommissionDbRow): unknown[] {
  const format = row.timeFormat === 'mm/dd' ? 'mm/dd' : 'dd/mm'
  const date = (instant: Date) => formatIsoDate(wallClock(instant, row.timezone).date, format)
  const reference = `${row.bookingPrefix}${row.id}`
  return [
    row.clientName,
    row.companyNumber,
    row.externalClientId,
    row.firstName,
    row.lastName,
    row.email,
    row.street,
    row.city,
    row.state,
    row.postcode,
    row.country ?? '',
    reference,
    reference,
    date(row.createdAt),
    date(row.startTime),
    date(row.bookingConfirmAt ?? row.createdAt),
    row.packageName || row.spaceName,
    row.transactionId,
    billingCurrency(row.currency),
    Number(row.netAmount),
    Number(
      centsToDecimal(
        bookingCommission({
          room: toCents(row.commissionAmount),
          roomCharges: toCents(row.roomChargesCommission),
          refunds: toCents(row.refundsCommission),
          cancellation: toCents(row.cancellationCommissionAmount),
        }),
      ),
    ),
    Number(row.additionalCommissionAmount),
    billingPaymentMethod(row.transactionId),
  ]
}

/** The report's rows a batch at a time, each batch its own short read. */
export async function* commissionBatches(
  run: <T>(work: (ctx: Ctx) => Promise<T>) => Promise<T>,
  filter: repo.CommissionFilter,
  batchSize: number,
): AsyncGenerator<unknown[][]> {
  let after = 0
  for (;;) {
    const from = after
    const rows = await run(({ tx }) => repo.commissionBatch(tx, filter, from, batchSize))
    if (rows.length === 0) return
    after = (rows[rows.length - 1] as repo.CommissionDbRow).id
    yield rows.map(commissionCells)
    if (rows.length < batchSize) return
  }
}
