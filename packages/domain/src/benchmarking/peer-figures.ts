/**
 * What an organization's industry benchmarking may show of other organizations (issue 42 item 16):
 * no figure is computed from fewer than BENCHMARK_MIN_PEERS other organizations, so none is
 * another organization's own value (a "worst" of one, a region of one member); "worst" is a low
 * percentile of the others, not the lowest of them. The organization's own value is never among
 * the others: with it, a small group would let it work the others out.
 */
export const BENCHMARK_MIN_PEERS = 3

/** The percentile of the other organizations' values shown as Worst Performance. */
export const BENCHMARK_WORST_PERCENTILE = 25

export type WithheldFigure = 'WorstPerformance' | 'Regional'

const figureLabels: Record<WithheldFigure, string> = {
  WorstPerformance: 'Worst Performance',
  Regional: 'Regional',
}

/** Why a figure is left out of the report, for the measures (their labels) it is left out of. */
export function benchmarkWithheldMessage(
  figure: WithheldFigure,
  measureLabels: readonly string[],
  reason: 'fewPeers' | 'noRegion',
): string {
  const of = `${figureLabels[figure]} is not shown for ${measureLabels.join(', ')}`
  if (reason === 'noRegion') return `${of}: your organization has no region.`
  const group = figure === 'Regional' ? `other organizations of your region` : `other organizations`
  return `${of}: it is shown only when at least ${BENCHMARK_MIN_PEERS} ${group} with bookings in the period can be compared (booking values within the same currency), so that no organization's own figure can be read from it.`
}

/** Values in hundredths (two decimals, as the measures are), so sums and steps stay exact. */
const hundredthsOf = (values: readonly number[]) => values.map((value) => Math.round(value * 100))

/**
 * The `percentile` (0–100) of the other organizations' values, linearly interpolated between the
 * two nearest ranks, to two decimals; null when fewer than BENCHMARK_MIN_PEERS.
 */
export function peerPercentile(values: readonly number[], percentile: number): number | null {
  if (values.length < BENCHMARK_MIN_PEERS) return null
  const sorted = hundredthsOf(values).sort((a, b) => a - b)
  const position = (percentile / 100) * (sorted.length - 1)
  const lower = Math.floor(position)
  const low = sorted[lower] as number
  const high = sorted[Math.min(lower + 1, sorted.length - 1)] as number
  return Math.round(low + (position - lower) * (high - low)) / 100
}

/** The average of the other organizations' values, to two decimals; null when fewer than BENCHMARK_MIN_PEERS. */
export function peerAverage(values: readonly number[]): number | null {
  if (values.length < BENCHMARK_MIN_PEERS) return null
  const sum = hundredthsOf(values).reduce((total, value) => total + value, 0)
  return Math.round(sum / values.length) / 100
}
