import type { ListQuery } from '@spaceboard/domain'
import { asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { preparedQueries } from '../../db/prepared.ts'
import { amenities, organizationAmenities } from '../../db/schema/index.ts'
import { containsPattern, type ListWindow, orderBy, totalCount } from '../../platform/list.ts'
import { countUses } from '../../platform/usage.repository.ts'

const columns = {
  id: amenities.id,
  name: amenities.name,
  category: amenities.category,
  icon: amenities.icon,
  updated_at: amenities.updatedAt,
}
const sortable = { name: amenities.name, category: amenities.category, updated_at: amenities.updatedAt }
export type AmenityOrder = keyof typeof sortable

/** Matching the search pattern when `search` (a placeholder, so the statement is reused). */
function filter(search: boolean) {
  const pattern = sql.placeholder('pattern')
  return search ? or(ilike(amenities.name, pattern), ilike(amenities.category, pattern)) : undefined
}

const pageOfAmenities = preparedQueries(
  'amenity_list',
  (tx, shape: Pick<ListQuery<AmenityOrder>, 'order' | 'direct'> & { search: boolean; window: boolean }) => {
    const base = tx
      .select({ ...columns, total: totalCount() })
      .from(amenities)
      .where(filter(shape.search))
      .orderBy(...orderBy(sortable, shape, 'name', amenities.id))
      .$dynamic()
    return shape.window ? base.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : base
  },
)

export function listAmenities(tx: Tx, query: ListQuery<AmenityOrder>, window: ListWindow | null) {
  return pageOfAmenities(
    tx,
    { search: Boolean(query.search), order: query.order, direct: query.direct, window: Boolean(window) },
    { pattern: containsPattern(query.search), limit: window?.limit, offset: window?.offset },
  )
}

export async function countAmenities(tx: Tx, search: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(amenities)
    .where(filter(Boolean(search)))
    .execute({ pattern: containsPattern(search) })
  return row?.n ?? 0
}

export async function findAmenity(tx: Tx, id: number) {
  const [row] = await tx.select(columns).from(amenities).where(eq(amenities.id, id))
  return row
}

export async function insertAmenity(tx: Tx, values: { name: string; category: string; icon: string }) {
  const [row] = await tx.insert(amenities).values(values).returning({ id: amenities.id })
  if (!row) throw new Error('insert returned nothing')
  return row.id
}

export async function updateAmenity(
  tx: Tx,
  id: number,
  values: { name: string; category: string; icon: string },
) {
  await tx
    .update(amenities)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(amenities.id, id))
}

export async function deleteAmenity(tx: Tx, id: number) {
  await tx.delete(amenities).where(eq(amenities.id, id))
}

/** The amenities an organization offers, with its codes (spec: GET api/organization-amenities/{id}). */
export function organizationAmenityList(tx: Tx, organizationId: number) {
  return tx
    .select({
      id: amenities.id,
      amenity_id: amenities.id,
      name: amenities.name,
      category: amenities.category,
      image: amenities.icon,
      code: organizationAmenities.code,
      account_code: organizationAmenities.accountCode,
    })
    .from(organizationAmenities)
    .innerJoin(amenities, eq(amenities.id, organizationAmenities.amenityId))
    .where(eq(organizationAmenities.organizationId, organizationId))
    .orderBy(asc(amenities.name))
}

export async function existingAmenityIds(tx: Tx, ids: number[]) {
  if (ids.length === 0) return []
  return (await tx.select({ id: amenities.id }).from(amenities).where(inArray(amenities.id, ids))).map(
    (r) => r.id,
  )
}

/** What points at an amenity: organizations offering it, spaces with it, bookings that had it. */
export function amenityUses(tx: Tx, id: number) {
  return countUses(tx, {
    organizations: sql`select count(*) from "organization_amenities" where "amenity_id" = ${id}`,
    spaces: sql`select count(distinct "space_id") from "space_amenities" where "amenity_id" = ${id}`,
    bookings: sql`select count(*) from (
        select "organization_id", "booking_id" from "booking_amenities" where "amenity_id" = ${id}
        union select "organization_id", "booking_id" from "booking_additional_charges" where "amenity_id" = ${id}
      ) b`,
  })
}
