import type { ListQuery } from '@spaceboard/domain'
import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { preparedQueries } from '../../db/prepared.ts'
import {
  amenities,
  clientTypes,
  organizationAmenities,
  organizationBillingSheetColumns,
  organizationBlackoutPeriods,
  organizationClientTypes,
  organizationRoomTypes,
  organizations,
} from '../../db/schema/index.ts'
import { containsPattern, type ListWindow, orderBy, totalCount } from '../../platform/list.ts'

export type OrganizationRow = typeof organizations.$inferSelect
export type OrganizationValues = Partial<typeof organizations.$inferInsert>

const sortable = {
  name: organizations.name,
  contact_number: organizations.contactNumber,
  contact_email: organizations.contactEmail,
  created_at: organizations.createdAt,
}
export type OrganizationOrder = keyof typeof sortable

/** Matching the search pattern when `search` (a placeholder, so the statement is reused). */
function filter(search: boolean) {
  const pattern = sql.placeholder('pattern')
  return search
    ? or(
        ilike(organizations.name, pattern),
        ilike(organizations.contactEmail, pattern),
        ilike(organizations.contactNumber, pattern),
      )
    : undefined
}

const pageOfOrganizations = preparedQueries(
  'organization_list',
  (
    tx,
    shape: Pick<ListQuery<OrganizationOrder>, 'order' | 'direct'> & { search: boolean; window: boolean },
  ) => {
    const base = tx
      .select({
        id: organizations.id,
        name: organizations.name,
        contact_number: organizations.contactNumber,
        contact_email: organizations.contactEmail,
        created_at: organizations.createdAt,
        deleted_at: organizations.deletedAt,
        time_format: organizations.timeFormat,
        total: totalCount(),
      })
      .from(organizations)
      .where(filter(shape.search))
      .orderBy(...orderBy(sortable, shape, 'name', organizations.id))
      .$dynamic()
    return shape.window ? base.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : base
  },
)

export function listOrganizations(tx: Tx, query: ListQuery<OrganizationOrder>, window: ListWindow | null) {
  return pageOfOrganizations(
    tx,
    { search: Boolean(query.search), order: query.order, direct: query.direct, window: Boolean(window) },
    { pattern: containsPattern(query.search), limit: window?.limit, offset: window?.offset },
  )
}

export async function countOrganizations(tx: Tx, search: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(organizations)
    .where(filter(Boolean(search)))
    .execute({ pattern: containsPattern(search) })
  return row?.n ?? 0
}

/** Active organizations for pickers. */
export function listOrganizationOptions(tx: Tx) {
  return tx
    .select({
      id: organizations.id,
      name: organizations.name,
      mh_plan: organizations.mhPlan,
      currency_code: organizations.currencyCode,
      time_format: organizations.timeFormat,
      exclude_from_reporting: organizations.excludeFromReporting,
      features: organizations.features,
    })
    .from(organizations)
    .where(isNull(organizations.deletedAt))
    .orderBy(asc(organizations.name))
}

export async function findOrganization(tx: Tx, id: number) {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, id))
  return row
}

export async function insertOrganization(tx: Tx, values: typeof organizations.$inferInsert) {
  const [row] = await tx.insert(organizations).values(values).returning({ id: organizations.id })
  if (!row) throw new Error('insert returned nothing')
  return row.id
}

export async function updateOrganization(tx: Tx, id: number, values: OrganizationValues) {
  await tx
    .update(organizations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(organizations.id, id))
}

export async function setArchived(tx: Tx, id: number, archived: boolean, timeFormat?: string) {
  const [row] = await tx
    .update(organizations)
    .set({
      deletedAt: archived ? sql`now()` : null,
      updatedAt: sql`now()`,
      ...(timeFormat ? { timeFormat } : {}),
    })
    .where(eq(organizations.id, id))
    .returning({ id: organizations.id })
  return row
}

