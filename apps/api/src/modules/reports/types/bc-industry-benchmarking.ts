import {
  BENCHMARK_CURRENCY,
  BENCHMARK_WORST_PERCENTILE,
  type BenchmarkMeasures,
  benchmarkBandSteps,
  benchmarkSettingLabels,
  benchmarkSettingsOf,
  benchmarkWithheldMessage,
  bulletRanges,
  peerAverage,
  peerPercentile,
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
 * period (OrgPerformance), against the benchmarking settings (GlobalIndustry), a low percentile
 * (BENCHMARK_WORST_PERCENTILE) of each measure among the other organizations reported on that had
 * bookings (WorstPerformance), and the average of that measure among the other organizations of
 * its own global region (Regional). Either is withheld (null, with a note saying why) when fewer
 * than BENCHMARK_MIN_PEERS other organizations make it (packages/domain benchmarking/peer-figures.ts):
 * the lowest of a few, or a region of one, was another organization's exact figure.
 *
 * Booking values are compared only within the organization's currency: the worst and regional
 * values come from organizations of the same currency, and the global average (in the platform's
 * currency, BENCHMARK_CURRENCY) is given only to organizations that use it (null otherwise).
 *
 * data: { GlobalIndustry, OrgPerformance, WorstPerformance, Regional }, each
 *       { averageoccupancy, averagebookingvalue, averagebookingduration } (null: no figure).
 * A bullet chart per measure with a global figure; a one-row table under each.
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
  const ownRegion = own?.regionId ?? null
  const others = everyone.filter(
    (entry) => entry.id !== organization.id && !entry.excluded && entry.facts.bookings > 0,
  )
  const comparableFor = (measure: Measure): OrganizationBenchmark[] =>
    measure === 'averagebookingvalue'
      ? others.filter((entry) => entry.currencyCode === organization.currencyCode)
      : others

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
    WorstPerformance[measure] = peerPercentile(
      comparable.map((entry) => entry.measures[measure]),
      BENCHMARK_WORST_PERCENTILE,
    )
    if (ownRegion !== null)
      Regional[measure] = peerAverage(
        comparable.filter((entry) => entry.regionId === ownRegion).map((entry) => entry.measures[measure]),
      )
  }
  const withheld = (figures: Figures) =>
    measures.filter((measure) => figures[measure] === null).map((measure) => benchmarkSettingLabels[measure])
  const notes: string[] = []
  const worstWithheld = withheld(WorstPerformance)
  if (worstWithheld.length)
    notes.push(benchmarkWithheldMessage('WorstPerformance', worstWithheld, 'fewPeers'))
  const regionalWithheld = withheld(Regional)
  if (regionalWithheld.length)
    notes.push(
      benchmarkWithheldMessage('Regional', regionalWithheld, ownRegion === null ? 'noRegion' : 'fewPeers'),
    )

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
    if (target === null) return []
    const worst = WorstPerformance[measure]
    const regional = Regional[measure]
    const largest = Math.max(ownMeasures[measure], target, worst ?? 0, regional ?? 0)
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
    notes,
  }
}
