import { can, messages, type ResetPasswordInput, type SignInInput, type UserType } from '@spaceboard/domain'
import type { Tx } from '../../db/client.ts'
import type { AnonymousCtx } from '../../platform/context.ts'
import { badRequest, HttpError } from '../../platform/errors.ts'
import type { Mailer } from '../../platform/mail.ts'
import { hashPassword, verifyPassword } from '../../platform/passwords.ts'
import { hashToken, newToken } from '../../platform/tokens.ts'
import * as repo from './auth.repository.ts'

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000
const FAILURE_WINDOW_MS = 15 * 60 * 1000
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000
/** Reset mails per account per hour, whoever asks and from whatever IP (OWASP ASVS 5.0 §6.4). */
export const RESET_MAILS_PER_HOUR = 3

export interface AuthSettings {
  publicUrl: string
  signInFailuresPerAccount: number
  signInFailuresPerIp: number
}

/** Opens a session for the user; returns the token for the cookie. The previous session, if any, ends (rotation). */
async function openSession(tx: Tx, userId: number, previousSessionId: string | undefined) {
  if (previousSessionId) await repo.deleteSession(tx, previousSessionId)
  const token = newToken()
  await repo.insertSession(tx, hashToken(token), userId, new Date(Date.now() + SESSION_TTL_MS))
  return token
}

export async function signIn(
  { tx }: AnonymousCtx,
  settings: AuthSettings,
  input: SignInInput,
  ip: string,
  previousSessionId: string | undefined,
) {
  const now = Date.now()
  const failures = await repo.countRecentFailures(tx, input.email, ip, new Date(now - FAILURE_WINDOW_MS))
  if (
    failures.byEmail >= settings.signInFailuresPerAccount ||
    failures.byIp >= settings.signInFailuresPerIp
  ) {
    throw new HttpError(429, messages.signInRateLimited)
  }
  const user = await repo.findActiveUserByEmail(tx, input.email)
  const passwordMatches = await verifyPassword(user?.passwordHash, input.password)
  // The back office (backend: 1) is for staff; basic users are customers of the booking site.
  if (!user || !passwordMatches || !can(user.type as UserType, 'admin.access')) {
    await repo.insertFailure(tx, input.email, ip)
    // Committed on purpose even though the request fails: the caller commits this transaction.
    return { ok: false as const }
  }
  await repo.clearFailures(tx, input.email)
  await repo.pruneFailures(tx, new Date(now - FAILURE_WINDOW_MS))
  await repo.recordLogin(tx, user.id)
  const token = await openSession(tx, user.id, previousSessionId)
  return { ok: true as const, userId: user.id, token }
}

export async function signOut({ tx }: AnonymousCtx, sessionId: string | undefined) {
  if (sessionId) await repo.deleteSession(tx, sessionId)
}

export async function requestPasswordReset(
  { tx }: AnonymousCtx,
  settings: AuthSettings,
  mailer: Mailer,
  email: string,
) {
  const user = await repo.findActiveUserByEmail(tx, email)
  // Only staff may sign in to the back office, so only they get a back-office reset link.
  if (!user || !can(user.type as UserType, 'admin.access')) return false
  // The user's row is locked so two requests at once cannot both pass the hourly limit.
  await repo.lockUser(tx, user.id)
  const recent = await repo.countResetTokensOfLastHour(tx, user.id)
  if (recent >= RESET_MAILS_PER_HOUR) return false
  // A new link makes every older one useless.
  await repo.revokeResetTokens(tx, user.id)
  const token = newToken()
  await repo.insertResetToken(tx, hashToken(token), user.id, new Date(Date.now() + RESET_TOKEN_TTL_MS))
  const link = `${settings.publicUrl}/admin/reset-password?token=${token}`
  await mailer.send(tx, {
    // The address on record: a lookalike the caller typed (case, Unicode case folding) gets nothing.
    to: user.email,
    subject: 'Reset your Spaceboard password',
    text: `Someone asked to reset the password of your Spaceboard account.\n\nOpen this link within one hour to choose a new password:\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
    html: `<p>Someone asked to reset the password of your Spaceboard account.</p><p><a href="${link}">Choose a new password</a> (the link works once, within one hour).</p><p>If it was not you, ignore this e-mail: your password stays as it is.</p>`,
  })
  return true
}

/** Sets the new password, ends every other session of the user and signs them in. */
export async function resetPassword(
  { tx }: AnonymousCtx,
  input: ResetPasswordInput,
  previousSessionId: string | undefined,
) {
  const consumed = await repo.consumeResetToken(tx, hashToken(input.token))
  // A user archived (or no longer staff) since the link was sent gets neither a new password nor a session.
  const user = consumed && (await repo.findActiveUserById(tx, consumed.userId))
  if (!user || !can(user.type as UserType, 'admin.access')) {
    throw badRequest(messages.resetTokenInvalid, { token: messages.resetTokenInvalid })
  }
  await repo.updatePasswordHash(tx, user.id, await hashPassword(input.password))
  await repo.deleteSessionsOfUser(tx, user.id)
  const token = await openSession(tx, user.id, previousSessionId)
  return { userId: user.id, token }
}

/** The sessions of `sessionIds` that are still open, with their expiry (a live stream ends with its session). */
export function openSessions(tx: Tx, sessionIds: string[]): Promise<Map<string, number>> {
  return repo.findOpenSessions(tx, sessionIds)
}

/** Resolves the actor of a session (its hashed token), sliding the expiry forward when half of it has passed. */
export async function actorForSession(tx: Tx, sessionId: string) {
  const row = await repo.findActorBySession(tx, sessionId)
  if (!row) return null
  if (row.expiresAt.getTime() - Date.now() < SESSION_TTL_MS / 2) {
    await repo.extendSession(tx, sessionId, new Date(Date.now() + SESSION_TTL_MS))
  }
  return { userId: row.userId, type: row.type, organizationId: row.organizationId, sessionId }
}