export async function customerIdTaken(tx: Tx, customerId: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        eq(organizations.mhCustomerId, customerId),
        exceptId ? sql`${organizations.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1)
  return Boolean(row)
}

// Blackout periods

export function listBlackoutPeriods(tx: Tx, organizationId: number) {
  return tx
    .select({
      id: organizationBlackoutPeriods.id,
      blackout_period_start_date: organizationBlackoutPeriods.startDate,
      blackout_period_end_date: organizationBlackoutPeriods.endDate,
    })
    .from(organizationBlackoutPeriods)
    .where(eq(organizationBlackoutPeriods.organizationId, organizationId))
    .orderBy(asc(organizationBlackoutPeriods.startDate), asc(organizationBlackoutPeriods.id))
}

export async function deleteBlackoutPeriods(tx: Tx, organizationId: number, ids: number[]) {
  if (ids.length === 0) return
  await tx
    .delete(organizationBlackoutPeriods)
    .where(
      and(
        eq(organizationBlackoutPeriods.organizationId, organizationId),
        inArray(organizationBlackoutPeriods.id, ids),
      ),
    )
}

export async function saveBlackoutPeriod(
  tx: Tx,
  organizationId: number,
  period: { id?: number | undefined; startDate: string; endDate: string | null },
) {
  if (period.id) {
    await tx
      .update(organizationBlackoutPeriods)
      .set({ startDate: period.startDate, endDate: period.endDate })
      .where(
        and(
          eq(organizationBlackoutPeriods.organizationId, organizationId),
          eq(organizationBlackoutPeriods.id, period.id),
        ),
      )
  } else {
    await tx
      .insert(organizationBlackoutPeriods)
      .values({ organizationId, startDate: period.startDate, endDate: period.endDate })
  }
}

// Client types, amenities, space types and billing columns of the organization

export async function listOrganizationClientTypeIds(tx: Tx, organizationId: number) {
  const rows = await tx
    .select({ id: organizationClientTypes.clientTypeId })
    .from(organizationClientTypes)
    .where(eq(organizationClientTypes.organizationId, organizationId))
  return rows.map((r) => r.id)
}

/** Client types the organization may use: the shared defaults and its own. */
export async function usableClientTypeIds(tx: Tx, organizationId: number | null, ids: number[]) {
  if (ids.length === 0) return []
  const rows = await tx
    .select({ id: clientTypes.id })
    .from(clientTypes)
    .where(
      and(
        inArray(clientTypes.id, ids),
        organizationId === null
          ? isNull(clientTypes.organizationId)
          : or(isNull(clientTypes.organizationId), eq(clientTypes.organizationId, organizationId)),
      ),
    )
  return rows.map((r) => r.id)
}

export async function addOrganizationClientTypes(tx: Tx, organizationId: number, ids: number[]) {
  if (ids.length === 0) return
  await tx
    .insert(organizationClientTypes)
    .values(ids.map((clientTypeId) => ({ organizationId, clientTypeId })))
    .onConflictDoNothing()
}

export async function removeOrganizationClientTypes(tx: Tx, organizationId: number, ids: number[]) {
  if (ids.length === 0) return
  await tx
    .delete(organizationClientTypes)
    .where(
      and(
        eq(organizationClientTypes.organizationId, organizationId),
        inArray(organizationClientTypes.clientTypeId, ids),
      ),
    )
}

export function listOrganizationAmenities(tx: Tx, organizationId: number) {
  return tx
    .select({
      amenityId: organizationAmenities.amenityId,
      code: organizationAmenities.code,
      accountCode: organizationAmenities.accountCode,
    })
    .from(organizationAmenities)
    .where(eq(organizationAmenities.organizationId, organizationId))
}

export async function existingAmenityIds(tx: Tx, ids: number[]) {
  if (ids.length === 0) return []
  const rows = await tx.select({ id: amenities.id }).from(amenities).where(inArray(amenities.id, ids))
  return rows.map((r) => r.id)
}

export async function upsertOrganizationAmenity(
  tx: Tx,
  organizationId: number,
  amenityId: number,
  /** null: keep the stored codes (a new row gets none). */
  codes: { code: string; accountCode: string } | null,
) {
  const insert = tx
    .insert(organizationAmenities)
    .values({ organizationId, amenityId, ...(codes ?? { code: '', accountCode: '' }) })
  const target = [organizationAmenities.organizationId, organizationAmenities.amenityId]
  await (codes ? insert.onConflictDoUpdate({ target, set: codes }) : insert.onConflictDoNothing({ target }))
}

export async function removeOrganizationAmenities(tx: Tx, organizationId: number, ids: number[]) {
  if (ids.length === 0) return
  await tx
    .delete(organizationAmenities)
    .where(
      and(
        eq(organizationAmenities.organizationId, organizationId),
        inArray(organizationAmenities.amenityId, ids),
      ),
    )
}

export function listOrganizationRoomTypes(tx: Tx, organizationId: number) {
  return tx
    .select({
      roomType: organizationRoomTypes.roomType,
      accountCode: organizationRoomTypes.accountCode,
      code: organizationRoomTypes.code,
    })
    .from(organizationRoomTypes)
    .where(eq(organizationRoomTypes.organizationId, organizationId))
}

export async function upsertOrganizationRoomType(
  tx: Tx,
  organizationId: number,
  roomType: string,
  /** null: keep the stored codes (a new row gets none). */
  codes: { accountCode: string; code: string } | null,
) {
  const insert = tx
    .insert(organizationRoomTypes)
    .values({ organizationId, roomType, ...(codes ?? { accountCode: '', code: '' }) })
  const target = [organizationRoomTypes.organizationId, organizationRoomTypes.roomType]
  await (codes ? insert.onConflictDoUpdate({ target, set: codes }) : insert.onConflictDoNothing({ target }))
}

export async function removeOrganizationRoomTypes(tx: Tx, organizationId: number, roomTypes: string[]) {
  if (roomTypes.length === 0) return
  await tx
    .delete(organizationRoomTypes)
    .where(
      and(
        eq(organizationRoomTypes.organizationId, organizationId),
        inArray(organizationRoomTypes.roomType, roomTypes),
      ),
    )
}

export function listBillingSheetColumns(tx: Tx, organizationId: number) {
  return tx
    .select({
      columnKey: organizationBillingSheetColumns.columnKey,
      customName: organizationBillingSheetColumns.customName,
    })
    .from(organizationBillingSheetColumns)
    .where(eq(organizationBillingSheetColumns.organizationId, organizationId))
}

export async function replaceBillingSheetColumns(
  tx: Tx,
  organizationId: number,
  columns: Record<string, string>,
) {
  await tx
    .delete(organizationBillingSheetColumns)
    .where(eq(organizationBillingSheetColumns.organizationId, organizationId))
  const rows = Object.entries(columns)
    .filter(([, name]) => name !== '')
    .map(([columnKey, customName]) => ({ organizationId, columnKey, customName }))
  if (rows.length) await tx.insert(organizationBillingSheetColumns).values(rows)
}

/** Whether an active organization other than `exceptId` has this name, in any case. */
export async function organizationNameTaken(tx: Tx, name: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        isNull(organizations.deletedAt),
        sql`lower(${organizations.name}) = lower(${name})`,
        exceptId ? sql`${organizations.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1)
  return Boolean(row)
}

/** The booking and refund prefixes of every organization but `exceptId`, upper-cased. */
export async function takenPrefixes(tx: Tx, exceptId?: number) {
  const rows = await tx
    .select({ booking: organizations.bookingPrefix, refund: organizations.refundPrefix })
    .from(organizations)
    .where(exceptId ? sql`${organizations.id} <> ${exceptId}` : undefined)
  return {
    booking: new Set(rows.map((r) => r.booking.toUpperCase()).filter(Boolean)),
    refund: new Set(rows.map((r) => r.refund.toUpperCase()).filter(Boolean)),
  }
}
