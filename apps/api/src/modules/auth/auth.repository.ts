import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { preparedQuery } from '../../db/prepared.ts'
import { organizations, passwordResetTokens, sessions, signInFailures, users } from '../../db/schema/index.ts'

/** Users who may hold a session: not archived, and not in an archived organization. */
const activeUser = and(isNull(users.deletedAt), isNull(organizations.deletedAt))

export async function findActiveUserByEmail(tx: Tx, email: string) {
  const [row] = await tx
    .select({ id: users.id, type: users.type, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(sql`lower(${users.email}) = lower(${email})`, activeUser))
  return row
}

export async function findActiveUserById(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ id: users.id, type: users.type })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(users.id, userId), activeUser))
  return row
}

/** Before every API request: built once (db/prepared.ts) and planned once per connection. */
const actorBySession = preparedQuery('actor_by_session', (tx) =>
  tx
    .select({
      userId: users.id,
      type: users.type,
      organizationId: users.organizationId,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(eq(sessions.id, sql.placeholder('sessionId')), gt(sessions.expiresAt, sql`now()`), activeUser),
    ),
)

export async function findActorBySession(tx: Tx, sessionId: string) {
  const [row] = await actorBySession(tx, { sessionId })
  return row
}

/**
 * Which of these sessions are still open (not expired, signed out or revoked, and their user and
 * organization not archived), each with when it expires (ms since the epoch).
 */
export async function findOpenSessions(tx: Tx, sessionIds: string[]): Promise<Map<string, number>> {
  if (sessionIds.length === 0) return new Map()
  const rows = await tx
    .select({ id: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, sql`now()`), activeUser))
  return new Map(rows.map((row) => [row.id, row.expiresAt.getTime()]))
}

export async function insertSession(tx: Tx, id: string, userId: number, expiresAt: Date) {
  await tx.insert(sessions).values({ id, userId, expiresAt })
}

export async function extendSession(tx: Tx, id: string, expiresAt: Date) {
  await tx.update(sessions).set({ expiresAt }).where(eq(sessions.id, id))
}

export async function deleteSession(tx: Tx, id: string) {
  await tx.delete(sessions).where(eq(sessions.id, id))
}

export async function deleteSessionsOfUser(tx: Tx, userId: number) {
  await tx.delete(sessions).where(eq(sessions.userId, userId))
}

export async function recordLogin(tx: Tx, userId: number) {
  await tx.update(users).set({ lastLogin: sql`now()` }).where(eq(users.id, userId))
}

export async function countRecentFailures(tx: Tx, email: string, ip: string, since: Date) {
  const [row] = await tx
    .select({
      byEmail: sql<number>`count(*) filter (where lower(${signInFailures.email}) = lower(${email}))`.mapWith(
        Number,
      ),
      byIp: sql<number>`count(*) filter (where ${signInFailures.ip} = ${ip})`.mapWith(Number),
    })
    .from(signInFailures)
    .where(
      and(
        gt(signInFailures.at, since),
        or(sql`lower(${signInFailures.email}) = lower(${email})`, eq(signInFailures.ip, ip)),
      ),
    )
  return row ?? { byEmail: 0, byIp: 0 }
}

export async function insertFailure(tx: Tx, email: string, ip: string) {
  await tx.insert(signInFailures).values({ email: email.toLowerCase(), ip })
}

export async function clearFailures(tx: Tx, email: string) {
  await tx.delete(signInFailures).where(sql`lower(${signInFailures.email}) = lower(${email})`)
}

export async function pruneFailures(tx: Tx, before: Date) {
  await tx.delete(signInFailures).where(lt(signInFailures.at, before))
}

export async function insertResetToken(tx: Tx, tokenHash: string, userId: number, expiresAt: Date) {
  await tx.insert(passwordResetTokens).values({ tokenHash, userId, expiresAt })
}

export async function lockUser(tx: Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
}

/** Reset tokens made for the user in the last hour, used or not: what the hourly mail limit counts. */
export async function countResetTokensOfLastHour(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        gt(passwordResetTokens.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
  return row?.n ?? 0
}

/** Ends every unused reset token of the user (a newer link replaces them). */
export async function revokeResetTokens(tx: Tx, userId: number) {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
}

/** Marks the token used and returns its user, in one statement so a token works once only. */
export async function consumeResetToken(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResetTokens.userId })
  return row
}

export async function updatePasswordHash(tx: Tx, userId: number, passwordHash: string) {
  await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId))
}
