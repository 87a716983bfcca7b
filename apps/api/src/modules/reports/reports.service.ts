import { setTimeout as sleep } from 'node:timers/promises'
import {
  ALL_ORGANIZATIONS,
  FIRST_REPORT_YEAR,
  type ReportQuery,
  type ReportResult,
  reportAllowsAllOrganizations,
  reportBusyTypeLabels,
  reportGroupByLabels,
  reportMessages,
  reportPeriod,
  reportTypeInfo,
  reportUsesFilter,
} from '@spaceboard/domain'
import type { Db } from '../../db/client.ts'
import type { Ctx } from '../../platform/context.ts'
import { badRequest, fieldError, forbidden } from '../../platform/errors.ts'
import { organizationForWrite } from '../../platform/tenancy.ts'
import * as facts from './report-facts.repository.ts'
import type { ReportInput } from './report-input.ts'
import type { ReportMemos } from './report-memo.ts'
import * as repo from './reports.repository.ts'
import { reportBuilders } from './types/index.ts'

const idOrAll = (value: ReportQuery['center_id']) => (typeof value === 'number' ? value : null)

/**
 * Checks a report request (spec 3 §5, §6): super names an organization first, except for the super
 * industry benchmarking, and never one excluded from reporting; others report on their own; the
 * organization-level benchmarking needs the organization's industry_benchmarking_report feature;
 * the location and space must be the organization's own; the year runs from 1990 to this year.
 */
export async function reportInput(ctx: Ctx, query: ReportQuery, now = new Date()): Promise<ReportInput> {
  const type = query.report_type
  const currentYear = now.getUTCFullYear()
  const year = query.year ?? currentYear
  if (year < FIRST_REPORT_YEAR || year > currentYear)
    throw fieldError('year', reportMessages.year(currentYear))
  const month = query.month ?? now.getUTCMonth() + 1

  let organization: repo.ReportOrganization | null = null
  const allOrganizations = query.org_id === ALL_ORGANIZATIONS && type !== 'superIndustryBenchmarking'
  if (allOrganizations && ctx.actor.type !== 'super')
    throw forbidden(reportMessages.allOrganizationsSuperOnly)
  if (allOrganizations && !reportAllowsAllOrganizations(type))
    throw fieldError('org_id', reportMessages.allOrganizationsFor(type))
  if (type === 'superIndustryBenchmarking') {
    if (ctx.actor.type !== 'super') throw forbidden(reportMessages.notAvailable)
  } else if (!allOrganizations) {
    const organizationId = organizationForWrite(
      ctx.actor,
      query.org_id === ALL_ORGANIZATIONS ? undefined : query.org_id,
      reportMessages.selectOrganizationFirst,
    )
    organization = (await repo.reportOrganization(ctx.tx, organizationId)) ?? null
    if (!organization) throw fieldError('org_id', reportMessages.selectOrganizationFirst)
    if (ctx.actor.type === 'super' && organization.excludeFromReporting)
      throw fieldError('org_id', reportMessages.excluded)
    if (type === 'bcIndustryBenchmarking' && !organization.features.industry_benchmarking_report)
      throw forbidden(reportMessages.benchmarkingNotEnabled)
  }

  const centerId = organization && reportUsesFilter(type, 'location') ? idOrAll(query.center_id) : null
  if (
    organization &&
    centerId !== null &&
    !(await repo.organizationCenter(ctx.tx, organization.id, centerId))
  )
    throw fieldError('center_id', 'Choose a location of this organization.')
  const spaceId = organization && reportUsesFilter(type, 'space') ? idOrAll(query.room_id) : null
  if (
    organization &&
    spaceId !== null &&
    !(await repo.organizationSpace(ctx.tx, organization.id, spaceId, centerId))
  )
    throw fieldError('room_id', 'Choose a space of this location.')

  const groupBy =
    type === 'averagePerBooking' ||
    (reportUsesFilter(type, 'groupBy') && ['center', 'room'].includes(query.report_value))
      ? query.report_value
      : 'center'
  return {
    type,
    organization,
    allOrganizations,
    duration: query.report_duration,
    year,
    month,
    // A type without a month filter (Center Revenue Target) covers the financial year either way.
    period: reportPeriod(
      reportUsesFilter(type, 'month') ? query.report_duration : 'yearly',
      year,
      month,
      organization?.monthId ?? 1,
    ),
    centerId,
    spaceId,
    groupBy,
    busyType: query.busy_type,
    revenue: { tax: query.is_tax_included, amenities: query.is_amenity_included },
  }
}

/** The chosen filters as the workbook's header rows and the screen's caption read them. */
async function readableFilters(ctx: Ctx, input: ReportInput) {
  const uses = (name: Parameters<typeof reportUsesFilter>[1]) => reportUsesFilter(input.type, name)
  const filters: { label: string; value: string }[] = [
    { label: 'Report', value: reportTypeInfo(input.type).label },
  ]
  if (input.organization) filters.push({ label: 'Organization', value: input.organization.name })
  if (input.allOrganizations) filters.push({ label: 'Organization', value: 'All Organizations' })
  filters.push({ label: 'Period', value: input.period.label })
  if (uses('duration'))
    filters.push({ label: 'Duration', value: input.duration === 'monthly' ? 'Monthly' : 'Yearly' })
  if (uses('groupBy')) filters.push({ label: 'Group by', value: reportGroupByLabels[input.groupBy] })
  if (uses('busyType')) filters.push({ label: 'Busy by', value: reportBusyTypeLabels[input.busyType] })
  if (uses('location') && input.organization) {
    const center =
      input.centerId === null
        ? null
        : await repo.organizationCenter(ctx.tx, input.organization.id, input.centerId)
    filters.push({ label: 'Location', value: center?.name ?? 'All Locations' })
  }
  if (uses('space') && input.organization) {
    const space =
      input.spaceId === null
        ? null
        : await repo.organizationSpace(ctx.tx, input.organization.id, input.spaceId, null)
    filters.push({ label: 'Space', value: space?.name ?? 'All Spaces' })
  }
  if (uses('tax'))
    filters.push({ label: 'Tax', value: input.revenue.tax === 'incTax' ? 'Including tax' : 'Excluding tax' })
  if (uses('amenities'))
    filters.push({
      label: 'Amenities',
      value: input.revenue.amenities === 'incAmenity' ? 'Including amenities' : 'Excluding amenities',
    })
  return filters
}

