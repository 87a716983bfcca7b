import { messages, type Profile, type ProfileUpdate, type UserType } from '@spaceboard/domain'
import type { Tx } from '../../db/client.ts'
import type { Ctx } from '../../platform/context.ts'
import { fieldError, notFound } from '../../platform/errors.ts'
import * as repo from './profile.repository.ts'

export async function profileOf(tx: Tx, userId: number): Promise<Profile> {
  const row = await repo.findProfile(tx, userId)
  if (!row) throw notFound()
  return {
    ...row,
    type: row.type as UserType,
    createdAt: row.createdAt.toISOString(),
    mh_plan: row.mh_plan ?? null,
    licensed_spaces: row.licensed_spaces ?? null,
    time_format: row.time_format === 'mm/dd' ? 'mm/dd' : 'dd/mm',
    organizationName: row.organizationName ?? null,
    time_zone: row.time_zone ?? 'UTC',
    features: row.features ?? {},
  }
}

export function getProfile({ tx, actor }: Ctx) {
  return profileOf(tx, actor.userId)
}

export async function updateProfile({ tx, actor }: Ctx, input: ProfileUpdate) {
  if (await repo.emailTakenByOther(tx, input.email, actor.userId)) {
    throw fieldError('email', messages.emailAlreadyExist)
  }
  await repo.updateProfile(tx, actor.userId, {
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
  })
  return profileOf(tx, actor.userId)
}
