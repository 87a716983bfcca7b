import {
  type EmailConfirmation,
  messages,
  type Profile,
  type ProfileUpdate,
  type UserType,
} from '@spaceboard/domain'
import type { Tx } from '../../db/client.ts'
import type { AnonymousCtx, Ctx } from '../../platform/context.ts'
import { badRequest, conflict, HttpError, isUniqueViolation, notFound } from '../../platform/errors.ts'
import type { Mailer } from '../../platform/mail.ts'
import { hashToken, newToken } from '../../platform/tokens.ts'
import { findActiveUserById } from '../auth/auth.repository.ts'
import { escapeHtml } from '../booking-mails/render.ts'
import * as repo from './profile.repository.ts'

/** How long the link of an e-mail change works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000
/** E-mail changes a user may ask for per hour: each one sends two mails. */
export const EMAIL_CHANGES_PER_HOUR = 5

export interface EmailChangeDeps {
  mailer: Mailer
  publicUrl: string
}

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
    pending_email: await repo.pendingEmail(tx, userId),
  }
}

export function getProfile({ tx, actor }: Ctx) {
  return profileOf(tx, actor.userId)
}

/**
 * Saves the names at once. A new e-mail address is only asked for (issue 42 item 18): the answer
 * is the same whether or not the address has an account somewhere, so it tells nobody which
 * addresses do. A single-use link goes to the new address and a notice to the current one; the
 * address changes when the link is followed (confirmEmailChange).
 */
export async function updateProfile({ tx, actor }: Ctx, deps: EmailChangeDeps, input: ProfileUpdate) {
  await repo.updateProfile(tx, actor.userId, { firstName: input.first_name, lastName: input.last_name })
  const current = await profileOf(tx, actor.userId)
  const unchanged = input.email.toLowerCase() === current.email.toLowerCase()
  if (unchanged && input.email !== current.email) {
    // Only its case differs: the same mailbox, and no other account can hold it.
    await repo.updateProfile(tx, actor.userId, { email: input.email })
    return profileOf(tx, actor.userId)
  }
  if (unchanged) return current
  await repo.lockUser(tx, actor.userId)
  if ((await repo.countEmailChangesOfLastHour(tx, actor.userId)) >= EMAIL_CHANGES_PER_HOUR)
    throw new HttpError(429, messages.emailChangesRateLimited)
  await repo.revokeEmailChanges(tx, actor.userId)
  const token = newToken()
  await repo.insertEmailChange(tx, {
    tokenHash: hashToken(token),
    userId: actor.userId,
    newEmail: input.email,
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
  })
  const link = `${deps.publicUrl}/admin/confirm-email?token=${token}`
  const newAddress = escapeHtml(input.email)
  await deps.mailer.send(
    tx,
    {
      to: input.email,
      subject: 'Confirm your new Spaceboard e-mail address',
      text: `Someone signed in to Spaceboard asked to use this address for their account.\n\nOpen this link within 24 hours to confirm it:\n${link}\n\nIf it was not you, ignore this e-mail: nothing changes.`,
      html: `<p>Someone signed in to Spaceboard asked to use this address for their account.</p><p><a href="${link}">Confirm this e-mail address</a> (the link works once, within 24 hours).</p><p>If it was not you, ignore this e-mail: nothing changes.</p>`,
    },
    {
      to: current.email,
      subject: 'Your Spaceboard e-mail address is being changed',
      text: `Someone signed in to your Spaceboard account asked to change its e-mail address to ${input.email}.\n\nIt changes only when the link sent to that address is followed. If it was not you, change your password and tell your administrator.`,
      html: `<p>Someone signed in to your Spaceboard account asked to change its e-mail address to ${newAddress}.</p><p>It changes only when the link sent to that address is followed. If it was not you, change your password and tell your administrator.</p>`,
    },
  )
  return { ...current, pending_email: input.email }
}

/**
 * Follows the link of an e-mail change: once, before it expires, and for a user still active. An
 * address taken since is refused to the link's holder only (who owns that address).
 */
export async function confirmEmailChange({ tx }: AnonymousCtx, input: EmailConfirmation) {
  const change = await repo.consumeEmailChange(tx, hashToken(input.token))
  const user = change && (await findActiveUserById(tx, change.userId))
  if (!change || !user)
    throw badRequest(messages.emailChangeLinkInvalid, { token: messages.emailChangeLinkInvalid })
  if (await repo.emailTakenByOther(tx, change.newEmail, change.userId))
    throw conflict(messages.emailAlreadyExist, { email: messages.emailAlreadyExist })
  try {
    await repo.updateProfile(tx, change.userId, { email: change.newEmail })
  } catch (error) {
    // Taken by another account between the check and this write.
    if (isUniqueViolation(error, 'users_email_unique'))
      throw conflict(messages.emailAlreadyExist, { email: messages.emailAlreadyExist })
    throw error
  }
  return { message: messages.emailChanged(change.newEmail), email: change.newEmail }
}
