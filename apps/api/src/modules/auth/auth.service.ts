import { can, messages, type ResetPasswordInput, type SignInInput, type UserType } from '@spaceboard/domain'
import type { Tx } from '../../db/client.ts'
import type { UserTokenPurpose } from '../../db/schema/index.ts'
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

/**
 * The two doors, each with its own people: staff sign in to the back office; a client's people
 * (basic users of a client that is not archived) to the client portal (issue 44). Whoever comes
 * to the other door is refused as a wrong password is.
 */
export type SignInDoor = 'back-office' | 'portal'

interface UserAtDoor {
  type: string
  hasActiveClient: boolean
}

export function mayEnter(user: UserAtDoor, door: SignInDoor) {
  if (door === 'back-office') return can(user.type as UserType, 'admin.access')
  return can(user.type as UserType, 'portal.access') && user.hasActiveClient
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
  door: SignInDoor,
  input: Pick<SignInInput, 'email' | 'password'>,
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
  if (!user || !passwordMatches || !mayEnter(user, door)) {
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
  if (!user || !mayEnter(user, 'back-office')) return false
  const token = await issueUserToken(tx, 'reset', user.id, RESET_TOKEN_TTL_MS)
  if (!token) return false
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

/**
 * A new single-use token of this purpose for the user, stored hashed, every older unused one of the
 * same purpose revoked; null when the user already had `RESET_MAILS_PER_HOUR` of them this hour.
 */
export async function issueUserToken(tx: Tx, purpose: UserTokenPurpose, userId: number, ttlMs: number) {
  // The user's row is locked so two requests at once cannot both pass the hourly limit.
  await repo.lockUser(tx, userId)
  const recent = await repo.countResetTokensOfLastHour(tx, purpose, userId)
  if (recent >= RESET_MAILS_PER_HOUR) return null
  await repo.revokeResetTokens(tx, purpose, userId)
  const token = newToken()
  await repo.insertResetToken(tx, purpose, hashToken(token), userId, new Date(Date.now() + ttlMs))
  return token
}

/**
 * Uses up the token and returns its user, who must still be allowed through the door (a user
 * archived, or whose type or client changed, since the link was sent gets nothing); otherwise
 * refuses with `invalidMessage`.
 */
async function redeemUserToken(
  tx: Tx,
  purpose: UserTokenPurpose,
  door: SignInDoor,
  token: string,
  invalidMessage: string,
) {
  const consumed = await repo.consumeResetToken(tx, purpose, hashToken(token))
  const user = consumed && (await repo.findActiveUserById(tx, consumed.userId))
  if (!user || !mayEnter(user, door)) throw badRequest(invalidMessage, { token: invalidMessage })
  return user
}

/** Signs in the user of a sign-in link (the portal's, issue 44); the link works once. */
export async function signInWithToken(
  { tx }: AnonymousCtx,
  purpose: UserTokenPurpose,
  door: SignInDoor,
  token: string,
  invalidMessage: string,
  previousSessionId: string | undefined,
) {
  const user = await redeemUserToken(tx, purpose, door, token, invalidMessage)
  await repo.recordLogin(tx, user.id)
  return { userId: user.id, token: await openSession(tx, user.id, previousSessionId) }
}

/** Sets the password of the link's user, ends every other session of the user and signs them in. */
export async function setPasswordWithToken(
  { tx }: AnonymousCtx,
  purpose: UserTokenPurpose,
  door: SignInDoor,
  input: ResetPasswordInput,
  invalidMessage: string,
  previousSessionId: string | undefined,
) {
  const user = await redeemUserToken(tx, purpose, door, input.token, invalidMessage)
  await repo.updatePasswordHash(tx, user.id, await hashPassword(input.password))
  await repo.deleteSessionsOfUser(tx, user.id)
  const token = await openSession(tx, user.id, previousSessionId)
  return { userId: user.id, token }
}

/** Sets the new password of a back-office reset link, ends every other session of the user and signs them in. */
export function resetPassword(
  ctx: AnonymousCtx,
  input: ResetPasswordInput,
  previousSessionId: string | undefined,
) {
  return setPasswordWithToken(
    ctx,
    'reset',
    'back-office',
    input,
    messages.resetTokenInvalid,
    previousSessionId,
  )
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
