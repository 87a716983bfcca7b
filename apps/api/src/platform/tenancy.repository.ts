import { messages } from '@spaceboard/domain'
import { and, eq, isNull } from 'drizzle-orm'
import type { Tx } from '../db/client.ts'
import { organizations } from '../db/schema/index.ts'
import type { Ctx } from './context.ts'
import { fieldError } from './errors.ts'
import { organizationForWrite } from './tenancy.ts'

async function activeOrganizationExists(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, id), isNull(organizations.deletedAt)))
  return Boolean(row)
}

/**
 * The organization a new record belongs to (see organizationForWrite). A super user's choice must be
 * an existing, active organization: otherwise the field error "Select an Organization", never a
 * foreign-key 409 that says nothing.
 */
export async function organizationForCreate(
  { actor, tx }: Ctx,
  requested: number | undefined | null,
): Promise<number> {
  const organizationId = organizationForWrite(actor, requested)
  if (actor.type === 'super' && !(await activeOrganizationExists(tx, organizationId))) {
    throw fieldError('organization_id', messages.selectOrganization)
  }
  return organizationId
}
