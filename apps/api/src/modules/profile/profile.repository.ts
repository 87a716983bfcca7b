import { and, eq, ne, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { centers, organizations, users } from '../../db/schema/index.ts'

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
      // The organization's clock: its first location's (active ones first, then by id), as reports use.
      time_zone: sql<string | null>`(select ${centers.timezoneId} from ${centers}
        where ${centers.organizationId} = ${users.organizationId}
        order by ${centers.deletedAt} is not null, ${centers.id} limit 1)`,
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
  values: { firstName: string; lastName: string; email: string },
) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
}