/**
 * Rebuilds the stale months of the monthly facts the report may read: its organization's, or every
 * organization's for the benchmarking types. Each month is a transaction of its own, so that on
 * the embedded database other requests go on between them.
 */
async function refreshFacts(ctx: Ctx, input: ReportInput) {
  const everyOrganization =
    input.allOrganizations ||
    input.type === 'superIndustryBenchmarking' ||
    input.type === 'bcIndustryBenchmarking'
  await rebuildStaleMonths(ctx.tx, everyOrganization ? null : (input.organization?.id ?? null))
}

/**
 * Rebuilds the stale months of the report facts of one organization (of every one for null), each
 * in a transaction of its own; stops between two months once `signal` aborts.
 */
export async function rebuildStaleMonths(db: Db, organizationId: number | null, signal?: AbortSignal) {
  for (const stale of await facts.staleMonths(db, organizationId)) {
    if (signal?.aborted) return
    await db.transaction((tx) => facts.rebuildMonth(tx, stale.organizationId, stale.month))
  }
}

/** How often the server rebuilds every organization's stale report months (keepReportFactsFresh). */
export const REPORT_FACTS_REBUILD_MS = 10 * 60_000

/**
 * Rebuilds every organization's stale report months now, then again every `everyMs`, until
 * `signal` aborts. A booking change marks its month with a row of its own
 * (report_stale_months): without this, an organization nobody reports on kept a row per change
 * for good, and a report read after a busy day waited for every month it touched. A failed round
 * is reported and the next one tries again. Safe beside a report's own rebuild and beside other
 * processes': a month is taken by deleting its marks (rebuildMonth), so only one rebuilds it.
 */
export async function keepReportFactsFresh(
  db: Db,
  options: { everyMs: number; signal: AbortSignal; onError: (error: unknown) => void },
) {
  while (!options.signal.aborted) {
    try {
      await rebuildStaleMonths(db, null, options.signal)
    } catch (error) {
      if (!options.signal.aborted) options.onError(error)
    }
    await sleep(options.everyMs, undefined, { signal: options.signal }).catch(() => undefined)
  }
}

/** One report, built by its type's builder inside the envelope every report shares. */
export async function buildReport(ctx: Ctx, memos: ReportMemos, query: ReportQuery): Promise<ReportResult> {
  return reportOf(ctx, memos, await freshInput(ctx, query))
}

/** The checked request, its organization's stale report months rebuilt first. */
async function freshInput(ctx: Ctx, query: ReportQuery): Promise<ReportInput> {
  const input = await reportInput(ctx, query)
  await refreshFacts(ctx, input)
  return input
}

/**
 * The report types whose answer is kept in the app (report-memo.ts) while its organization's
 * master data and report facts stay the same: every figure and name they show comes from those
 * (bookings through the facts; spaces, locations, blackout periods and the organization through
 * the master data). bookByOrganization by space answers 180 KB for a year of 50 spaces, the
 * largest answer of all: building, serialising and sending it cost 5 ms of the server's CPU.
 */
const KEPT_REPORT_TYPES: ReadonlySet<ReportInput['type']> = new Set(['bookByOrganization'])

/** The report call's answer (spec 3 §7: a list whose first item is the report) as JSON text. */
export async function reportAnswer(ctx: Ctx, memos: ReportMemos, query: ReportQuery): Promise<string> {
  const input = await freshInput(ctx, query)
  const build = async () => JSON.stringify({ success: true, data: [await reportOf(ctx, memos, input)] })
  const organization = input.organization
  if (!organization || !KEPT_REPORT_TYPES.has(input.type)) return build()
  const version = await facts.answerVersion(ctx.tx, organization.id)
  const { type, period, duration, groupBy, centerId, spaceId, busyType, revenue } = input
  const key = JSON.stringify([
    version,
    type,
    organization.id,
    period.from,
    period.to,
    duration,
    groupBy,
    centerId,
    spaceId,
    busyType,
    revenue,
  ])
  return memos.answers(key, build)
}

async function reportOf(ctx: Ctx, memos: ReportMemos, input: ReportInput): Promise<ReportResult> {
  const builder = reportBuilders[input.type]
  if (!builder) throw badRequest(reportMessages.notAvailable)
  const body = await builder(ctx, input, memos)
  return {
    report_type: input.type,
    label: reportTypeInfo(input.type).label,
    currency_code: input.organization?.currencyCode ?? '',
    organization: input.organization ? { id: input.organization.id, name: input.organization.name } : null,
    period: { from: input.period.from, to: input.period.to, label: input.period.label },
    filters: await readableFilters(ctx, input),
    ...body,
  }
}
