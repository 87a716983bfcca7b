import type { ListQuery } from '@spaceboard/domain'
import { and, asc, count, eq, gte, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { preparedQueries } from '../../db/prepared.ts'
import {
  centers,
  organizations,
  packageCenters,
  packageSpaces,
  packages,
  spaces,
} from '../../db/schema/index.ts'
import { containsPattern, type ListWindow, orderBy, scopedListPage, totalCount } from '../../platform/list.ts'

export type PackageRow = typeof packages.$inferSelect
export type PackageValues = Partial<typeof packages.$inferInsert>

const selectedCenters = sql<string>`coalesce((select string_agg(${centers.name}, ', ' order by ${centers.name}) from ${packageCenters} join ${centers} on ${centers.id} = ${packageCenters.centerId} where ${packageCenters.packageId} = ${packages.id}), '')`
const selectedSpaces = sql<string>`coalesce((select string_agg(${spaces.name}, ', ' order by ${spaces.name}) from ${packageSpaces} join ${spaces} on ${spaces.id} = ${packageSpaces.spaceId} where ${packageSpaces.packageId} = ${packages.id}), '')`

const sortable = {
  name: packages.name,
  min_attendees: packages.minAttendees,
  type: packages.type,
  status: packages.status,
  organizationName: organizations.name,
  created_at: packages.createdAt,
}
export type PackageOrder = keyof typeof sortable

interface FilterShape {
  organization: boolean
  search: boolean
}

function filter(shape: FilterShape): SQL | undefined {
  return and(
    shape.organization ? eq(packages.organizationId, sql.placeholder('organizationId')) : undefined,
    shape.search ? ilike(packages.name, sql.placeholder('pattern')) : undefined,
  )
}

const pageOfPackages = preparedQueries(
  'package_list',
  (tx, shape: FilterShape & Pick<ListQuery<PackageOrder>, 'order' | 'direct'> & { window: boolean }) => {
    const base = tx
      .select({
        id: packages.id,
        name: packages.name,
        min_attendees: packages.minAttendees,
        type: packages.type,
        status: packages.status,
        rate: sql<number>`${packages.rate}::float8`,
        organization_id: packages.organizationId,
        organizationName: organizations.name,
        selectedCenters,
        selectedSpaces,
        created_at: packages.createdAt,
        total: totalCount(),
      })
      .from(packages)
      .innerJoin(organizations, eq(organizations.id, packages.organizationId))
      .where(filter(shape))
      .orderBy(...orderBy(sortable, shape, 'name', packages.id))
      .$dynamic()
    return shape.window ? base.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : base
  },
)

export function listPackages(
  tx: Tx,
  organizationId: number | null,
  query: ListQuery<PackageOrder>,
  window: ListWindow | null,
) {
  const { shape, values } = scopedListPage(organizationId, query, window)
  return pageOfPackages(tx, shape, values)
}

export async function countPackages(tx: Tx, organizationId: number | null, search: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(packages)
    .where(filter({ organization: organizationId !== null, search: Boolean(search) }))
    .execute({ organizationId, pattern: containsPattern(search) })
  return row?.n ?? 0
}

export function listPackageOptions(tx: Tx, organizationId: number) {
  return tx
    .select({
      id: packages.id,
      name: packages.name,
      account_code: packages.accountCode,
      inventory_item_code: packages.inventoryItemCode,
    })
    .from(packages)
    .where(eq(packages.organizationId, organizationId))
    .orderBy(asc(packages.name))
}

export async function findPackage(tx: Tx, id: number) {
  const [row] = await tx
    .select({ pkg: packages, organizationName: organizations.name })
    .from(packages)
    .innerJoin(organizations, eq(organizations.id, packages.organizationId))
    .where(eq(packages.id, id))
  return row
}

export function packageCenterList(tx: Tx, packageId: number) {
  return tx
    .select({ id: centers.id, name: centers.name })
    .from(packageCenters)
    .innerJoin(centers, eq(centers.id, packageCenters.centerId))
    .where(eq(packageCenters.packageId, packageId))
    .orderBy(asc(centers.name))
}

export function packageSpaceList(tx: Tx, packageId: number) {
  return tx
    .select({ id: spaces.id, name: spaces.name, center_id: spaces.centerId, capacity: spaces.capacity })
    .from(packageSpaces)
    .innerJoin(spaces, eq(spaces.id, packageSpaces.spaceId))
    .where(eq(packageSpaces.packageId, packageId))
    .orderBy(asc(spaces.name))
}

export async function validCenterIds(tx: Tx, organizationId: number, ids: number[]) {
  if (ids.length === 0) return []
  const rows = await tx
    .select({ id: centers.id })
    .from(centers)
    .where(
      and(eq(centers.organizationId, organizationId), inArray(centers.id, ids), isNull(centers.deletedAt)),
    )
  return rows.map((r) => r.id)
}

/** Spaces of the given centers that seat at least the package's minimum attendees. */
export async function validSpaceIds(
  tx: Tx,
  organizationId: number,
  centerIds: number[],
  minAttendees: number,
  ids: number[],
) {
  if (ids.length === 0 || centerIds.length === 0) return []
  const rows = await tx
    .select({ id: spaces.id })
    .from(spaces)
    .where(
      and(
        eq(spaces.organizationId, organizationId),
        inArray(spaces.centerId, centerIds),
        inArray(spaces.id, ids),
        gte(spaces.capacity, minAttendees),
        isNull(spaces.deletedAt),
      ),
    )
  return rows.map((r) => r.id)
}

export async function insertPackage(tx: Tx, values: typeof packages.$inferInsert) {
  const [row] = await tx.insert(packages).values(values).returning({ id: packages.id })
  if (!row) throw new Error('insert returned nothing')
  return row.id
}

export async function updatePackage(tx: Tx, id: number, values: PackageValues) {
  await tx
    .update(packages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(packages.id, id))
}

export async function deletePackage(tx: Tx, id: number) {
  await tx.delete(packages).where(eq(packages.id, id))
}

export async function replaceMappings(
  tx: Tx,
  organizationId: number,
  packageId: number,
  centerIds: number[],
  spaceIds: number[],
) {
  await tx.delete(packageCenters).where(eq(packageCenters.packageId, packageId))
  await tx.delete(packageSpaces).where(eq(packageSpaces.packageId, packageId))
  if (centerIds.length)
    await tx
      .insert(packageCenters)
      .values(centerIds.map((centerId) => ({ organizationId, packageId, centerId })))
  if (spaceIds.length)
    await tx.insert(packageSpaces).values(spaceIds.map((spaceId) => ({ organizationId, packageId, spaceId })))
}

export async function setAccountCodes(
  tx: Tx,
  organizationId: number,
  id: number,
  accountCode: string,
  inventoryItemCode: string,
) {
  await tx
    .update(packages)
    .set({ accountCode, inventoryItemCode })
    .where(and(eq(packages.organizationId, organizationId), eq(packages.id, id)))
}

export async function centerIdsOfPackage(tx: Tx, packageId: number) {
  const rows = await tx
    .select({ id: packageCenters.centerId })
    .from(packageCenters)
    .where(eq(packageCenters.packageId, packageId))
  return rows.map((r) => r.id)
}
