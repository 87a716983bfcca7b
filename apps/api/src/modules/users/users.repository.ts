import type { ListQuery } from '@spaceboard/domain'
import { and, asc, count, desc, eq, gt, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client.ts'
import { preparedQueries } from '../../db/prepared.ts'
import { clients, countries, organizations, sessions, users } from '../../db/schema/index.ts'
import { containsPattern, type ListWindow, orderBy, totalCountWhen } from '../../platform/list.ts'
import { countUses } from '../../platform/usage.repository.ts'

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

/** Which filters apply: a prepared statement per shape, the values as placeholders. */
function filterShape(f: UserFilters) {
  return {
    organization: f.organizationId !== null,
    search: Boolean(f.search),
    client: Boolean(f.clientId),
    excludeInactiveOrganizations: Boolean(f.excludeInactiveOrganizations),
    excludeArchived: Boolean(f.excludeArchived),
    excludeSuper: Boolean(f.excludeSuper),
    userType: Boolean(f.userType),
    forReport: Boolean(f.forReport),
  }
}
type FilterShape = ReturnType<typeof filterShape>

function filterValues(f: UserFilters) {
  return {
    organizationId: f.organizationId,
    pattern: containsPattern(f.search),
    clientId: f.clientId,
    userType: f.userType,
  }
}

/** The filter; it reads organizations and clients only for a search or excludeInactiveOrganizations. */
function filter(shape: FilterShape): SQL | undefined {
  const pattern = sql.placeholder('pattern')
  return and(
    shape.organization ? eq(users.organizationId, sql.placeholder('organizationId')) : undefined,
    shape.search
      ? or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(users.email, pattern),
          ilike(fullName(users), pattern),
          ilike(clients.name, pattern),
        )
      : undefined,
    shape.client ? eq(users.clientId, sql.placeholder('clientId')) : undefined,
    shape.excludeInactiveOrganizations
      ? or(isNull(users.organizationId), isNull(organizations.deletedAt))
      : undefined,
    shape.excludeArchived ? isNull(users.deletedAt) : undefined,
    shape.excludeSuper ? ne(users.type, 'super') : undefined,
    shape.userType ? eq(users.type, sql.placeholder('userType')) : undefined,
    shape.forReport ? eq(users.excludeFromReporting, false) : undefined,
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

const pageOfUsers = preparedQueries(
  'user_list',
  (tx, shape: FilterShape & Pick<ListQuery<UserOrder>, 'order' | 'direct'> & { window: boolean }) => {
    const direction = shape.direct === 'desc' ? desc : asc
    // The spec's default order: first name, then last name, ascending.
    const order =
      shape.order === ''
        ? [direction(users.firstName), direction(users.lastName), direction(users.id)]
        : orderBy(sortable, shape, 'first_name', users.id)
    const base = tx
      .select({ ...listColumns, total: totalCountWhen(shape.search) })
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .leftJoin(
        clients,
        and(eq(clients.organizationId, users.organizationId), eq(clients.id, users.clientId)),
      )
      .where(filter(shape))
      .orderBy(...order)
      .$dynamic()
    return shape.window ? base.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : base
  },
)

/** A page of users; without a search, its total is counted apart (countUsers) when the page does not tell it. */
export function listUsers(
  tx: Tx,
  filters: UserFilters,
  query: ListQuery<UserOrder>,
  window: ListWindow | null,
) {
  return pageOfUsers(
    tx,
    { ...filterShape(filters), order: query.order, direct: query.direct, window: Boolean(window) },
    { ...filterValues(filters), limit: window?.limit, offset: window?.offset },
  )
}

/**
 * The filtered users counted on users alone: organizations and clients are joined only when the
 * filter reads them (a search, excludeInactiveOrganizations), and both are joined on their keys,
 * so they never change the count.
 */
const usersCount = preparedQueries('user_count', (tx, shape: FilterShape) => {
  const base = tx.select({ n: count() }).from(users).$dynamic()
  const joined =
    shape.search || shape.excludeInactiveOrganizations
      ? base
          .leftJoin(organizations, eq(organizations.id, users.organizationId))
          .leftJoin(
            clients,
            and(eq(clients.organizationId, users.organizationId), eq(clients.id, users.clientId)),
          )
      : base
  return joined.where(filter(shape))
})

export async function countUsers(tx: Tx, filters: UserFilters) {
  const [row] = await usersCount(tx, filterShape(filters), filterValues(filters))
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
    .where(and(filter(filterShape({ ...filters, forReport: true })), gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(size)
    .execute(filterValues(filters))
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

/** Whether a user other than `exceptId` has the email; within one organization when `organizationId` is given. */
export async function emailTaken(tx: Tx, email: string, exceptId?: number, organizationId?: number) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        exceptId ? ne(users.id, exceptId) : undefined,
        organizationId === undefined ? undefined : eq(users.organizationId, organizationId),
      ),
    )
    .limit(1)
  return Boolean(row)
}

export async function passwordHashOf(tx: Tx, id: number) {
  const [row] = await tx.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id))
  return row?.hash
}

/** Sets the password and ends every session of the user but `keepSessionId` (the caller's own). */
export async function setPassword(tx: Tx, id: number, passwordHash: string, keepSessionId: string) {
  await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, id))
  await tx.delete(sessions).where(and(eq(sessions.userId, id), ne(sessions.id, keepSessionId)))
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

/** What points at a user: bookings they are the user of, made, amended, cancelled or refunded. */
export function userUses(tx: Tx, id: number) {
  return countUses(tx, {
    bookings: sql`select count(*) from (
        select "id" from "bookings"
          where ${id} in ("user_id", "submitted_by", "rate_modified_by", "cancelled_by")
        union select "booking_id" from "booking_room_refunds" where "created_by" = ${id}
        union select "booking_id" from "booking_additional_charges" where "created_by" = ${id}
        union select "booking_id" from "booking_reschedules" where "rescheduled_by" = ${id}
        union select a."booking_id" from "booking_amenity_refunds" r
          join "booking_amenities" a on a."organization_id" = r."organization_id" and a."id" = r."booking_amenity_id"
          where r."created_by" = ${id}
        union select c."booking_id" from "booking_additional_charge_refunds" r
          join "booking_additional_charges" c on c."organization_id" = r."organization_id" and c."id" = r."additional_charge_id"
          where r."created_by" = ${id}
      ) b`,
    series: sql`select count(*) from "recurring_series" where "created_by" = ${id}`,
  })
}
