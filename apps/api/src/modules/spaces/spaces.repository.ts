import { type ListQuery, spaceTypes } from '@spaceboard/domain'
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { preparedQueries } from '../../db/prepared.ts'
import {
  amenities,
  centers,
  organizationAmenities,
  organizationRoomTypes,
  organizations,
  spaceAmenities,
  spaceBlackoutPeriods,
  spaceChildren,
  spacePhotos,
  spaceRates,
  spaces,
} from '../../db/schema/index.ts'
import { containsPattern, type ListWindow, totalCount } from '../../platform/list.ts'

export type SpaceRow = typeof spaces.$inferSelect
export type SpaceValues = Partial<typeof spaces.$inferInsert>

/** Display order with 0 (unset) ranked as 10000, as the list and calendar sort (spec 2 §9). */
const displayRank = sql<number>`case when ${spaces.displayOrder} = 0 then 10000 else ${spaces.displayOrder} end`

const sortable = {
  name: spaces.name,
  centerName: centers.name,
  organizationName: organizations.name,
  capacity: spaces.capacity,
  type: spaces.roomType,
  display_order: displayRank,
}
export type SpaceOrder = keyof typeof sortable

interface FilterShape {
  organization: boolean
  center: boolean
  search: boolean
}

function filter(shape: FilterShape): SQL | undefined {
  const pattern = sql.placeholder('pattern')
  return and(
    shape.organization ? eq(spaces.organizationId, sql.placeholder('organizationId')) : undefined,
    shape.center ? eq(spaces.centerId, sql.placeholder('centerId')) : undefined,
    shape.search
      ? or(
          ilike(spaces.name, pattern),
          ilike(centers.name, pattern),
          sql`${spaces.roomType} = any(${sql.placeholder('types')}::text[])`,
        )
      : undefined,
  )
}

function filterValues(organizationId: number | null, search: string, centerId: number | undefined) {
  return {
    organizationId,
    centerId,
    pattern: containsPattern(search),
    // Types are stored by key and shown by label: search the labels.
    types: spaceTypes.filter((t) => t.label.toLowerCase().includes(search.toLowerCase())).map((t) => t.key),
  }
}

const pageOfSpaces = preparedQueries(
  'space_list',
  (tx, shape: FilterShape & Pick<ListQuery<SpaceOrder>, 'order' | 'direct'> & { window: boolean }) => {
    const direction = shape.direct === 'desc' ? desc : asc
    const key = shape.order === '' ? 'display_order' : shape.order
    const base = tx
      .select({
        id: spaces.id,
        name: spaces.name,
        organization_id: spaces.organizationId,
        organizationName: organizations.name,
        center_id: spaces.centerId,
        centerName: centers.name,
        capacity: spaces.capacity,
        type: spaces.roomType,
        display_order: spaces.displayOrder,
        is_active: sql<number>`case when ${spaces.isActive} then 1 else 0 end`.mapWith(Number),
        deleted_at: spaces.deletedAt,
        total: totalCount(),
      })
      .from(spaces)
      .innerJoin(organizations, eq(organizations.id, spaces.organizationId))
      .innerJoin(
        centers,
        and(eq(centers.organizationId, spaces.organizationId), eq(centers.id, spaces.centerId)),
      )
      .where(filter(shape))
      .orderBy(direction(sortable[key]), asc(spaces.name), asc(spaces.id))
      .$dynamic()
    return shape.window ? base.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : base
  },
)

export function listSpaces(
  tx: Tx,
  organizationId: number | null,
  query: ListQuery<SpaceOrder> & { centerId?: number | undefined },
  window: ListWindow | null,
) {
  return pageOfSpaces(
    tx,
    {
      organization: organizationId !== null,
      center: Boolean(query.centerId),
      search: Boolean(query.search),
      order: query.order,
      direct: query.direct,
      window: Boolean(window),
    },
    {
      ...filterValues(organizationId, query.search, query.centerId),
      limit: window?.limit,
      offset: window?.offset,
    },
  )
}

export async function countSpaces(tx: Tx, organizationId: number | null, search: string, centerId?: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(spaces)
    .innerJoin(
      centers,
      and(eq(centers.organizationId, spaces.organizationId), eq(centers.id, spaces.centerId)),
    )
    .where(
      filter({ organization: organizationId !== null, center: Boolean(centerId), search: Boolean(search) }),
    )
    .execute(filterValues(organizationId, search, centerId))
  return row?.n ?? 0
}

