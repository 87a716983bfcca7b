import {
  type BenchmarkFacts,
  type BenchmarkMeasures,
  benchmarkMeasures,
  benchmarkRevenue,
} from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import { inTurn } from '../../platform/in-turn.ts'
import * as occupancy from './occupancy.repository.ts'
import type { ReportInput } from './report-input.ts'
import { bookableMinutes, type ReportMemos } from './report-memo.ts'

export interface OrganizationBenchmark {
  id: number
  name: string
  currencyCode: string
  regionId: number | null
  excluded: boolean
  facts: BenchmarkFacts
  measures: BenchmarkMeasures
}

/**
 * The benchmark figures of every organization reported on (and of `also`, even when excluded) over
 * the report's period: two aggregate statements grouped by organization (bookings; bookable time),
 * never a report per organization.
 */
export async function organizationBenchmarks(
  ctx: Ctx,
  memos: ReportMemos,
  input: ReportInput,
  also: number | null,
): Promise<OrganizationBenchmark[]> {
  const scope = { reported: true, also } as const
  const [organizations, figures, bookable] = await inTurn(
    () => occupancy.reportedOrganizations(ctx.tx, also),
    () =>
      occupancy.bookingFigures(ctx.tx, input, {
        organizations: scope,
        groupBy: 'organization',
        bucket: null,
        revenue: benchmarkRevenue,
      }),
    () =>
      bookableMinutes(ctx.tx, memos, {
        from: input.period.from,
        to: input.period.to,
        organizations: scope,
        centerId: null,
        spaceId: null,
        groupBy: 'organization',
        bucket: null,
      }),
  )
  const figuresOf = new Map(figures.map((row) => [row.organizationId, row]))
  const bookableOf = new Map(bookable.map((row) => [row.organizationId, row.minutes]))
  return organizations.map((organization) => {
    const row = figuresOf.get(organization.id)
    const facts: BenchmarkFacts = {
      bookings: row?.bookings ?? 0,
      revenueCents: row?.revenueCents ?? 0,
      bookedMinutes: row?.bookedMinutes ?? 0,
      bookableMinutes: bookableOf.get(organization.id) ?? 0,
    }
    return { ...organization, facts, measures: benchmarkMeasures(facts) }
  })
}
