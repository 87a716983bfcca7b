import {
  averageOfValues,
  BENCHMARK_CURRENCY,
  type BenchmarkMeasures,
  benchmarkBandSteps,
  benchmarkSettingLabels,
  benchmarkSettingsOf,
  bulletRanges,
  type ReportChart,
  type ReportTable,
  type ReportValueKind,
  reportMessages,
} from '@spaceboard/domain'
import { fieldError } from '../../../platform/errors.ts'
import { settingsOfType } from '../../settings/settings.repository.ts'
import { type OrganizationBenchmark, organizationBenchmarks } from '../benchmark-figures.ts'
import type { ReportBuilder } from '../report-builder.ts'

type Measure = keyof BenchmarkMeasures
const measures: Measure[] = ['averageoccupancy', 'averagebookingvalue', 'averagebookingduration']
const kinds: Record<Measure, ReportValueKind> = {
  averageoccupancy: 'percent',
  averagebookingvalue: 'money',
  averagebookingduration: 'hours',
}
type Figures = Record<Measure, number | null>

/**
 * Industry Benchmarking (bcIndustryBenchmarking), for organizations with the
 * industry_benchmarking_report feature (checked by the service): the organization's average
 * occupancy, booking value (revenue without tax ÷ bookings) and booking duration in hours over the
 * period (OrgPerformance), against the benchmarking settings (GlobalIndustry), the lowest value of
 * each measure among the organizations reported on that had bookings (WorstPerformance), and the
 * average of that measure among the organizations of the worst performer's global region
 * (Regional; null without a region).
 *
 * Booking values are compared only within the organization's currency: the worst and regional
 * values come from organizations of the same currency, and the global average (in the platform's
 * currency, BENCHMARK_CURRENCY) is given only to organizations that use it (null otherwise).
 *
 * data: { GlobalIndustry, OrgPerformance, WorstPerformance, Regional }, each
 *       { averageoccupancy, averagebookingvalue, averagebookingduration } (null: no figure).
 * A bullet chart per measure with a global and a worst figure; a one-row table under each.
 */
export const bcIndustryBenchmarking: ReportBuilder = async (ctx, input, memos) => {
  const organization = input.organization
  if (!organization) throw fieldError('org_id', reportMessages.selectOrganizationFirst)
  const everyone = await organizationBenchmarks(ctx, memos, input, organization.id)
  const settings = benchmarkSettingsOf(await settingsOfType(ctx.tx, 'benchmarking'))
  const own = everyone.find((entry) => entry.id === organization.id)
  const ownMeasures: BenchmarkMeasures = own?.measures ?? {
    averageoccupancy: 0,
    averagebookingvalue: 0,
    averagebookingduration: 0,
  }
  const peers = everyone.filter((entry) => !entry.excluded && entry.facts.bookings > 0)
  const comparableFor = (measure: Measure): OrganizationBenchmark[] =>
    measure === 'averagebookingvalue'
      ? peers.filter((entry) => entry.currencyCode === organization.currencyCode)
      : peers

  const GlobalIndustry: Figures = {
    ...settings,
    averagebookingvalue:
      organization.currencyCode === BENCHMARK_CURRENCY ? settings.averagebookingvalue : null,
  }
  const WorstPerformance: Figures = {
    averageoccupancy: null,
    averagebookingvalue: null,
    averagebookingduration: null,
  }
  const Regional: Figures = {
    averageoccupancy: null,
    averagebookingvalue: null,
    averagebookingduration: null,
  }
  for (const measure of measures) {
    const comparable = comparableFor(measure)
    const worst = comparable.reduce<OrganizationBenchmark | null>(
      (lowest, entry) =>
        lowest === null || entry.measures[measure] < lowest.measures[measure] ? entry : lowest,
      null,
    )
    if (!worst) continue
    WorstPerformance[measure] = worst.measures[measure]
    if (worst.regionId !== null)
      Regional[measure] = averageOfValues(
        comparable
          .filter((entry) => entry.regionId === worst.regionId)
          .map((entry) => entry.measures[measure]),
      )
  }

  const tables: ReportTable[] = measures.map((measure) => ({
    title: benchmarkSettingLabels[measure],
    columns: [
      { key: 'GlobalIndustry', title: 'Global Industry', kind: kinds[measure] },
      { key: 'OrgPerformance', title: 'Your Performance', kind: kinds[measure] },
      { key: 'WorstPerformance', title: 'Worst Performance', kind: kinds[measure] },
      { key: 'Regional', title: 'Regional', kind: kinds[measure] },
    ],
    rows: [
      {
        GlobalIndustry: GlobalIndustry[measure],
        OrgPerformance: ownMeasures[measure],
        WorstPerformance: WorstPerformance[measure],
        Regional: Regional[measure],
      },
    ],
  }))
  const charts: ReportChart[] = measures.flatMap((measure): ReportChart[] => {
    const target = GlobalIndustry[measure]
    const worst = WorstPerformance[measure]
    if (target === null || worst === null) return []
    const regional = Regional[measure]
    const largest = Math.max(ownMeasures[measure], target, worst, regional ?? 0)
    return [
      {
        kind: 'bullet',
        title: benchmarkSettingLabels[measure],
        valueKind: kinds[measure],
        measure: ownMeasures[measure],
        target,
        worst,
        regional,
        ranges: bulletRanges(largest, benchmarkBandSteps[measure]),
      },
    ]
  })
  return {
    data: { GlobalIndustry, OrgPerformance: ownMeasures, WorstPerformance, Regional },
    tables,
    charts,
  }
}
