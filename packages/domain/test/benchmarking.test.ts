import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BENCHMARK_MIN_PEERS,
  BENCHMARK_WORST_PERCENTILE,
  benchmarkWithheldMessage,
  peerAverage,
  peerPercentile,
} from '../src/index.ts'

describe('benchmarking figures of other organizations (domain)', () => {
  it('withholds a figure made by fewer than three other organizations', () => {
    expect(BENCHMARK_MIN_PEERS).toBe(3)
    expect(peerPercentile([], 25)).toBeNull()
    expect(peerPercentile([4.5], 25)).toBeNull()
    expect(peerPercentile([4.5, 1.25], 25)).toBeNull()
    expect(peerAverage([4.5, 1.25])).toBeNull()
    expect(peerAverage([0.42, 0.83, 1.67])).toBe(0.97)
  })

  it('gives a low percentile between the two nearest ranks, not the lowest value', () => {
    expect(peerPercentile([30, 50, 70], BENCHMARK_WORST_PERCENTILE)).toBe(40)
    expect(peerPercentile([2.5, 0.42, 0.83, 1.67], BENCHMARK_WORST_PERCENTILE)).toBe(0.73)
    expect(peerPercentile([3, 1, 2, 4], BENCHMARK_WORST_PERCENTILE)).toBe(1.75)
  })

  it('never shows the lowest of three or more distinct values as the worst', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 3, maxLength: 40 }),
        (hundredths) => {
          const values = hundredths.map((h) => h / 100)
          const worst = peerPercentile(values, BENCHMARK_WORST_PERCENTILE) as number
          expect(worst).toBeGreaterThan(Math.min(...values))
        },
      ),
    )
  })

  it('says which figure is left out, for which measures, and the rule', () => {
    expect(benchmarkWithheldMessage('Regional', ['Average Occupancy (%)'], 'fewPeers')).toBe(
      "Regional is not shown for Average Occupancy (%): it is shown only when at least 3 other organizations of your region with bookings in the period can be compared (booking values within the same currency), so that no organization's own figure can be read from it.",
    )
    expect(benchmarkWithheldMessage('WorstPerformance', ['A', 'B'], 'fewPeers')).toContain(
      'Worst Performance is not shown for A, B: it is shown only when at least 3 other organizations',
    )
    expect(benchmarkWithheldMessage('Regional', ['A'], 'noRegion')).toBe(
      'Regional is not shown for A: your organization has no region.',
    )
  })
})
