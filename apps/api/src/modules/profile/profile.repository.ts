import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { emailChangeTokens, organizations, users } from '../../db/schema/index.ts'
import { firstLocationZoneOf } from '../../platform/organization-zone.repository.ts'

export async function findProfile(tx: Tx, userId: number) {
  const [row] = await tx
    .select({
      id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      type: users.type,
      createdAt: users.createdAt,
      organization_id: users.organizationId,
      organizationName: organizations.name,
      mh_plan: organizations.mhPlan,
      licensed_spaces: organizations.licensedSpaces,
      time_format: organizations.timeFormat,
      time_zone: firstLocationZoneOf(users.organizationId),
      features: organizations.features,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId))
  return row
}

export async function emailTakenByOther(tx: Tx, email: string, userId: number) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
  return Boolean(row)
}

export async function updateProfile(
  tx: Tx,
  userId: number,
  values: { firstName: string; lastName: string } | { email: string },
) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
}

/** Locks the user's row, so two changes at once cannot both pass the hourly limit. */
export async function lockUser(tx: Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
}

export async function countEmailChangesOfLastHour(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(emailChangeTokens)
    .where(
      and(
        eq(emailChangeTokens.userId, userId),
        gt(emailChangeTokens.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
  return row?.n ?? 0
}

/** A newer change makes every older link of the user useless. */
export async function revokeEmailChanges(tx: Tx, userId: number) {
  await tx
    .update(emailChangeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailChangeTokens.userId, userId), isNull(emailChangeTokens.usedAt)))
}

export async function insertEmailChange(
  tx: Tx,
  values: { tokenHash: string; userId: number; newEmail: string; expiresAt: Date },
) {
  await tx.insert(emailChangeTokens).values(values)
}

/** The address the user's e-mail change waits to be confirmed at, if any. */
export async function pendingEmail(tx: Tx, userId: number): Promise<string | null> {
  const [row] = await tx
    .select({ newEmail: emailChangeTokens.newEmail })
    .from(emailChangeTokens)
    .where(
      and(
        eq(emailChangeTokens.userId, userId),
        isNull(emailChangeTokens.usedAt),
        gt(emailChangeTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(emailChangeTokens.createdAt))
    .limit(1)
  return row?.newEmail ?? null
}

/** Uses the link once: its user and new address, or nothing when it is unknown, used or expired. */
export async function consumeEmailChange(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .update(emailChangeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailChangeTokens.tokenHash, tokenHash),
        isNull(emailChangeTokens.usedAt),
        gt(emailChangeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailChangeTokens.userId, newEmail: emailChangeTokens.newEmail })
  return row
}
