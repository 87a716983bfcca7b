import type { ListQuery, VoucherOrder } from '@spaceboard/domain'
import { and, count, eq, gte, ilike, lte, ne, type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { organizations, vouchers } from '../../db/schema/index.ts'
import { containsPattern, type ListWindow, orderBy, totalCount } from '../../platform/list.ts'

const columns = {
  id: vouchers.id,
  organization_id: vouchers.organizationId,
  organizationName: organizations.name,
  code: vouchers.code,
  type: vouchers.type,
  value: sql<number>`${vouchers.value}::float8`,
  valid_from: vouchers.validFrom,
  valid_to: vouchers.validTo,
  is_active: vouchers.isActive,
  updated_at: vouchers.updatedAt,
}
const sortable = {
  code: vouchers.code,
  type: vouchers.type,
  value: vouchers.value,
  valid_from: vouchers.validFrom,
  valid_to: vouchers.validTo,
  is_active: vouchers.isActive,
  updated_at: vouchers.updatedAt,
} satisfies Record<VoucherOrder, unknown>
export type VoucherValues = Omit<typeof vouchers.$inferInsert, 'id' | 'organizationId'>

export interface VoucherFilter {
  /** null: every organization (super). */
  organizationId: number | null
  search: string
  /** Only vouchers that can be used (pickers). */
  activeOnly?: boolean
  /** Only vouchers that apply on this day (YYYY-MM-DD): active and within their validity dates. */
  date?: string | undefined
}

/** The SQL twin of the domain's voucherAppliesOn(). */
function filter({ organizationId, search, activeOnly = false, date }: VoucherFilter): SQL | undefined {
  return and(
    organizationId === null ? undefined : eq(vouchers.organizationId, organizationId),
    search === '' ? undefined : ilike(vouchers.code, containsPattern(search)),
    activeOnly || date ? eq(vouchers.isActive, true) : undefined,
    date ? and(lte(vouchers.validFrom, date), gte(vouchers.validTo, date)) : undefined,
  )
}

export function listVouchers(
  tx: Tx,
  where: VoucherFilter,
  query: Pick<ListQuery<VoucherOrder>, 'order' | 'direct'>,
  window: ListWindow | null,
) {
  const base = tx
    .select({ ...columns, total: totalCount() })
    .from(vouchers)
    .innerJoin(organizations, eq(organizations.id, vouchers.organizationId))
    .where(filter(where))
    .orderBy(...orderBy(sortable, query, 'code', vouchers.id))
  return window ? base.limit(window.limit).offset(window.offset) : base
}

export async function countVouchers(tx: Tx, where: VoucherFilter) {
  const [row] = await tx.select({ n: count() }).from(vouchers).where(filter(where))
  return row?.n ?? 0
}

export async function findVoucher(tx: Tx, id: number) {
  const [row] = await tx
    .select(columns)
    .from(vouchers)
    .innerJoin(organizations, eq(organizations.id, vouchers.organizationId))
    .where(eq(vouchers.id, id))
  return row
}

/** Whether the organization has another voucher with this code. */
export async function voucherCodeTaken(tx: Tx, organizationId: number, code: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.organizationId, organizationId),
        eq(vouchers.code, code),
        exceptId === undefined ? undefined : ne(vouchers.id, exceptId),
      ),
    )
    .limit(1)
  return Boolean(row)
}

export async function insertVoucher(tx: Tx, organizationId: number, values: VoucherValues) {
  const [row] = await tx
    .insert(vouchers)
    .values({ ...values, organizationId })
    .returning({ id: vouchers.id })
  if (!row) throw new Error('insert returned nothing')
  return row.id
}

export async function updateVoucher(tx: Tx, id: number, values: VoucherValues) {
  await tx
    .update(vouchers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(vouchers.id, id))
}