/** Active spaces for pickers and the calendar, in display order. */
export function listSpaceOptions(tx: Tx, organizationId: number | null, centerId?: number) {
  return tx
    .select({
      id: spaces.id,
      name: spaces.name,
      organization_id: spaces.organizationId,
      center_id: spaces.centerId,
      capacity: spaces.capacity,
      room_type: spaces.roomType,
      display_order: spaces.displayOrder,
    })
    .from(spaces)
    .where(
      and(
        isNull(spaces.deletedAt),
        eq(spaces.isActive, true),
        organizationId === null ? undefined : eq(spaces.organizationId, organizationId),
        centerId ? eq(spaces.centerId, centerId) : undefined,
      ),
    )
    .orderBy(asc(displayRank), asc(spaces.name))
}

export async function findSpace(tx: Tx, id: number) {
  const [row] = await tx
    .select({ space: spaces, organizationName: organizations.name, centerName: centers.name })
    .from(spaces)
    .innerJoin(organizations, eq(organizations.id, spaces.organizationId))
    .innerJoin(
      centers,
      and(eq(centers.organizationId, spaces.organizationId), eq(centers.id, spaces.centerId)),
    )
    .where(eq(spaces.id, id))
  return row
}

export async function organizationOfSpaceForm(tx: Tx, organizationId: number) {
  const [row] = await tx
    .select({
      id: organizations.id,
      mhPlan: organizations.mhPlan,
      licensedSpaces: organizations.licensedSpaces,
      features: organizations.features,
      thirdPartyOrgCode: organizations.thirdPartyOrgCode,
    })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)))
  return row
}

/** Spaces that count against the licence: active and not archived. */
export async function countLicensedSpaces(tx: Tx, organizationId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(spaces)
    .where(
      and(eq(spaces.organizationId, organizationId), eq(spaces.isActive, true), isNull(spaces.deletedAt)),
    )
  return row?.n ?? 0
}

/** Locks the organization's row, so two saves cannot both take the last licensed space. */
export async function lockOrganization(tx: Tx, organizationId: number) {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update')
}

export async function centerOfOrganization(tx: Tx, organizationId: number, centerId: number) {
  const [row] = await tx
    .select({ id: centers.id })
    .from(centers)
    .where(
      and(eq(centers.organizationId, organizationId), eq(centers.id, centerId), isNull(centers.deletedAt)),
    )
  return row
}

export async function organizationRoomTypeKeys(tx: Tx, organizationId: number) {
  const rows = await tx
    .select({ key: organizationRoomTypes.roomType })
    .from(organizationRoomTypes)
    .where(eq(organizationRoomTypes.organizationId, organizationId))
  return rows.map((r) => r.key)
}

export async function organizationAmenityIds(tx: Tx, organizationId: number) {
  const rows = await tx
    .select({ id: organizationAmenities.amenityId })
    .from(organizationAmenities)
    .where(eq(organizationAmenities.organizationId, organizationId))
  return rows.map((r) => r.id)
}

export async function insertSpace(tx: Tx, values: typeof spaces.$inferInsert) {
  const [row] = await tx.insert(spaces).values(values).returning({ id: spaces.id })
  if (!row) throw new Error('insert returned nothing')
  return row.id
}

export async function updateSpace(tx: Tx, id: number, values: SpaceValues) {
  await tx
    .update(spaces)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(spaces.id, id))
}

/** The rates of the spaces, as stored (numeric text), in the order hour, halfday, day. */
export function ratesOfSpaces(tx: Tx, organizationId: number | null, spaceIds: number[]) {
  if (spaceIds.length === 0) return Promise.resolve([])
  return tx
    .select({ spaceId: spaceRates.spaceId, unit: spaceRates.unit, amount: spaceRates.amount })
    .from(spaceRates)
    .where(
      and(
        inArray(spaceRates.spaceId, spaceIds),
        organizationId === null ? undefined : eq(spaceRates.organizationId, organizationId),
      ),
    )
    .orderBy(
      asc(spaceRates.spaceId),
      sql`array_position(array['hour','halfday','day'], ${spaceRates.unit}::text)`,
    )
}

export function listRates(tx: Tx, spaceId: number) {
  return tx
    .select({ unit: spaceRates.unit, amount: sql<number>`${spaceRates.amount}::float8` })
    .from(spaceRates)
    .where(eq(spaceRates.spaceId, spaceId))
}

export async function replaceRates(
  tx: Tx,
  organizationId: number,
  spaceId: number,
  rates: { unit: string; amount: string }[],
) {
  await tx.delete(spaceRates).where(eq(spaceRates.spaceId, spaceId))
  if (rates.length) await tx.insert(spaceRates).values(rates.map((r) => ({ organizationId, spaceId, ...r })))
}

