import { PlusOutlined } from '@ant-design/icons'
import { can, messages } from '@spaceboard/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button } from 'antd'
import { api } from '../../platform/api-client.ts'
import { useConfirm, useToast } from '../../platform/feedback.ts'
import { useFormatDate } from '../../platform/format.ts'
import { type ListColumn, ListPage, useListPage } from '../../platform/list-page.tsx'
import { type RowAction, RowActions } from '../../platform/row-actions.tsx'
import { useProfile } from '../../platform/session.ts'
import { StatusTag } from '../../platform/status-tag.tsx'
import { CENTER_ENDPOINT, type CenterOrder, type CenterRow, type CenterStatusChange } from './api.ts'

const route = getRouteApi('/_signed-in/admin/centers/list')

/**
 * Activate / Deactivate, Archive (after "Do you want to archive the Location / Center record?"),
 * Restore and (super) Delete permanently — all on PUT /api/center/{id}, each toasting the API's answer.
 */
function useCenterStatus() {
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirm = useConfirm()
  const change = useMutation({
    mutationFn: ({ id, body }: { id: number; body: CenterStatusChange }) =>
      api<{ message: string }>(`${CENTER_ENDPOINT}/${id}`, { method: 'PUT', body: { id, ...body } }),
    onSuccess: async ({ message }) => {
      toast.success(message)
      await queryClient.invalidateQueries({ queryKey: [CENTER_ENDPOINT] })
    },
    onError: (error) => toast.failure(error),
  })
  return {
    setActive: (id: number, active: boolean) => change.mutate({ id, body: { is_active: active ? 1 : 0 } }),
    archive: async (id: number) => {
      if (await confirm({ content: messages.confirmCenterArchive, danger: true }))
        change.mutate({ id, body: { deleted_at: new Date().toISOString() } })
    },
    restore: (id: number) => change.mutate({ id, body: { deleted_at: null } }),
    remove: async (id: number) => {
      if (await confirm({ content: messages.confirmDelete, danger: true }))
        change.mutate({ id, body: { code: 'PERMENANT' } })
    },
  }
}

/**
 * Locations / Centers (/admin/centers/list): Name, Organization (super), City, Contact Email,
 * Time Zone, Status, Created At; rows View, Edit, Activate or Deactivate, Archive or Restore and,
 * for super, Delete permanently. csr only views (spec 1 §6).
 */
export function CenterList() {
  const profile = useProfile()
  const search = route.useSearch()
  const navigate = useNavigate()
  const formatDate = useFormatDate()
  const list = useListPage<CenterRow, CenterOrder>({
    endpoint: CENTER_ENDPOINT,
    search,
    onSearchChange: (next) => void navigate({ to: '/admin/centers/list', search: next }),
  })
  const status = useCenterStatus()
  const canEdit = can(profile.type, 'centers.update')
  const canDelete = can(profile.type, 'centers.delete')

  const columns: ListColumn<CenterRow, CenterOrder>[] = [
    { title: 'Name', dataIndex: 'name', sortKey: 'name' },
  ]
  if (profile.type === 'super') {
    columns.push({ title: 'Organization', dataIndex: 'organizationName', sortKey: 'organizationName' })
  }
  columns.push(
    { title: 'City', dataIndex: 'city', sortKey: 'city' },
    { title: 'Contact Email', dataIndex: 'contact_email', sortKey: 'contact_email' },
    {
      title: 'Time Zone',
      dataIndex: 'timezone_id',
      render: (zone: string) => zone.replaceAll('_', ' '),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_: unknown, center: CenterRow) => <StatusTag record={center} />,
    },
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
      render: (_: unknown, center: CenterRow) => {
        const id = String(center.id)
        const archived = center.deleted_at !== null
        const actions: RowAction[] = [
          {
            key: 'view',
            label: 'View',
            onClick: () => void navigate({ to: '/admin/center/detail/$id', params: { id } }),
          },
        ]
        if (canEdit) {
          actions.push({
            key: 'edit',
            label: 'Edit',
            onClick: () => void navigate({ to: '/admin/center/edit/$id', params: { id } }),
          })
          if (!archived) {
            actions.push(
              center.is_active === 1
                ? {
                    key: 'deactivate',
                    label: 'Deactivate',
                    onClick: () => status.setActive(center.id, false),
                  }
                : { key: 'activate', label: 'Activate', onClick: () => status.setActive(center.id, true) },
            )
          }
          actions.push(
            archived
              ? { key: 'restore', label: 'Restore', onClick: () => status.restore(center.id) }
              : {
                  key: 'archive',
                  label: 'Archive',
                  danger: true,
                  onClick: () => void status.archive(center.id),
                },
          )
        }
        if (canDelete) {
          actions.push({
            key: 'delete',
            label: 'Delete permanently',
            danger: true,
            onClick: () => void status.remove(center.id),
          })
        }
        return <RowActions actions={actions} />
      },
    },
  )

  return (
    <ListPage<CenterRow, CenterOrder>
      title="Locations / Centers"
      list={list}
      columns={columns}
      actions={
        can(profile.type, 'centers.create') ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate({ to: '/admin/center/add' })}
          >
            Add Location / Center
          </Button>
        ) : null
      }
    />
  )
}
