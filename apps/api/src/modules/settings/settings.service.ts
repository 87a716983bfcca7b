import {
  type BenchmarkSettingField,
  type BenchmarkSettingsInput,
  benchmarkSettingKeys,
  type SettingType,
} from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import * as repo from './settings.repository.ts'

export function listSettings({ tx }: Ctx, type: SettingType) {
  return repo.settingsOfType(tx, type)
}

/** Saves the three benchmark averages (validated by benchmarkSettingsSchema), each as two-decimal text. */
export async function saveBenchmarkSettings({ tx, actor }: Ctx, input: BenchmarkSettingsInput) {
  const fields = Object.keys(benchmarkSettingKeys) as BenchmarkSettingField[]
  await repo.saveSettings(
    tx,
    input.type,
    fields.map((field) => ({ key: benchmarkSettingKeys[field], value: input[field].toFixed(2) })),
    actor.userId,
  )
}
