import { count, eq } from 'drizzle-orm'
import type { Tx } from '../client.ts'
import { clientTypes, organizationClientTypes } from '../schema/index.ts'

/** The shared default client types. 'Standard' comes first: a new organization starts with id 1. */
export const defaultClientTypes = ['Standard', 'Corporate', 'Not for Profit'] as const

/**
 * Reference data, on a database that has no default client types yet (checked on its own, so a
 * database seeded before client types existed gets them too).
 */
export async function seedDefaultClientTypes(tx: Tx) {
  const [existing] = await tx.select({ n: count() }).from(clientTypes).where(eq(clientTypes.isDefault, true))
  if ((existing?.n ?? 0) > 0) return
  // One by one, so the ids follow the list's order.
  for (const name of defaultClientTypes) await tx.insert(clientTypes).values({ name, isDefault: true })
}

const demoClientTypes: Record<string, readonly string[]> = {
  'Harbour Workspaces': ['Coworking Member', 'Virtual Office'],
  'Summit Business Centres': ['Government', 'Enterprise Partner'],
  'Lagoon Coworking': ['Startup'],
}

/** Each demo organization's own client types; it uses those and the shared defaults. */
export async function seedDemoClientTypes(tx: Tx, organizationIds: ReadonlyMap<string, number>) {
  const defaults = await tx
    .select({ id: clientTypes.id })
    .from(clientTypes)
    .where(eq(clientTypes.isDefault, true))
  for (const [name, organizationId] of organizationIds) {
    const names = demoClientTypes[name] ?? []
    const own = names.length
      ? await tx
          .insert(clientTypes)
          .values(names.map((typeName) => ({ name: typeName, organizationId })))
          .returning({ id: clientTypes.id })
      : []
    const used = [...defaults, ...own]
    if (used.length === 0) continue
    await tx
      .insert(organizationClientTypes)
      .values(used.map(({ id }) => ({ organizationId, clientTypeId: id })))
      .onConflictDoNothing()
  }
}
