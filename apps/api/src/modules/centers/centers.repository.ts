import type { ListQuery } from '@spaceboard/domain'
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { preparedQueries } from '../../db/prepared.ts'
import {
  bookings,
  centerRegions,
  centerRevenueTargets,
  centers,
  countries,
  organizations,
  regions,
  spaces,
} from '../../db/schema/index.ts'
import { containsPattern, type ListWindow, orderBy, scopedListPage, totalCount } from '../../platform/list.ts'
import { countUses } from '../../platform/usage.repository.ts'

const sortable = {
  name: centers.name,
  organizationName: organizations.name,
  city: centers.city,
  contact_email: centers.contactEmail,
  created_at: centers.createdAt,
}
export type CenterOrder = keyof typeof sortable
export type CenterRow = typeof centers.$inferSelect
export type CenterValues = Partial<typeof centers.$inferInsert>

interface FilterShape {
  organization: boolean
  search: boolean
}

function filter(shape: FilterShape): SQL | undefined {
  const pattern = sql.placeholder('pattern')
  return and(
    shape.organization ? eq(centers.organizationId, sql.placeholder('organizationId')) : undefined,
    shape.search
      ? or(
          ilike(centers.name, pattern),
          ilike(centers.city, pattern),
          ilike(centers.contactEmail, pattern),
          ilike(centers.siteId, pattern),
        )
      : undefined,
  )
}

const pageOfCenters = preparedQueries(
  'center_list',
  (tx, shape: FilterShape & Pick<ListQuery<CenterOrder>, 'order' | 'direct'> & { window: boolean }) => {
    const base = tx
      .select({
        id: centers.id,
        name: centers.name,
        organization_id: centers.organizationId,
        organizationName: organizations.name,
        site_id: centers.siteId,
        city: centers.city,
        contact_email: centers.contactEmail,
        contact_number: centers.contactNumber,
        timezone_id: centers.timezoneId,
        is_active: sql<number>`case when ${centers.isActive} then 1 else 0 end`.mapWith(Number),
        deleted_at: centers.deletedAt,
        created_at: centers.createdAt,
        total: totalCount(),
      })
      .from(centers)
      .innerJoin(organizations, eq(organizations.id, centers.organizationId))
      .where(filter(shape))
      .orderBy(...orderBy(sortable, shape, 'name', centers.id))
      .$dynamic()
    return shape.window ? base.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : base
  },
)

export function listCenters(
  tx: Tx,
  organizationId: number | null,
  query: ListQuery<CenterOrder>,
  window: ListWindow | null,
) {
  const { shape, values } = scopedListPage(organizationId, query, window)
  return pageOfCenters(tx, shape, values)
}

export async function countCenters(tx: Tx, organizationId: number | null, search: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(centers)
    .where(filter({ organization: organizationId !== null, search: Boolean(search) }))
    .execute({ organizationId, pattern: containsPattern(search) })
  return row?.n ?? 0
}

/** Active, not archived centers for pickers. */
export function listCenterOptions(tx: Tx, organizationId: number | null) {
  return tx
    .select({
      id: centers.id,
      name: centers.name,
      organization_id: centers.organizationId,
      timezone_id: centers.timezoneId,
    })
    .from(centers)
    .where(
      and(
        isNull(centers.deletedAt),
        eq(centers.isActive, true),
        organizationId === null ? undefined : eq(centers.organizationId, organizationId),
      ),
    )
    .orderBy(asc(centers.name))
}

export async function findCenter(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      center: centers,
      organizationName: organizations.name,
      thirdPartyOrgCode: organizations.thirdPartyOrgCode,
      countryName: countries.name,
    })
    .from(centers)
    .innerJoin(organizations, eq(organizations.id, centers.organizationId))
    .innerJoin(countries, eq(countries.id, centers.countryId))
    .where(eq(centers.id, id))
  return row
}

export async function organizationThirdPartyCode(tx: Tx, organizationId: number) {
  const [row] = await tx
    .select({ code: organizations.thirdPartyOrgCode })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)))
  return row
}

