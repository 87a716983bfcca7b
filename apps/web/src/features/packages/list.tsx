import { PlusOutlined } from '@ant-design/icons'
import { can, messages, PACKAGE_PAGER_THRESHOLD, packageTypes } from '@spaceboard/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Tag } from 'antd'
import { api } from '../../platform/api-client.ts'
import { useRecordMutations } from '../../platform/crud.ts'
import { useToast } from '../../platform/feedback.ts'
import { type ListColumn, ListPage, useListPage } from '../../platform/list-page.tsx'
import { type RowAction, RowActions } from '../../platform/row-actions.tsx'
import { useProfile } from '../../platform/session.ts'
import { PACKAGE_ENDPOINT, type PackageOrder, type PackageRow, type PackageStatus } from './api.ts'

const route = getRouteApi('/_signed-in/admin/package/list')

export const typeLabel = (type: string) => packageTypes.find((t) => t.value === type)?.label ?? type

export function PackageStatusTag({ status }: { status: PackageStatus }) {
  return status === 'enable' ? <Tag color="green">Active</Tag> : <Tag color="orange">Inactive</Tag>
}

/** Activate / De-activate: PUT /api/package/{id} {id, code: 'ACTIVE_INACTIVE', status}. */
function usePackageStatus() {
  const queryClient = useQueryClient()
  const toast = useToast()
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: PackageStatus }) =>
      api<{ message: string }>(`${PACKAGE_ENDPOINT}/${id}`, {
        method: 'PUT',
        body: { id, code: 'ACTIVE_INACTIVE', status },
      }),
    onSuccess: async ({ message }) => {
      toast.success(message ?? messages.recordUpdated)
      await queryClient.invalidateQueries({ queryKey: [PACKAGE_ENDPOINT] })
    },
    onError: (error) => toast.failure(error),
  })
}

/**
 * Package Deals (/admin/package/list): name, minimum attendees, type, status, organization, the
 * selected centers and spaces. Rows: View, Edit and Activate / De-activate (not for csr), Delete
 * (super). The pager shows as soon as there is a package (spec 1 §9).
 */
export function PackageList() {
  const profile = useProfile()
  const search = route.useSearch()
  const navigate = useNavigate()
  const list = useListPage<PackageRow, PackageOrder>({
    endpoint: PACKAGE_ENDPOINT,
    search,
    onSearchChange: (next) => void navigate({ to: '/admin/package/list', search: next }),
    pagerThreshold: PACKAGE_PAGER_THRESHOLD,
  })
  const status = usePackageStatus()
  const { remove } = useRecordMutations<unknown, PackageRow>(PACKAGE_ENDPOINT)
  const canWrite = can(profile.type, 'packages.write')
  const canDelete = can(profile.type, 'packages.delete')

  const columns: ListColumn<PackageRow, PackageOrder>[] = [
    { title: 'Name', dataIndex: 'name', sortKey: 'name' },
    { title: 'Min Attendees', dataIndex: 'min_attendees', sortKey: 'min_attendees', align: 'right' },
    { title: 'Type', dataIndex: 'type', sortKey: 'type', render: typeLabel },
    {
      title: 'Status',
      dataIndex: 'status',
      sortKey: 'status',
      render: (value: PackageStatus) => <PackageStatusTag status={value} />,
    },
    { title: 'Organization', dataIndex: 'organizationName', sortKey: 'organizationName' },
    { title: 'Selected Centers', dataIndex: 'selectedCenters' },
    { title: 'Selected Spaces', dataIndex: 'selectedSpaces' },
    {
      title: 'Action',
      key: 'action',
      width: 120,
      render: (_: unknown, pkg: PackageRow) => {
        const id = String(pkg.id)
        const actions: RowAction[] = [
          {
            key: 'view',
            label: 'View',
            onClick: () => void navigate({ to: '/admin/package/detail/$id', params: { id } }),
          },
          {
            key: 'edit',
            label: 'Edit',
            disabled: !canWrite,
            onClick: () => void navigate({ to: '/admin/package/edit/$id', params: { id } }),
          },
          pkg.status === 'enable'
            ? {
                key: 'deactivate',
                label: 'De-activate',
                disabled: !canWrite,
                onClick: () => status.mutate({ id: pkg.id, status: 'disable' }),
              }
            : {
                key: 'activate',
                label: 'Activate',
                disabled: !canWrite,
                onClick: () => status.mutate({ id: pkg.id, status: 'enable' }),
              },
        ]
        if (canDelete) {
          actions.push({ key: 'delete', label: 'Delete', danger: true, onClick: () => void remove(pkg.id) })
        }
        return <RowActions actions={actions} />
      },
    },
  ]

  return (
    <ListPage<PackageRow, PackageOrder>
      title="Package Deals"
      list={list}
      columns={columns}
      actions={
        canWrite ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate({ to: '/admin/package/add' })}
          >
            Add Package
          </Button>
        ) : null
      }
    />
  )
}
