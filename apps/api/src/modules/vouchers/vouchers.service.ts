import {
  centsToDecimal,
  type ListQuery,
  toCents,
  type VoucherOrder,
  type VoucherSaveInput,
  voucherMessages,
} from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.ts'
import type { ListWindow } from '../../platform/list.ts'
import { organizationForCreate } from '../../platform/tenancy.repository.ts'
import { assertSameOrganization, organizationForRead } from '../../platform/tenancy.ts'
import * as repo from './vouchers.repository.ts'

export type VoucherListQuery = ListQuery<VoucherOrder> & {
  organization_id?: number | undefined
  date?: string | undefined
}

/** Non-super users see their own organization's vouchers; super all, or one organization's. */
function filterOf({ actor }: Ctx, query: VoucherListQuery): repo.VoucherFilter {
  return {
    organizationId: organizationForRead(actor, query.organization_id),
    search: query.search,
    // `all=1` is the pickers' call: only vouchers that can be used.
    activeOnly: query.all !== undefined,
    date: query.date,
  }
}

export function listVouchers(ctx: Ctx, query: VoucherListQuery, window: ListWindow | null) {
  return repo.listVouchers(ctx.tx, filterOf(ctx, query), query, window)
}

export function countVouchers(ctx: Ctx, query: VoucherListQuery) {
  return repo.countVouchers(ctx.tx, filterOf(ctx, query))
}

/** Another organization's voucher is a 404, as if it did not exist. */
export async function getVoucher({ tx, actor }: Ctx, id: number) {
  const voucher = await repo.findVoucher(tx, id)
  if (!voucher) throw notFound()
  assertSameOrganization(actor, voucher.organization_id)
  return voucher
}

function valuesOf(input: VoucherSaveInput): repo.VoucherValues {
  return {
    code: input.code,
    type: input.type,
    value: centsToDecimal(toCents(input.value)),
    validFrom: input.valid_from,
    validTo: input.valid_to,
    isActive: input.is_active,
  }
}

const codeExists = () => conflict(voucherMessages.codeExists, { code: voucherMessages.codeExists })

async function refuseTakenCode(ctx: Ctx, organizationId: number, code: string, exceptId?: number) {
  if (await repo.voucherCodeTaken(ctx.tx, organizationId, code, exceptId)) throw codeExists()
}

/** A save that raced another with the same code past the check: the unique constraint says so. */
async function mapDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error, 'vouchers_org_code_unique')) throw codeExists()
    throw error
  }
}

export async function createVoucher(ctx: Ctx, input: VoucherSaveInput) {
  const organizationId = await organizationForCreate(ctx, input.organization_id)
  await refuseTakenCode(ctx, organizationId, input.code)
  const id = await mapDuplicate(() => repo.insertVoucher(ctx.tx, organizationId, valuesOf(input)))
  return getVoucher(ctx, id)
}

/** Saves the form; the voucher stays in its organization (organization_id of the payload is ignored). */
export async function updateVoucher(ctx: Ctx, id: number, input: VoucherSaveInput) {
  const voucher = await getVoucher(ctx, id)
  await refuseTakenCode(ctx, voucher.organization_id, input.code, id)
  await mapDuplicate(() => repo.updateVoucher(ctx.tx, id, valuesOf(input)))
  return getVoucher(ctx, id)
}