export function listSpaceAmenities(tx: Tx, spaceId: number) {
  return tx
    .select({
      amenity_id: spaceAmenities.amenityId,
      name: amenities.name,
      amount: sql<number>`${spaceAmenities.amount}::float8`,
      type: spaceAmenities.chargeType,
      image: amenities.icon,
    })
    .from(spaceAmenities)
    .innerJoin(amenities, eq(amenities.id, spaceAmenities.amenityId))
    .where(eq(spaceAmenities.spaceId, spaceId))
    .orderBy(asc(amenities.name))
}

export async function replaceSpaceAmenities(
  tx: Tx,
  organizationId: number,
  spaceId: number,
  list: { amenityId: number; chargeType: string; amount: string }[],
) {
  await tx.delete(spaceAmenities).where(eq(spaceAmenities.spaceId, spaceId))
  if (list.length)
    await tx.insert(spaceAmenities).values(list.map((a) => ({ organizationId, spaceId, ...a })))
}

export async function listPhotos(tx: Tx, spaceId: number) {
  const rows = await tx
    .select({ url: spacePhotos.url })
    .from(spacePhotos)
    .where(eq(spacePhotos.spaceId, spaceId))
    .orderBy(asc(spacePhotos.position), asc(spacePhotos.id))
  return rows.map((r) => r.url)
}

export async function replacePhotos(tx: Tx, organizationId: number, spaceId: number, urls: string[]) {
  await tx.delete(spacePhotos).where(eq(spacePhotos.spaceId, spaceId))
  if (urls.length)
    await tx
      .insert(spacePhotos)
      .values(urls.map((url, position) => ({ organizationId, spaceId, url, position })))
}

export function listBlackoutPeriods(tx: Tx, spaceId: number) {
  return tx
    .select({
      id: spaceBlackoutPeriods.id,
      blackout_period_start_date: spaceBlackoutPeriods.startDate,
      blackout_period_end_date: spaceBlackoutPeriods.endDate,
    })
    .from(spaceBlackoutPeriods)
    .where(eq(spaceBlackoutPeriods.spaceId, spaceId))
    .orderBy(asc(spaceBlackoutPeriods.startDate))
}

export async function deleteBlackoutPeriods(tx: Tx, spaceId: number, ids: number[]) {
  if (ids.length === 0) return
  await tx
    .delete(spaceBlackoutPeriods)
    .where(and(eq(spaceBlackoutPeriods.spaceId, spaceId), inArray(spaceBlackoutPeriods.id, ids)))
}

export async function saveBlackoutPeriod(
  tx: Tx,
  organizationId: number,
  spaceId: number,
  period: { id?: number | undefined; startDate: string; endDate: string | null },
) {
  if (period.id) {
    await tx
      .update(spaceBlackoutPeriods)
      .set({ startDate: period.startDate, endDate: period.endDate })
      .where(and(eq(spaceBlackoutPeriods.spaceId, spaceId), eq(spaceBlackoutPeriods.id, period.id)))
  } else {
    await tx
      .insert(spaceBlackoutPeriods)
      .values({ organizationId, spaceId, startDate: period.startDate, endDate: period.endDate })
  }
}

export async function childIds(tx: Tx, parentId: number) {
  const rows = await tx
    .select({ id: spaceChildren.childId })
    .from(spaceChildren)
    .where(eq(spaceChildren.parentId, parentId))
  return rows.map((r) => r.id)
}

export async function parentIds(tx: Tx, childId: number) {
  const rows = await tx
    .select({ id: spaceChildren.parentId })
    .from(spaceChildren)
    .where(eq(spaceChildren.childId, childId))
  return rows.map((r) => r.id)
}

export async function replaceChildren(tx: Tx, organizationId: number, parentId: number, children: number[]) {
  await tx.delete(spaceChildren).where(eq(spaceChildren.parentId, parentId))
  if (children.length)
    await tx.insert(spaceChildren).values(children.map((childId) => ({ organizationId, parentId, childId })))
}

/**
 * Spaces that can be combined into a space: same organization, center and type, not archived, not
 * the space itself and not combined spaces themselves.
 */
export function childCandidates(
  tx: Tx,
  organizationId: number,
  centerId: number,
  roomType: string,
  currentRoomId?: number,
) {
  return tx
    .select({ id: spaces.id, name: spaces.name, capacity: spaces.capacity })
    .from(spaces)
    .where(
      and(
        eq(spaces.organizationId, organizationId),
        eq(spaces.centerId, centerId),
        eq(spaces.roomType, roomType),
        isNull(spaces.deletedAt),
        currentRoomId ? ne(spaces.id, currentRoomId) : undefined,
        sql`not exists (select 1 from ${spaceChildren} where ${spaceChildren.parentId} = ${spaces.id})`,
      ),
    )
    .orderBy(asc(displayRank), asc(spaces.name))
}
