import type { GlobalRegionInput, ListQuery } from '@spaceboard/domain'
import { and, count, eq, ilike, or, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { preparedQueries } from '../../db/prepared.ts'
import { globalRegions } from '../../db/schema/index.ts'
import { containsPattern, type ListWindow, orderBy, totalCount } from '../../platform/list.ts'
import { countUses } from '../../platform/usage.repository.ts'

const columns = {
  id: globalRegions.id,
  name: globalRegions.name,
  code: globalRegions.code,
  is_default: globalRegions.isDefault,
  updated_at: globalRegions.updatedAt,
}
const sortable = { name: globalRegions.name, code: globalRegions.code, updated_at: globalRegions.updatedAt }
export type GlobalRegionOrder = keyof typeof sortable

/** Matching the search pattern when `search` (a placeholder, so the statement is reused). */
function filter(search: boolean) {
  const pattern = sql.placeholder('pattern')
  return search ? or(ilike(globalRegions.name, pattern), ilike(globalRegions.code, pattern)) : undefined
}

const pageOfGlobalRegions = preparedQueries(
  'global_region_list',
  (
    tx,
    shape: Pick<ListQuery<GlobalRegionOrder>, 'order' | 'direct'> & { search: boolean; window: boolean },
  ) => {
    const base = tx
      .select({ ...columns, total: totalCount() })
      .from(globalRegions)
      .where(filter(shape.search))
      .orderBy(...orderBy(sortable, shape, 'name', globalRegions.id))
      .$dynamic()
    return shape.window ? base.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : base
  },
)

export function listGlobalRegions(tx: Tx, query: ListQuery<GlobalRegionOrder>, window: ListWindow | null) {
  return pageOfGlobalRegions(
    tx,
    { search: Boolean(query.search), order: query.order, direct: query.direct, window: Boolean(window) },
    { pattern: containsPattern(query.search), limit: window?.limit, offset: window?.offset },
  )
}

export async function countGlobalRegions(tx: Tx, search: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(globalRegions)
    .where(filter(Boolean(search)))
    .execute({ pattern: containsPattern(search) })
  return row?.n ?? 0
}

export async function findGlobalRegion(tx: Tx, id: number) {
  const [row] = await tx.select(columns).from(globalRegions).where(eq(globalRegions.id, id))
  return row
}

export async function insertGlobalRegion(tx: Tx, input: GlobalRegionInput) {
  const [row] = await tx.insert(globalRegions).values(input).returning(columns)
  return row
}

/** Only non-default regions change; a default one is left as it is. */
export async function updateGlobalRegion(tx: Tx, id: number, input: GlobalRegionInput) {
  const [row] = await tx
    .update(globalRegions)
    .set({ ...input, updatedAt: sql`now()` })
    .where(and(eq(globalRegions.id, id), eq(globalRegions.isDefault, false)))
    .returning(columns)
  return row
}

export async function deleteGlobalRegion(tx: Tx, id: number) {
  const [row] = await tx
    .delete(globalRegions)
    .where(and(eq(globalRegions.id, id), eq(globalRegions.isDefault, false)))
    .returning({ id: globalRegions.id })
  return row
}

export async function globalRegionCodeTaken(tx: Tx, code: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: globalRegions.id })
    .from(globalRegions)
    .where(
      and(
        sql`lower(${globalRegions.code}) = lower(${code})`,
        exceptId ? sql`${globalRegions.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1)
  return Boolean(row)
}

/** What points at a global region: organizations and regions. */
export function globalRegionUses(tx: Tx, id: number) {
  return countUses(tx, {
    organizations: sql`select count(*) from "organizations" where "organization_region_id" = ${id}`,
    regions: sql`select count(*) from "regions" where "global_region_id" = ${id}`,
  })
}
