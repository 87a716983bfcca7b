import type { ListQuery, VoucherOrder } from '@spaceboard/domain'
import { and, count, eq, gte, ilike, lte, ne, type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { preparedQueries } from '../../db/prepared.ts'
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

function filterShape({ organizationId, search, activeOnly = false, date }: VoucherFilter) {
  return {
    organization: organizationId !== null,
    search: search !== '',
    activeOnly: activeOnly || Boolean(date),
    date: Boolean(date),
  }
}
type FilterShape = ReturnType<typeof filterShape>

function filterValues({ organizationId, search, date }: VoucherFilter) {
  return { organizationId, pattern: containsPattern(search), date }
}

/** The SQL twin of the domain's voucherAppliesOn(). */
function filter(shape: FilterShape): SQL | undefined {
  const date = sql.placeholder('date')
  return and(
    shape.organization ? eq(vouchers.organizationId, sql.placeholder('organizationId')) : undefined,
    shape.search ? ilike(vouchers.code, sql.placeholder('pattern')) : undefined,
    shape.activeOnly ? eq(vouchers.isActive, true) : undefined,
    shape.date ? and(lte(vouchers.validFrom, date), gte(vouchers.validTo, date)) : undefined,
  )
}

const pageOfVouchers = preparedQueries(
  'voucher_list',
  (tx, shape: FilterShape & Pick<ListQuery<VoucherOrder>, 'order' | 'direct'> & { window: boolean }) => {
    const base = tx
      .select({ ...columns, total: totalCount() })
      .from(vouchers)
      .innerJoin(organizations, eq(organizations.id, vouchers.organizationId))
      .where(filter(shape))
      .orderBy(...orderBy(sortable, shape, 'code', vouchers.id))
      .$dynamic()
    return shape.window ? base.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : base
  },
)

export function listVouchers(
  tx: Tx,
  where: VoucherFilter,
  query: Pick<ListQuery<VoucherOrder>, 'order' | 'direct'>,
  window: ListWindow | null,
) {
  return pageOfVouchers(
    tx,
    { ...filterShape(where), order: query.order, direct: query.direct, window: Boolean(window) },
    { ...filterValues(where), limit: window?.limit, offset: window?.offset },
  )
}

export async function countVouchers(tx: Tx, where: VoucherFilter) {
  const [row] = await tx
    .select({ n: count() })
    .from(vouchers)
    .where(filter(filterShape(where)))
    .execute(filterValues(where))
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
