import { z } from 'zod'
import { messages } from '../messages.ts'
import { requiredError } from '../validation-messages.ts'

/**
 * The benchmarking settings (spec 3 §2, §3 "Benchmark settings"): platform-wide averages the
 * organization-level industry benchmarking report compares an organization against (its
 * GlobalIndustry figures). Stored as key/value rows of type `benchmarking`.
 */
export const settingTypes = ['benchmarking'] as const
export type SettingType = (typeof settingTypes)[number]

/** The form's field of each key (the POST body's names, spec 3 §7). */
export const benchmarkSettingKeys = {
  averageoccupancy: 'average.occupancy',
  averagebookingvalue: 'average.bookingvalue',
  averagebookingduration: 'average.bookingduration',
} as const
export type BenchmarkSettingField = keyof typeof benchmarkSettingKeys
export type BenchmarkSettingKey = (typeof benchmarkSettingKeys)[BenchmarkSettingField]

/**
 * The currency of the average booking value: the platform's own (its demo and benchmark figures are
 * Australian). Booking values of organizations in another currency are not compared with it.
 */
export const BENCHMARK_CURRENCY = 'aud'

/** Upper bounds: occupancy is a percentage; no booking lasts more than a day (spec 3 §9: 23 h 45 m at most). */
export const MAX_BENCHMARK_VALUE = 9_999_999_999.99
export const MAX_BENCHMARK_DURATION_HOURS = 24

export const benchmarkingMessages = {
  /** Spec 3 §8, verbatim (its spelling). */
  saveFailed: 'Error: Save setting has occured',
  /** Spec 3 §8. */
  saved: 'Success: Record successfully updated',
  type: 'Choose a setting type.',
  occupancy: 'Enter an average occupancy from 0 to 100, with at most 2 decimals.',
  value: 'Enter an average booking value of at least 0, with at most 2 decimals.',
  duration: `Enter an average booking duration from 0 to ${MAX_BENCHMARK_DURATION_HOURS} hours, with at most 2 decimals.`,
} as const

export const benchmarkSettingLabels: Record<BenchmarkSettingField, string> = {
  averageoccupancy: 'Average Occupancy (%)',
  averagebookingvalue: 'Average Booking Value',
  averagebookingduration: 'Average Booking Duration (hours)',
}

/** A number (or its text) from 0 to `max` with at most two decimals; one message for every way it can be wrong. */
function decimalUpTo(max: number, message: string) {
  return z
    .union([z.number(), z.string()], { error: requiredError(message) })
    .transform((value) => String(value).trim())
    .refine((text) => /^\d+(\.\d{1,2})?$/.test(text) && Number(text) <= max, { message })
    .transform(Number)
}

export const settingQuerySchema = z.object({
  type: z.enum(settingTypes, { error: requiredError(benchmarkingMessages.type) }),
})

/** POST /api/setting (spec 3 §7): `{ data: { averageoccupancy, averagebookingvalue, averagebookingduration, type } }`. */
export const benchmarkSettingsSchema = z.strictObject({
  data: z.strictObject(
    {
      type: z.literal('benchmarking', { error: requiredError(benchmarkingMessages.type) }),
      averageoccupancy: decimalUpTo(100, benchmarkingMessages.occupancy),
      averagebookingvalue: decimalUpTo(MAX_BENCHMARK_VALUE, benchmarkingMessages.value),
      averagebookingduration: decimalUpTo(MAX_BENCHMARK_DURATION_HOURS, benchmarkingMessages.duration),
    },
    { error: () => messages.fieldRequired },
  ),
})
export type BenchmarkSettingsInput = z.output<typeof benchmarkSettingsSchema>['data']

/** A key/value row of GET /api/setting?type=benchmarking; values are decimal texts ("35.00"). */
export interface SettingRow {
  key: string
  value: string
}

/** The benchmark averages of the settings rows; a missing or unreadable one is null. */
export function benchmarkSettingsOf(
  rows: readonly SettingRow[],
): Record<BenchmarkSettingField, number | null> {
  const numberAt = (key: BenchmarkSettingKey) => {
    const row = rows.find((r) => r.key === key)
    const value = row ? Number(row.value) : Number.NaN
    return Number.isFinite(value) ? value : null
  }
  return {
    averageoccupancy: numberAt(benchmarkSettingKeys.averageoccupancy),
    averagebookingvalue: numberAt(benchmarkSettingKeys.averagebookingvalue),
    averagebookingduration: numberAt(benchmarkSettingKeys.averagebookingduration),
  }
}
