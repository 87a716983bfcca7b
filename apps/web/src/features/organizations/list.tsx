import { PlusOutlined } from '@ant-design/icons'
import { messages, type organizationOrderKeys } from '@spaceboard/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Flex, Tag, Typography } from 'antd'
import { api } from '../../platform/api-client.ts'
import { useConfirm, useToast } from '../../platform/feedback.ts'
import { useFormatDate } from '../../platform/format.ts'
import { type ListColumn, ListPage, useListPage } from '../../platform/list-page.tsx'
import { RowActions } from '../../platform/row-actions.tsx'
import { ORGANIZATION_ENDPOINT, type OrganizationRow } from './api.ts'

type OrganizationOrder = (typeof organizationOrderKeys)[number]

const route = getRouteApi('/_signed-in/admin/organization/list')

/** Archive and restore of an organization, with the spec's toasts; the list refetches afterwards. */
function useArchive() {
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirm = useConfirm()
  const refresh = () => queryClient.invalidateQueries({ queryKey: [ORGANIZATION_ENDPOINT] })
  const archive = useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(`${ORGANIZATION_ENDPOINT}/${id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      toast.success(messages.organizationArchived)
      await refresh()
    },
    onError: (error) => toast.failure(error),
  })
  const restore = useMutation({
    // Restore sends the organization's time format back, dd/mm when it has none (spec 1 §4).
    mutationFn: (row: OrganizationRow) =>
      api<{ message: string }>(`${ORGANIZATION_ENDPOINT}/${row.id}/restore`, {
        method: 'PUT',
        body: { time_format: row.time_format || 'dd/mm' },
      }),
    onSuccess: async () => {
      toast.success(messages.organizationRestored)
      await refresh()
    },
    onError: (error) => toast.failure(error),
  })
  return {
    archive: async (row: OrganizationRow) => {
      if (await confirm({ content: messages.confirmArchiveOrganization(row.name), danger: true }))
        archive.mutate(row.id)
    },
    restore: (row: OrganizationRow) => restore.mutate(row),
  }
}

/** Organizations (super): Name, Contact Number, Contact Email, Created At; Edit, Archive or Restore. */
export function OrganizationList() {
  const formatDate = useFormatDate()
  const search = route.useSearch()
  const navigate = useNavigate()
  const routeNavigate = route.useNavigate()
  const list = useListPage<OrganizationRow, OrganizationOrder>({
    endpoint: ORGANIZATION_ENDPOINT,
    search,
    onSearchChange: (next) => void routeNavigate({ search: next }),
  })
  const { archive, restore } = useArchive()
  const edit = (id: number) =>
    void navigate({ to: '/admin/organization/edit/$id', params: { id: String(id) } })

  const columns: ListColumn<OrganizationRow, OrganizationOrder>[] = [
    {
      title: 'Name',
      dataIndex: 'name',
      sortKey: 'name',
      render: (name: string, row) => (
        <Flex gap={8} align="center" wrap>
          <Typography.Text type={row.deleted_at ? 'secondary' : undefined} delete={Boolean(row.deleted_at)}>
            {name}
          </Typography.Text>
          {row.deleted_at ? <Tag color="red">Archived</Tag> : null}
        </Flex>
      ),
    },
    { title: 'Contact Number', dataIndex: 'contact_number', sortKey: 'contact_number' },
    { title: 'Contact Email', dataIndex: 'contact_email', sortKey: 'contact_email' },
    {
      title: 'Created At',
      dataIndex: 'created_at',
      sortKey: 'created_at',
      render: (value: string) => formatDate(value),
    },
    {
      title: 'Action',
      key: 'action',
      width: 120,
      render: (_: unknown, row: OrganizationRow) => (
        <RowActions
          actions={[
            { key: 'edit', label: 'Edit', onClick: () => edit(row.id) },
            row.deleted_at
              ? { key: 'restore', label: 'Restore', onClick: () => restore(row) }
              : { key: 'archive', label: 'Archive', danger: true, onClick: () => void archive(row) },
          ]}
        />
      ),
    },
  ]

  return (
    <ListPage<OrganizationRow, OrganizationOrder>
      title="Organizations"
      list={list}
      columns={columns}
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => void navigate({ to: '/admin/organization/add' })}
        >
          Add Organization
        </Button>
      }
    />
  )
}
