import { benchmarkSettingKeys } from '@spaceboard/domain'
import type { Tx } from '../client.ts'
import { settings } from '../schema/index.ts'

/**
 * Demo industry averages (spec 3 §2 Benchmarking settings), from the figures of Asia-Pacific business
 * centres (spec 0-context): a booking lasts about 2.5 hours and is worth about AUD 60; rooms are
 * booked about a third of their bookable time.
 */
export async function seedDemoBenchmarkSettings(tx: Tx) {
  await tx.insert(settings).values([
    { type: 'benchmarking', key: benchmarkSettingKeys.averageoccupancy, value: '35.00' },
    { type: 'benchmarking', key: benchmarkSettingKeys.averagebookingvalue, value: '60.00' },
    { type: 'benchmarking', key: benchmarkSettingKeys.averagebookingduration, value: '2.50' },
  ])
}
