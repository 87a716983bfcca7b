import type { ListQuery } from '@spaceboard/domain'
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { preparedQueries } from '../../db/prepared.ts'
import {
  clientClientTypes,
  clientGratisLog,
  clients,
  clientTypes,
  organizations,
  sessions,
  users,
} from '../../db/schema/index.ts'
import {
  containsPattern,
  type ListWindow,
  orderBy,
  scopedListPage,
  totalCountWhen,
} from '../../platform/list.ts'

const registeredUser =
  sql<number>`(select count(*) from ${users} where ${users.organizationId} = ${clients.organizationId} and ${users.clientId} = ${clients.id} and ${users.deletedAt} is null)`.mapWith(
    Number,
  )
const alterUserName = sql<
  string | null
>`(select trim(${users.firstName} || ' ' || ${users.lastName}) from ${users} where ${users.id} = ${clients.createdBy})`

const sortable = {
  external_client_id: clients.externalClientId,
  organizationName: organizations.name,
  name: clients.name,
  registeredUser,
  alterUserName,
}
export type ClientOrder = keyof typeof sortable

interface FilterShape {
  organization: boolean
  search: boolean
}

function filter(shape: FilterShape): SQL | undefined {
  const pattern = sql.placeholder('pattern')
  return and(
    shape.organization ? eq(clients.organizationId, sql.placeholder('organizationId')) : undefined,
    shape.search
      ? or(
          ilike(clients.name, pattern),
          ilike(clients.externalClientId, pattern),
          ilike(clients.contactEmail, pattern),
        )
      : undefined,
  )
}

const pageOfClients = preparedQueries(
  'client_list',
  (tx, shape: FilterShape & Pick<ListQuery<ClientOrder>, 'order' | 'direct'> & { window: boolean }) => {
    const base = tx
      .select({
        id: clients.id,
        external_client_id: clients.externalClientId,
        organization_id: clients.organizationId,
        organizationName: organizations.name,
        name: clients.name,
        registeredUser,
        alterUserName,
        deleted_at: clients.deletedAt,
        total: totalCountWhen(shape.search),
      })
      .from(clients)
      .innerJoin(organizations, eq(organizations.id, clients.organizationId))
      .where(filter(shape))
      .orderBy(...orderBy(sortable, shape, 'name', clients.id))
      .$dynamic()
    return shape.window ? base.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : base
  },
)

/** A page of clients; without a search, its total is counted apart (countClients) when the page does not tell it. */
export function listClients(
  tx: Tx,
  organizationId: number | null,
  query: ListQuery<ClientOrder>,
  window: ListWindow | null,
) {
  const { shape, values } = scopedListPage(organizationId, query, window)
  return pageOfClients(tx, shape, values)
}

/** The filtered clients counted on clients alone (the page's joins and user counts left out). */
const clientsCount = preparedQueries('client_count', (tx, shape: FilterShape) =>
  tx.select({ n: count() }).from(clients).where(filter(shape)),
)

export async function countClients(tx: Tx, organizationId: number | null, search: string) {
  const [row] = await clientsCount(
    tx,
    { organization: organizationId !== null, search: Boolean(search) },
    { organizationId, pattern: containsPattern(search) },
  )
  return row?.n ?? 0
}

/** Active clients for pickers. */
export function listClientOptions(tx: Tx, organizationId: number | null) {
  return tx
    .select({ id: clients.id, name: clients.name, organization_id: clients.organizationId })
    .from(clients)
    .where(
      and(
        isNull(clients.deletedAt),
        organizationId === null ? undefined : eq(clients.organizationId, organizationId),
      ),
    )
    .orderBy(asc(clients.name))
}

export async function findClient(tx: Tx, id: number) {
  const [row] = await tx
    .select({ client: clients, organizationName: organizations.name, registeredUser, alterUserName })
    .from(clients)
    .innerJoin(organizations, eq(organizations.id, clients.organizationId))
    .where(eq(clients.id, id))
  return row
}

export async function clientNameTaken(tx: Tx, organizationId: number, name: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.organizationId, organizationId),
        sql`lower(${clients.name}) = lower(${name})`,
        exceptId ? sql`${clients.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1)
  return Boolean(row)
}

export type ClientValues = typeof clients.$inferInsert

export async function insertClient(tx: Tx, values: ClientValues) {
  const [row] = await tx.insert(clients).values(values).returning({ id: clients.id })
  if (!row) throw new Error('insert returned nothing')
  return row.id
}

export async function updateClient(tx: Tx, id: number, values: Partial<ClientValues>) {
  await tx
    .update(clients)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(clients.id, id))
}

export async function listClientTypeIds(tx: Tx, clientId: number) {
  const rows = await tx
    .select({ id: clientClientTypes.clientTypeId })
    .from(clientClientTypes)
    .where(eq(clientClientTypes.clientId, clientId))
  return rows.map((r) => r.id)
}

export async function addClientTypes(tx: Tx, organizationId: number, clientId: number, typeIds: number[]) {
  if (typeIds.length === 0) return
  await tx
    .insert(clientClientTypes)
    .values(typeIds.map((clientTypeId) => ({ organizationId, clientId, clientTypeId })))
    .onConflictDoNothing()
}

export async function removeClientTypes(tx: Tx, clientId: number, typeIds: number[]) {
  if (typeIds.length === 0) return
  await tx
    .delete(clientClientTypes)
    .where(and(eq(clientClientTypes.clientId, clientId), inArray(clientClientTypes.clientTypeId, typeIds)))
}

/** Archives the client and all its users, whose sessions end at once. */
export async function archiveClientAndUsers(tx: Tx, organizationId: number, clientId: number) {
  await tx
    .update(clients)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(clients.id, clientId))
  const archived = await tx
    .update(users)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(eq(users.organizationId, organizationId), eq(users.clientId, clientId), isNull(users.deletedAt)),
    )
    .returning({ id: users.id })
  if (archived.length) {
    await tx.delete(sessions).where(
      inArray(
        sessions.userId,
        archived.map((u) => u.id),
      ),
    )
  }
}

/** Restores the client and all its users. */
export async function restoreClientAndUsers(tx: Tx, organizationId: number, clientId: number) {
  await tx.update(clients).set({ deletedAt: null, updatedAt: sql`now()` }).where(eq(clients.id, clientId))
  await tx
    .update(users)
    .set({ deletedAt: null, updatedAt: sql`now()` })
    .where(and(eq(users.organizationId, organizationId), eq(users.clientId, clientId)))
}

export function gratisLog(tx: Tx, organizationId: number, clientId: number) {
  return tx
    .select({
      usedMonth: clientGratisLog.usedMonth,
      usedMinutes: clientGratisLog.usedMinutes,
      refundedMinutes: clientGratisLog.refundedMinutes,
    })
    .from(clientGratisLog)
    .where(and(eq(clientGratisLog.organizationId, organizationId), eq(clientGratisLog.clientId, clientId)))
    .orderBy(desc(clientGratisLog.usedMonth))
}

/** The shared default client types (preselected for a new client). */
export async function defaultClientTypeIds(tx: Tx) {
  const rows = await tx
    .select({ id: clientTypes.id })
    .from(clientTypes)
    .where(eq(clientTypes.isDefault, true))
  return rows.map((r) => r.id)
}

export async function organizationPlan(tx: Tx, organizationId: number) {
  const [row] = await tx
    .select({ plan: organizations.mhPlan })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return row?.plan
}
