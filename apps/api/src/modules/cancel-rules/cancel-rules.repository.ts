import type { ListQuery } from '@spaceboard/domain'
import { and, count, eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
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

/** Rules hold numbers only, so search matches a number in any of them. */
function filter(organizationId: number | null, search: string) {
  const number = /^\d{1,11}$/.test(search) ? Number(search) : null
  return and(
    organizationId === null ? undefined : eq(cancelRules.organizationId, organizationId),
    search === ''
      ? undefined
      : number === null
        ? sql`false`
        : sql`(${cancelRules.minDay} = ${number} or ${cancelRules.maxDay} = ${number} or ${cancelRules.maxAttendee} = ${number} or ${cancelRules.refundPercent} = ${number})`,
  )
}

export function listCancelRules(
  tx: Tx,
  organizationId: number | null,
  query: ListQuery<CancelRuleOrder>,
  window: ListWindow | null,
) {
  const base = tx
    .select({ ...columns, total: totalCount() })
    .from(cancelRules)
    .innerJoin(organizations, eq(organizations.id, cancelRules.organizationId))
    .where(filter(organizationId, query.search))
    .orderBy(...orderBy(sortable, query, 'min_day', cancelRules.id))
  return window ? base.limit(window.limit).offset(window.offset) : base
}

export async function countCancelRules(tx: Tx, organizationId: number | null, search: string) {
  const [row] = await tx.select({ n: count() }).from(cancelRules).where(filter(organizationId, search))
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
