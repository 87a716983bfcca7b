import { PlusOutlined } from '@ant-design/icons'
import {
  can,
  centsToDecimal,
  formatMoney,
  toCents,
  type VoucherOrder,
  type VoucherType,
  voucherTypes,
} from '@spaceboard/domain'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button } from 'antd'
import { useFormatDate } from '../../platform/format.ts'
import { type ListColumn, ListPage, useListPage } from '../../platform/list-page.tsx'
import { useOrganizationOptions } from '../../platform/organization-select.tsx'
import { RowActions } from '../../platform/row-actions.tsx'
import { useProfile } from '../../platform/session.ts'
import { StatusTag } from '../../platform/status-tag.tsx'

export const VOUCHER_ENDPOINT = '/api/voucher'

/** A row of GET /api/voucher (and GET /api/voucher/{id}). */
export interface Voucher {
  id: number
  organization_id: number
  organizationName: string
  code: string
  type: VoucherType
  value: number
  /** YYYY-MM-DD */
  valid_from: string
  valid_to: string
  is_active: boolean
  updated_at: string
}

const route = getRouteApi('/_signed-in/admin/voucher/list')

const typeLabels = Object.fromEntries(voucherTypes.map((t) => [t.value, t.label])) as Record<
  VoucherType,
  string
>

/** "10.00 %" for a percent voucher, "A$25.00" for a fixed amount in the organization's currency. */
export function formatVoucherValue(type: VoucherType, value: number, currency?: string | null): string {
  const amount = toCents(value)
  if (type === 'percent') return `${centsToDecimal(amount)} %`
  // Until the organization's currency is known, no symbol rather than a wrong one.
  return currency ? formatMoney(amount, currency) : centsToDecimal(amount)
}

/**
 * Vouchers (/admin/voucher/list): code, organization (super), type, value, validity and status;
 * Add and Edit for the roles that may issue vouchers. A voucher is switched off, never deleted.
 */
export function VoucherList() {
  const profile = useProfile()
  const search = route.useSearch()
  const navigate = useNavigate()
  const formatDate = useFormatDate()
  const list = useListPage<Voucher, VoucherOrder>({
    endpoint: VOUCHER_ENDPOINT,
    search,
    onSearchChange: (next) => void navigate({ to: '/admin/voucher/list', search: next }),
  })
  const canWrite = can(profile.type, 'vouchers.write')
  const organizations = useOrganizationOptions()
  const currencyOf = (organizationId: number) =>
    organizations.data?.find((o) => o.id === organizationId)?.currency_code ?? null

  const columns: ListColumn<Voucher, VoucherOrder>[] = [{ title: 'Code', dataIndex: 'code', sortKey: 'code' }]
  if (profile.type === 'super') columns.push({ title: 'Organization', dataIndex: 'organizationName' })
  columns.push(
    {
      title: 'Type',
      dataIndex: 'type',
      sortKey: 'type',
      render: (type: VoucherType) => typeLabels[type],
    },
    {
      title: 'Value',
      dataIndex: 'value',
      sortKey: 'value',
      align: 'right',
      render: (value: number, voucher: Voucher) =>
        formatVoucherValue(voucher.type, value, currencyOf(voucher.organization_id)),
    },
    {
      title: 'Valid From',
      dataIndex: 'valid_from',
      sortKey: 'valid_from',
      render: (value: string) => formatDate(value),
    },
    {
      title: 'Valid To',
      dataIndex: 'valid_to',
      sortKey: 'valid_to',
      render: (value: string) => formatDate(value),
    },
    {
      title: 'Status',
      dataIndex: 'is_active',
      sortKey: 'is_active',
      render: (active: boolean) => <StatusTag record={{ is_active: active ? 1 : 0, deleted_at: null }} />,
    },
  )
  if (canWrite) {
    columns.push({
      title: 'Action',
      key: 'action',
      width: 120,
      render: (_: unknown, voucher: Voucher) => (
        <RowActions
          actions={[
            {
              key: 'edit',
              label: 'Edit',
              onClick: () =>
                void navigate({ to: '/admin/voucher/edit/$id', params: { id: String(voucher.id) } }),
            },
          ]}
        />
      ),
    })
  }

  return (
    <ListPage<Voucher, VoucherOrder>
      title="Vouchers"
      list={list}
      columns={columns}
      actions={
        canWrite ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate({ to: '/admin/voucher/add' })}
          >
            Add Voucher
          </Button>
        ) : null
      }
    />
  )
}
