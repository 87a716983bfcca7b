import { PlusOutlined } from '@ant-design/icons'
import { can } from '@spaceboard/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Flex, Tag } from 'antd'
import { api } from '../../platform/api-client.ts'
import { useConfirm, useToast } from '../../platform/feedback.ts'
import { type ListColumn, ListPage, useListPage } from '../../platform/list-page.tsx'
import { type RowAction, RowActions } from '../../platform/row-actions.tsx'
import { useProfile } from '../../platform/session.ts'
import { USER_ENDPOINT } from '../users/api.ts'
import { CLIENT_ENDPOINT, type ClientOrder, type ClientRow } from './api.ts'

const route = getRouteApi('/_signed-in/admin/client/list')

/** Ours: the spec asks for a confirmation before archiving a client but gives no text. */
export const confirmClientArchive =
  'Do you want to archive this client? All of its users will be archived too.'

/**
 * Archive (DELETE, which archives the client's users too) and Restore (which reactivates them) of
 * a client, each toasting the API's message; clients and users are refetched afterwards.
 */
function useClientStatus() {
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirm = useConfirm()
  const done = async ({ message }: { message: string }) => {
    toast.success(message)
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [CLIENT_ENDPOINT] }),
      queryClient.invalidateQueries({ queryKey: [USER_ENDPOINT] }),
    ])
  }
  const archive = useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`${CLIENT_ENDPOINT}/${id}`, { method: 'DELETE' }),
    onSuccess: done,
    onError: (error) => toast.failure(error),
  })
  const restore = useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(`${CLIENT_ENDPOINT}/${id}/restore`, {
        method: 'PUT',
        body: { id, code: 'RESTORE', deleted_at: null },
      }),
    onSuccess: done,
    onError: (error) => toast.failure(error),
  })
  return {
    archive: async (id: number) => {
      if (await confirm({ content: confirmClientArchive, danger: true })) archive.mutate(id)
    },
    restore: (id: number) => restore.mutate(id),
  }
}

/**
 * Clients (Companies): Unique Client ID, Organization (super), Name, Registered Users, Registered
 * By, all sortable on the server; View Users, Edit Client, and Archive Client or Restore Client.
 */
export function ClientList() {
  const profile = useProfile()
  const search = route.useSearch()
  const navigate = useNavigate()
  const list = useListPage<ClientRow, ClientOrder>({
    endpoint: CLIENT_ENDPOINT,
    search,
    onSearchChange: (next) => void navigate({ to: '/admin/client/list', search: next }),
  })
  const status = useClientStatus()
  const canArchive = can(profile.type, 'clients.archive')

  const columns: ListColumn<ClientRow, ClientOrder>[] = [
    { title: 'Unique Client ID', dataIndex: 'external_client_id', sortKey: 'external_client_id' },
  ]
  if (profile.type === 'super') {
    columns.push({ title: 'Organization', dataIndex: 'organizationName', sortKey: 'organizationName' })
  }
  columns.push(
    {
      title: 'Name',
      dataIndex: 'name',
      sortKey: 'name',
      render: (name: string, client: ClientRow) => (
        <Flex gap={8} align="center" wrap>
          {name}
          {client.deleted_at ? <Tag color="default">Archived</Tag> : null}
        </Flex>
      ),
    },
    { title: 'Registered Users', dataIndex: 'registeredUser', sortKey: 'registeredUser', width: 160 },
    {
      title: 'Registered By',
      dataIndex: 'alterUserName',
      sortKey: 'alterUserName',
      render: (name: string | null) => name ?? '',
    },
    {
      title: 'Action',
      key: 'action',
      width: 120,
      render: (_: unknown, client: ClientRow) => {
        const actions: RowAction[] = [
          {
            key: 'users',
            label: 'View Users',
            onClick: () => void navigate({ to: '/admin/user/list', search: { clientId: client.id } }),
          },
        ]
        if (can(profile.type, 'clients.update')) {
          actions.push({
            key: 'edit',
            label: 'Edit Client',
            onClick: () => void navigate({ to: '/admin/client/edit/$id', params: { id: String(client.id) } }),
          })
        }
        if (canArchive && client.deleted_at === null) {
          actions.push({
            key: 'archive',
            label: 'Archive Client',
            danger: true,
            onClick: () => void status.archive(client.id),
          })
        }
        if (canArchive && client.deleted_at !== null) {
          actions.push({ key: 'restore', label: 'Restore Client', onClick: () => status.restore(client.id) })
        }
        return <RowActions actions={actions} />
      },
    },
  )

  return (
    <ListPage<ClientRow, ClientOrder>
      title="Clients"
      list={list}
      columns={columns}
      actions={
        can(profile.type, 'clients.create') ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate({ to: '/admin/client/add' })}
          >
            Add Client
          </Button>
        ) : null
      }
    />
  )
}
