import type { ListQuery } from '@spaceboard/domain'
import { and, asc, count, desc, eq, gt, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client.ts'
import { clients, countries, organizations, sessions, users } from '../../db/schema/index.ts'
import { containsPattern, type ListWindow, orderBy, totalCount } from '../../platform/list.ts'

const creator = alias(users, 'creator')

const fullName = (table: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string>`trim(${table.firstName} || ' ' || ${table.lastName})`

const sortable = {
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  type: users.type,
  organizationName: organizations.name,
  clientName: clients.name,
  created_at: users.createdAt,
  lastLogin: users.lastLogin,
}
export type UserOrder = keyof typeof sortable

export interface UserFilters {
  /** null: every organization (super). */
  organizationId: number | null
  search: string
  clientId?: number | undefined
  excludeInactiveOrganizations?: boolean
  excludeArchived?: boolean
  excludeSuper?: boolean
  userType?: string | undefined
  /** The export leaves out users flagged exclude_from_reporting. */
  forReport?: boolean
}

function filter(f: UserFilters): SQL | undefined {
  const pattern = containsPattern(f.search)
  return and(
    f.organizationId === null ? undefined : eq(users.organizationId, f.organizationId),
    f.search
      ? or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(users.email, pattern),
          ilike(fullName(users), pattern),
          ilike(clients.name, pattern),
        )
      : undefined,
    f.clientId ? eq(users.clientId, f.clientId) : undefined,
    f.excludeInactiveOrganizations
      ? or(isNull(users.organizationId), isNull(organizations.deletedAt))
      : undefined,
    f.excludeArchived ? isNull(users.deletedAt) : undefined,
    f.excludeSuper ? ne(users.type, 'super') : undefined,
    f.userType ? eq(users.type, f.userType) : undefined,
    f.forReport ? eq(users.excludeFromReporting, false) : undefined,
  )
}

const listColumns = {
  id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  type: users.type,
  organization_id: users.organizationId,
  organizationName: organizations.name,
  client_id: users.clientId,
  clientName: clients.name,
  mobile: users.mobile,
  created_at: users.createdAt,
  deleted_at: users.deletedAt,
  lastLogin: users.lastLogin,
}

export function listUsers(
  tx: Tx,
  filters: UserFilters,
  query: ListQuery<UserOrder>,
  window: ListWindow | null,
) {
  const direction = query.direct === 'desc' ? desc : asc
  // The spec's default order: first name, then last name, ascending.
  const order =
    query.order === ''
      ? [direction(users.firstName), direction(users.lastName), direction(users.id)]
      : orderBy(sortable, query, 'first_name', users.id)
  const base = tx
    .select({ ...listColumns, total: totalCount() })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(clients, and(eq(clients.organizationId, users.organizationId), eq(clients.id, users.clientId)))
    .where(filter(filters))
    .orderBy(...order)
  return window ? base.limit(window.limit).offset(window.offset) : base
}

export async function countUsers(tx: Tx, filters: UserFilters) {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(clients, and(eq(clients.organizationId, users.organizationId), eq(clients.id, users.clientId)))
    .where(filter(filters))
  return row?.n ?? 0
}

export interface UserExportRow {
  id: number
  organizationName: string | null
  type: string
  firstName: string
  lastName: string
  email: string
  mobile: string
  clientName: string | null
  clientEmail: string | null
  clientPhone: string | null
  street: string
  city: string
  state: string
  countryName: string | null
  postcode: string
  deletedAt: Date | null
  lastLogin: Date | null
}

/** One batch of the export, after `afterId` (keyset paging keeps memory flat for any size). */
export function exportBatch(
  tx: Tx,
  filters: UserFilters,
  afterId: number,
  size: number,
): Promise<UserExportRow[]> {
  return tx
    .select({
      id: users.id,
      organizationName: organizations.name,
      type: users.type,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      mobile: users.mobile,
      clientName: clients.name,
      clientEmail: clients.contactEmail,
      clientPhone: clients.contactNumber,
      street: users.street,
      city: users.city,
      state: users.state,
      countryName: countries.name,
      postcode: users.postcode,
      deletedAt: users.deletedAt,
      lastLogin: users.lastLogin,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(clients, and(eq(clients.organizationId, users.organizationId), eq(clients.id, users.clientId)))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(and(filter({ ...filters, forReport: true }), gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(size)
}

export async function findUser(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: users.id,
      type: users.type,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      mobile: users.mobile,
      client_id: users.clientId,
      clientName: clients.name,
      clientEmail: clients.contactEmail,
      clientContactNumber: clients.contactNumber,
      clientDeletedAt: clients.deletedAt,
      company_name: users.companyName,
      company_email: users.companyEmail,
      company_phone: users.companyPhone,
      street: users.street,
      city: users.city,
      state: users.state,
      country_id: users.countryId,
      countryName: countries.name,
      postcode: users.postcode,
      organization_id: users.organizationId,
      organizationName: organizations.name,
      created_at: users.createdAt,
      createdByName: fullName(creator),
      deleted_at: users.deletedAt,
      lastLogin: users.lastLogin,
      exclude_from_reporting: users.excludeFromReporting,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(clients, and(eq(clients.organizationId, users.organizationId), eq(clients.id, users.clientId)))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(creator, eq(creator.id, users.createdBy))
    .where(eq(users.id, id))
  return row
}

export async function emailTaken(tx: Tx, email: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1)
  return Boolean(row)
}

export type UserValues = Partial<typeof users.$inferInsert>

export async function insertUser(tx: Tx, values: typeof users.$inferInsert) {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id })
  if (!row) throw new Error('insert returned nothing')
  return row.id
}

export async function updateUser(tx: Tx, id: number, values: UserValues) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
}

export async function setUserArchived(tx: Tx, id: number, archived: boolean) {
  await tx
    .update(users)
    .set({ deletedAt: archived ? sql`now()` : null, updatedAt: sql`now()` })
    .where(eq(users.id, id))
  if (archived) await tx.delete(sessions).where(eq(sessions.userId, id))
}

export async function deleteUser(tx: Tx, id: number) {
  await tx.delete(users).where(eq(users.id, id))
}

export async function findClientOfOrganization(tx: Tx, organizationId: number, clientId: number) {
  const [row] = await tx
    .select({ id: clients.id, name: clients.name, deletedAt: clients.deletedAt })
    .from(clients)
    .where(and(eq(clients.organizationId, organizationId), eq(clients.id, clientId)))
  return row
}

export async function findClientByName(tx: Tx, organizationId: number, name: string) {
  const [row] = await tx
    .select({ id: clients.id, deletedAt: clients.deletedAt })
    .from(clients)
    .where(and(eq(clients.organizationId, organizationId), sql`lower(${clients.name}) = lower(${name})`))
  return row
}

export async function organizationIsActive(tx: Tx, organizationId: number) {
  const [row] = await tx
    .select({ id: organizations.id, paymentMethod: organizations.clientDefaultPaymentMethod })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)))
  return row
}
