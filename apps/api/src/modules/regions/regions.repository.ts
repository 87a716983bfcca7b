import type { ListQuery } from '@spaceboard/domain'
import { and, asc, count, eq, ilike, inArray, notInArray, or, sql } from 'drizzle-orm'
import { alias, type PgSelect } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client.ts'
import { preparedQueries } from '../../db/prepared.ts'
import { globalRegions, organizations, regions } from '../../db/schema/index.ts'
import { containsPattern, type ListWindow, orderBy, totalCount } from '../../platform/list.ts'
import { regionAndDescendants } from '../../platform/region-tree.repository.ts'
import { countUses } from '../../platform/usage.repository.ts'

const parent = alias(regions, 'parent')

const columns = {
  id: regions.id,
  name: regions.name,
  /** The spec's "0 means none". */
  parent_id: sql<number>`coalesce(${regions.parentId}, 0)`.mapWith(Number),
  parent: parent.name,
  global_region_id: regions.globalRegionId,
  globalregion: globalRegions.name,
  is_default: regions.isDefault,
  organization_id: regions.organizationId,
  organizationName: organizations.name,
  updated_at: regions.updatedAt,
}
const sortable = {
  name: regions.name,
  parent: parent.name,
  globalregion: globalRegions.name,
  updated_at: regions.updatedAt,
}
export type RegionOrder = keyof typeof sortable

export interface RegionValues {
  name: string
  parentId: number | null
  globalRegionId: number
}

export interface RegionFilter {
  /** null: every organization (super without a filter). */
  organizationId: number | null
  search: string
  /** Parent candidates of this region: it and its descendants are left out. */
  exceptSubtreeOf?: number | undefined
}

function filterShape({ organizationId, search, exceptSubtreeOf }: RegionFilter) {
  return {
    organization: organizationId !== null,
    search: Boolean(search),
    exceptSubtree: Boolean(exceptSubtreeOf) && organizationId !== null,
  }
}
type FilterShape = ReturnType<typeof filterShape>

function filterValues({ organizationId, search, exceptSubtreeOf }: RegionFilter) {
  return { organizationId, pattern: containsPattern(search), exceptSubtreeOf }
}

function filter(shape: FilterShape) {
  const organizationId = sql.placeholder('organizationId')
  const pattern = sql.placeholder('pattern')
  return and(
    shape.organization ? eq(regions.organizationId, organizationId) : undefined,
    shape.search
      ? or(ilike(regions.name, pattern), ilike(parent.name, pattern), ilike(globalRegions.name, pattern))
      : undefined,
    shape.exceptSubtree
      ? notInArray(regions.id, regionAndDescendants(organizationId, sql.placeholder('exceptSubtreeOf')))
      : undefined,
  )
}

/** The parent's, global region's and organization's names of each region (drizzle dynamic query). */
function withNames<T extends PgSelect>(query: T) {
  return query
    .leftJoin(parent, and(eq(parent.organizationId, regions.organizationId), eq(parent.id, regions.parentId)))
    .innerJoin(globalRegions, eq(globalRegions.id, regions.globalRegionId))
    .innerJoin(organizations, eq(organizations.id, regions.organizationId))
}

const pageOfRegions = preparedQueries(
  'region_list',
  (tx, shape: FilterShape & Pick<ListQuery<RegionOrder>, 'order' | 'direct'> & { window: boolean }) => {
    const base = withNames(
      tx
        .select({ ...columns, total: totalCount() })
        .from(regions)
        .$dynamic(),
    )
      .where(filter(shape))
      .orderBy(...orderBy(sortable, shape, 'name', regions.id))
    return shape.window ? base.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : base
  },
)

export function listRegions(
  tx: Tx,
  where: RegionFilter,
  query: ListQuery<RegionOrder>,
  window: ListWindow | null,
) {
  return pageOfRegions(
    tx,
    { ...filterShape(where), order: query.order, direct: query.direct, window: Boolean(window) },
    { ...filterValues(where), limit: window?.limit, offset: window?.offset },
  )
}

export async function countRegions(tx: Tx, where: RegionFilter) {
  const [row] = await withNames(tx.select({ n: count() }).from(regions).$dynamic())
    .where(filter(filterShape(where)))
    .execute(filterValues(where))
  return row?.n ?? 0
}

/** One region, if it belongs to the organization (`null`: any). */
export async function findRegion(tx: Tx, id: number, organizationId: number | null) {
  const [row] = await withNames(tx.select(columns).from(regions).$dynamic()).where(
    and(eq(regions.id, id), organizationId === null ? undefined : eq(regions.organizationId, organizationId)),
  )
  return row
}

/** Whether `candidateId` is the region itself or one of its descendants (it cannot be its parent then). */
export async function isInSubtree(tx: Tx, organizationId: number, regionId: number, candidateId: number) {
  const [row] = await tx
    .select({ id: regions.id })
    .from(regions)
    .where(
      and(eq(regions.id, candidateId), inArray(regions.id, regionAndDescendants(organizationId, regionId))),
    )
  return Boolean(row)
}

/**
 * Locks the organization's regions (in id order, so two writers never deadlock) before a parent
 * changes: two moves at once could otherwise each pass the cycle check and together make a cycle.
 */
export async function lockOrganizationRegions(tx: Tx, organizationId: number) {
  await tx
    .select({ id: regions.id })
    .from(regions)
    .where(eq(regions.organizationId, organizationId))
    .orderBy(asc(regions.id))
    .for('update')
}

export async function insertRegion(tx: Tx, organizationId: number, values: RegionValues) {
  const [row] = await tx
    .insert(regions)
    .values({ organizationId, ...values, isDefault: false })
    .returning({ id: regions.id })
  if (!row) throw new Error('insert returned nothing')
  return row.id
}

/** Changes a non-default region of the organization. */
export async function updateRegion(tx: Tx, id: number, organizationId: number, values: RegionValues) {
  const [row] = await tx
    .update(regions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(regions.id, id), eq(regions.organizationId, organizationId), eq(regions.isDefault, false)))
    .returning({ id: regions.id })
  return row
}

/** Deletes a non-default region; its children, and theirs, go with it (FK ON DELETE CASCADE). */
export async function deleteRegion(tx: Tx, id: number, organizationId: number) {
  const [row] = await tx
    .delete(regions)
    .where(and(eq(regions.id, id), eq(regions.organizationId, organizationId), eq(regions.isDefault, false)))
    .returning({ id: regions.id })
  return row
}

/** What points at a region or at one of its child regions (deleted with it): locations. */
export function regionUses(tx: Tx, id: number, organizationId: number) {
  return countUses(tx, {
    locations: sql`select count(distinct "center_id") from "center_regions"
      where "organization_id" = ${organizationId} and "region_id" in ${regionAndDescendants(organizationId, id)}`,
  })
}
