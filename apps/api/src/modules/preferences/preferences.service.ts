import { isPreferenceKey, type PreferenceKey, preferenceSchemas } from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import { notFound } from '../../platform/errors.ts'
import { parseWith } from '../../platform/validation.ts'
import * as repo from './preferences.repository.ts'

function knownKey(key: string): PreferenceKey {
  if (!isPreferenceKey(key)) throw notFound()
  return key
}

/**
 * The signed-in person's own preference (never anyone else's: the user comes from the session).
 * A stored value that no longer fits its schema reads as not set.
 */
export async function getPreference({ tx, actor }: Ctx, key: string) {
  const known = knownKey(key)
  const stored = await repo.findPreference(tx, actor.userId, known)
  const parsed = preferenceSchemas[known].safeParse(stored)
  return { key: known, value: parsed.success ? parsed.data : null }
}

export async function putPreference({ tx, actor }: Ctx, key: string, body: unknown) {
  const known = knownKey(key)
  const value = parseWith(preferenceSchemas[known], body)
  await repo.upsertPreference(tx, actor.userId, known, value)
  return { key: known, value }
}

export async function deletePreference({ tx, actor }: Ctx, key: string) {
  const known = knownKey(key)
  await repo.deletePreference(tx, actor.userId, known)
  return { key: known, value: null }
}
