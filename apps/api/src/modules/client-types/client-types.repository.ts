import type { ListQuery } from '@spaceboard/domain'
import { and, count, eq, ilike, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { preparedQueries } from '../../db/prepared.ts'
import { clientTypes, organizationClientTypes, organizations } from '../../db/schema/index.ts'
import { containsPattern, type ListWindow, orderBy, scopedListPage, totalCount } from '../../platform/list.ts'
import { countUses } from '../../platform/usage.repository.ts'

const columns = {
  id: clientTypes.id,
  name: clientTypes.name,
  is_default: clientTypes.isDefault,
  organization_id: clientTypes.organizationId,
  organizationName: organizations.name,
  updated_at: clientTypes.updatedAt,
}
const sortable = { name: clientTypes.name, updated_at: clientTypes.updatedAt }
export type ClientTypeOrder = keyof typeof sortable

/**
 * The client types an organization sees: the shared defaults and its own. `null` is every
 * organization's (super without a filter).
 */
function visibleTo(organizationId: number | Placeholder | null): SQL | undefined {
  if (organizationId === null) return undefined
  return or(isNull(clientTypes.organizationId), eq(clientTypes.organizationId, organizationId))
}

interface FilterShape {
  organization: boolean
  search: boolean
}

function filter(shape: FilterShape) {
  return and(
    visibleTo(shape.organization ? sql.placeholder('organizationId') : null),
    shape.search ? ilike(clientTypes.name, sql.placeholder('pattern')) : undefined,
  )
}

const pageOfClientTypes = preparedQueries(
  'client_type_list',
  (tx, shape: FilterShape & Pick<ListQuery<ClientTypeOrder>, 'order' | 'direct'> & { window: boolean }) => {
    const base = tx
      .select({ ...columns, total: totalCount() })
      .from(clientTypes)
      .leftJoin(organizations, eq(organizations.id, clientTypes.organizationId))
      .where(filter(shape))
      .orderBy(...orderBy(sortable, shape, 'name', clientTypes.id))
      .$dynamic()
    return shape.window ? base.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : base
  },
)

export function listClientTypes(
  tx: Tx,
  organizationId: number | null,
  query: ListQuery<ClientTypeOrder>,
  window: ListWindow | null,
) {
  const { shape, values } = scopedListPage(organizationId, query, window)
  return pageOfClientTypes(tx, shape, values)
}

export async function countClientTypes(tx: Tx, organizationId: number | null, search: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(clientTypes)
    .where(filter({ organization: organizationId !== null, search: Boolean(search) }))
    .execute({ organizationId, pattern: containsPattern(search) })
  return row?.n ?? 0
}

/** One client type, if the organization sees it (`null`: any). */
export async function findClientType(tx: Tx, id: number, organizationId: number | null) {
  const [row] = await tx
    .select(columns)
    .from(clientTypes)
    .leftJoin(organizations, eq(organizations.id, clientTypes.organizationId))
    .where(and(eq(clientTypes.id, id), visibleTo(organizationId)))
  return row
}

/** Inserts an organization's own client type; the organization uses it from now on. */
export async function insertClientType(tx: Tx, organizationId: number, name: string) {
  const [row] = await tx
    .insert(clientTypes)
    .values({ organizationId, name, isDefault: false })
    .returning({ id: clientTypes.id })
  if (!row) throw new Error('insert returned nothing')
  await tx
    .insert(organizationClientTypes)
    .values({ organizationId, clientTypeId: row.id })
    .onConflictDoNothing()
  return row.id
}

/** Renames a client type; default ones are never changed. */
export async function updateClientType(tx: Tx, id: number, name: string) {
  const [row] = await tx
    .update(clientTypes)
    .set({ name, updatedAt: sql`now()` })
    .where(and(eq(clientTypes.id, id), eq(clientTypes.isDefault, false)))
    .returning({ id: clientTypes.id })
  return row
}

/** Deletes a non-default client type; organization_client_types rows go with it (FK cascade). */
export async function deleteClientType(tx: Tx, id: number) {
  // The organizations' lists of offered types go with it (its own organization's, added at create).
  await tx.delete(organizationClientTypes).where(eq(organizationClientTypes.clientTypeId, id))
  const [row] = await tx
    .delete(clientTypes)
    .where(and(eq(clientTypes.id, id), eq(clientTypes.isDefault, false)))
    .returning({ id: clientTypes.id })
  return row
}

/** Whether the name (in any case) is taken by a type the organization sees: its own or a shared default. */
export async function clientTypeNameTaken(tx: Tx, organizationId: number, name: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: clientTypes.id })
    .from(clientTypes)
    .where(
      and(
        visibleTo(organizationId),
        sql`lower(${clientTypes.name}) = lower(${name})`,
        exceptId ? sql`${clientTypes.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1)
  return Boolean(row)
}

/** What points at a client type: the clients of that type. */
export function clientTypeUses(tx: Tx, id: number) {
  return countUses(tx, {
    clients: sql`select count(distinct "client_id") from "client_client_types" where "client_type_id" = ${id}`,
  })
}