export async function insertCenter(tx: Tx, values: typeof centers.$inferInsert) {
  const [row] = await tx.insert(centers).values(values).returning({ id: centers.id })
  if (!row) throw new Error('insert returned nothing')
  return row.id
}

export async function updateCenter(tx: Tx, id: number, values: CenterValues) {
  await tx
    .update(centers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(centers.id, id))
}

export async function deleteCenter(tx: Tx, id: number) {
  await tx.delete(centers).where(eq(centers.id, id))
}

export async function regionIdsOfOrganization(tx: Tx, organizationId: number, ids: number[]) {
  if (ids.length === 0) return []
  const rows = await tx
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.organizationId, organizationId), inArray(regions.id, ids)))
  return rows.map((r) => r.id)
}

export async function listCenterRegionIds(tx: Tx, centerId: number) {
  const rows = await tx
    .select({ id: centerRegions.regionId })
    .from(centerRegions)
    .where(eq(centerRegions.centerId, centerId))
  return rows.map((r) => r.id)
}

export async function replaceCenterRegions(
  tx: Tx,
  organizationId: number,
  centerId: number,
  regionIds: number[],
) {
  await tx.delete(centerRegions).where(eq(centerRegions.centerId, centerId))
  if (regionIds.length) {
    await tx
      .insert(centerRegions)
      .values(regionIds.map((regionId) => ({ organizationId, centerId, regionId })))
  }
}

export function listRevenueTargets(tx: Tx, centerId: number, year: number) {
  return tx
    .select({ month_id: centerRevenueTargets.monthId, revenue: centerRevenueTargets.revenue })
    .from(centerRevenueTargets)
    .where(and(eq(centerRevenueTargets.centerId, centerId), eq(centerRevenueTargets.year, year)))
}

export async function saveRevenueTarget(
  tx: Tx,
  organizationId: number,
  centerId: number,
  year: number,
  monthId: number,
  revenue: string,
) {
  await tx
    .insert(centerRevenueTargets)
    .values({ organizationId, centerId, year, monthId, revenue })
    .onConflictDoUpdate({
      target: [centerRevenueTargets.centerId, centerRevenueTargets.year, centerRevenueTargets.monthId],
      set: { revenue },
    })
}

export async function centerHasSpaces(tx: Tx, centerId: number) {
  const [row] = await tx.select({ id: spaces.id }).from(spaces).where(eq(spaces.centerId, centerId)).limit(1)
  return Boolean(row)
}

/** What points at a location: its spaces, bookings, package deals and moved bookings' history. */
export function centerUses(tx: Tx, id: number) {
  return countUses(tx, {
    spaces: sql`select count(*) from "spaces" where "center_id" = ${id}`,
    bookings: sql`select count(*) from (
        select "booking_id" as id from "booking_reschedules" where "center_id" = ${id}
        union select "id" from "bookings" where "center_id" = ${id}
      ) b`,
    packages: sql`select count(*) from "package_centers" where "center_id" = ${id}`,
  })
}

/**
 * Actual net revenue of a center per month of a year, months taken in the center's time zone: the
 * net amount of each booking that starts in the month (stored net of its refunds, a cancellation's
 * included).
 */
export async function actualRevenueByMonth(
  tx: Tx,
  organizationId: number,
  centerId: number,
  timeZone: string,
  year: number,
) {
  const local = sql`(${bookings.startTime} at time zone ${timeZone})`
  const rows = await tx
    .select({
      monthId: sql<number>`extract(month from ${local})::int`.mapWith(Number),
      actual: sql<string>`sum(${bookings.netAmount})::text`,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.organizationId, organizationId),
        eq(bookings.centerId, centerId),
        sql`${bookings.startTime} >= make_timestamp(${year}::int, 1, 1, 0, 0, 0) at time zone ${timeZone}`,
        sql`${bookings.startTime} < make_timestamp(${year + 1}::int, 1, 1, 0, 0, 0) at time zone ${timeZone}`,
      ),
    )
    .groupBy(sql`1`)
  return rows
}
