import {
  type MarketingExtractRow,
  type MarketingQuery,
  marketingExtractAllowed,
  marketingExtractErrors,
  marketingMessages,
} from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import { badRequest, fieldError, forbidden } from '../../platform/errors.ts'
import { organizationForWrite } from '../../platform/tenancy.ts'
import { organizationCenter } from '../reports/reports.repository.ts'
import * as repo from './marketing-extract.repository.ts'

/**
 * Checks an extract request (spec 3 §5, §6): both dates, start not after end; super names the
 * organization, the others take their own whatever organization_id says, and only when it has the
 * direct_marketing feature; the location, when one is chosen, must be the organization's.
 */
export async function extractFilter(ctx: Ctx, query: MarketingQuery): Promise<repo.ExtractFilter> {
  const isSuper = ctx.actor.type === 'super'
  const errors = marketingExtractErrors(query, isSuper)
  const first = Object.values(errors)[0]
  if (first) throw badRequest(first, errors)
  const organizationId = organizationForWrite(
    ctx.actor,
    query.organization_id,
    marketingMessages.selectOrganization,
  )
  const organization = await repo.extractOrganization(ctx.tx, organizationId)
  if (!organization) throw fieldError('organization_id', marketingMessages.selectOrganization)
  if (!marketingExtractAllowed(isSuper, organization.features))
    throw forbidden(marketingMessages.notAvailable)
  const centerId = query.center_id === 'All' ? null : query.center_id
  if (centerId !== null && !(await organizationCenter(ctx.tx, organizationId, centerId)))
    throw fieldError('center_id', marketingMessages.location)
  return {
    organizationId,
    startDate: query.startDate as string,
    endDate: query.endDate as string,
    centerId,
  }
}

/** The extract's rows a batch at a time, each batch its own short read after the last person of the one before. */
export async function* extractBatches(
  run: <T>(work: (ctx: Ctx) => Promise<T>) => Promise<T>,
  filter: repo.ExtractFilter,
  batchSize: number,
): AsyncGenerator<MarketingExtractRow[]> {
  let cursor: repo.ExtractCursor | null = null
  for (;;) {
    const after: repo.ExtractCursor | null = cursor
    const rows: repo.ExtractDbRow[] = await run(({ tx }) => repo.extractBatch(tx, filter, after, batchSize))
    const last = rows[rows.length - 1]
    if (!last) return
    cursor = last
    yield rows.map((row) => ({
      ClientID: row.clientId,
      ClientName: row.clientName,
      FirstName: row.firstName,
      LastName: row.lastName,
      Email: row.email,
    }))
    if (rows.length < batchSize) return
  }
}
