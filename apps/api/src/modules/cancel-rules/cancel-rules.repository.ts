import type { ListQuery } from '@spaceboard/domain'
import { and, count, eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { preparedQueries } from '../../db/prepared.ts'
import { cancelRules, organizations } from '../../db/schema/index.ts'
import { type ListWindow, orderBy, totalCount } from '../../platform/list.ts'

const columns = {
  id: cancelRules.id,
  organization_id: cancelRules.organizationId,
  organizationName: organizations.name,
  min_day: cancelRules.minDay,
  max_day: cancelRules.maxDay,
  max_attendee: cancelRules.maxAttendee,
  refund_percent: sql<number>`${cancelRules.refundPercent}::float8`,
  updated_at: cancelRules.updatedAt,
}
const sortable = {
  min_day: cancelRules.minDay,
  max_day: cancelRules.maxDay,
  max_attendee: cancelRules.maxAttendee,
  refund_percent: cancelRules.refundPercent,
  updated_at: cancelRules.updatedAt,
}
export type CancelRuleOrder = keyof typeof sortable
export type CancelRuleValues = Omit<typeof cancelRules.$inferInsert, 'id' | 'organizationId'>

/** Rules hold numbers only, so search matches a number in any of them; any other search, none. */
function searchOf(search: string) {
  return search === '' ? 'none' : /^\d{1,11}$/.test(search) ? 'number' : 'nothing'
}

interface FilterShape {
  organization: boolean
  search: ReturnType<typeof searchOf>
}

function filter(shape: FilterShape) {
  const number = sql.placeholder('number')
  return and(
    shape.organization ? eq(cancelRules.organizationId, sql.placeholder('organizationId')) : undefined,
    shape.search === 'none'
      ? undefined
      : shape.search === 'nothing'
        ? sql`false`
        : sql`(${cancelRules.minDay} = ${number} or ${cancelRules.maxDay} = ${number} or ${cancelRules.maxAttendee} = ${number} or ${cancelRules.refundPercent} = ${number})`,
  )
}

function filterValues(organizationId: number | null, search: string) {
  return { organizationId, number: searchOf(search) === 'number' ? Number(search) : null }
}

const pageOfCancelRules = preparedQueries(
  'cancel_rule_list',
  (tx, shape: FilterShape & Pick<ListQuery<CancelRuleOrder>, 'order' | 'direct'> & { window: boolean }) => {
    const base = tx
      .select({ ...columns, total: totalCount() })
      .from(cancelRules)
      .innerJoin(organizations, eq(organizations.id, cancelRules.organizationId))
      .where(filter(shape))
      .orderBy(...orderBy(sortable, shape, 'min_day', cancelRules.id))
      .$dynamic()
    return shape.window ? base.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : base
  },
)

export function listCancelRules(
  tx: Tx,
  organizationId: number | null,
  query: ListQuery<CancelRuleOrder>,
  window: ListWindow | null,
) {
  return pageOfCancelRules(
    tx,
    {
      organization: organizationId !== null,
      search: searchOf(query.search),
      order: query.order,
      direct: query.direct,
      window: Boolean(window),
    },
    { ...filterValues(organizationId, query.search), limit: window?.limit, offset: window?.offset },
  )
}

export async function countCancelRules(tx: Tx, organizationId: number | null, search: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(cancelRules)
    .where(filter({ organization: organizationId !== null, search: searchOf(search) }))
    .execute(filterValues(organizationId, search))
  return row?.n ?? 0
}

export async function findCancelRule(tx: Tx, id: number) {
  const [row] = await tx
    .select(columns)
    .from(cancelRules)
    .innerJoin(organizations, eq(organizations.id, cancelRules.organizationId))
    .where(eq(cancelRules.id, id))
  return row
}

/** The organization's rules, read after locking its row so two saves cannot both pass the overlap check. */
export async function rulesOfOrganizationLocked(tx: Tx, organizationId: number) {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update')
  return tx
    .select({
      id: cancelRules.id,
      min_day: cancelRules.minDay,
      max_day: cancelRules.maxDay,
      max_attendee: cancelRules.maxAttendee,
    })
    .from(cancelRules)
    .where(eq(cancelRules.organizationId, organizationId))
}

export async function insertCancelRule(tx: Tx, organizationId: number, values: CancelRuleValues) {
  const [row] = await tx
    .insert(cancelRules)
    .values({ ...values, organizationId })
    .returning({ id: cancelRules.id })
  if (!row) throw new Error('insert returned nothing')
  return row.id
}

export async function updateCancelRule(tx: Tx, id: number, values: CancelRuleValues) {
  await tx
    .update(cancelRules)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(cancelRules.id, id))
}

export async function deleteCancelRule(tx: Tx, id: number) {
  await tx.delete(cancelRules).where(eq(cancelRules.id, id))
}
