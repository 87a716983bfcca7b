import { useQuery } from '@tanstack/react-query'
import { Form, Input, Table, Typography } from 'antd'
import { type PackageCodes, packageCodesQuery } from '../packages/api.ts'

/**
 * The organization's package deals with their account code and inventory item code for the billing
 * export (fields packagesAccountCode / packagesInventoryItemCode, by package id).
 */
export function PackageCodesTable({ organizationId }: { organizationId: number }) {
  const packages = useQuery(packageCodesQuery(organizationId))
  const input = (
    field: 'packagesAccountCode' | 'packagesInventoryItemCode',
    pkg: PackageCodes,
    label: string,
  ) => (
    <Form.Item name={[field, String(pkg.id)]} style={{ marginBottom: 0 }}>
      <Input maxLength={100} aria-label={`${pkg.name} ${label}`} placeholder={label} />
    </Form.Item>
  )
  return (
    <>
      <Typography.Title level={5}>Package Deals</Typography.Title>
      <Table<PackageCodes>
        rowKey="id"
        size="small"
        pagination={false}
        style={{ marginBottom: 16 }}
        loading={packages.isPending}
        dataSource={packages.data ?? []}
        locale={{ emptyText: 'No package deals' }}
        columns={[
          { title: 'Package', dataIndex: 'name', width: '40%' },
          {
            title: 'Account code',
            key: 'account_code',
            render: (_, pkg) => input('packagesAccountCode', pkg, 'account code'),
          },
          {
            title: 'Inventory item code',
            key: 'inventory_item_code',
            render: (_, pkg) => input('packagesInventoryItemCode', pkg, 'inventory item code'),
          },
        ]}
      />
    </>
  )
}
