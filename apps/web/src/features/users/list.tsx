import { CloseOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons'
import { can, creatableUserTypes, messages, type Profile, userTypes } from '@spaceboard/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Checkbox, Flex, Select, Tag } from 'antd'
import { api, queryString } from '../../platform/api-client.ts'
import { useRecord } from '../../platform/crud.ts'
import { useConfirm, useToast } from '../../platform/feedback.ts'
import { useFormatDateTime } from '../../platform/format.ts'
import { type ListColumn, ListPage, type ListSearch, useListPage } from '../../platform/list-page.tsx'
import { type RowAction, RowActions } from '../../platform/row-actions.tsx'
import { useProfile } from '../../platform/session.ts'
import { CLIENT_ENDPOINT, type ClientView } from '../clients/api.ts'
import { roleLabels } from '../profile/roles.ts'
import { USER_ENDPOINT, type UserOrder, type UserRow, type UserStatusCode } from './api.ts'
import { filterParams, type UserFilters, type UserListSearch } from './search.ts'

const route = getRouteApi('/_signed-in/admin/user/list')

/** Ours: the spec asks for a confirmation before archiving a user but gives no text. */
export const confirmUserArchive = 'Do you want to archive this user?'

/** Archive, Restore and (super) Delete permanently of a user, each toasting the API's answer. */
function useUserStatus() {
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirm = useConfirm()
  const change = useMutation({
    mutationFn: ({ id, code }: { id: number; code: UserStatusCode }) =>
      api<{ message: string }>(`${USER_ENDPOINT}/${id}/status`, { method: 'PUT', body: { code } }),
    onSuccess: async ({ message }) => {
      toast.success(message)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [USER_ENDPOINT] }),
        // A client's Registered Users count follows its users.
        queryClient.invalidateQueries({ queryKey: [CLIENT_ENDPOINT] }),
      ])
    },
    onError: (error) => toast.failure(error),
  })
  return {
    archive: async (id: number) => {
      if (await confirm({ content: confirmUserArchive, danger: true })) change.mutate({ id, code: 'ARCHIVE' })
    },
    restore: (id: number) => change.mutate({ id, code: 'RESTORE' }),
    remove: async (id: number) => {
      if (await confirm({ content: messages.confirmDelete, danger: true }))
        change.mutate({ id, code: 'PERMENANT' })
    },
  }
}

/**
 * Whether the person may change this user: super anyone, oneself, and otherwise the types they
 * may create (a csr only basic users) — what the API allows.
 */
export function canManage(
  profile: Pick<Profile, 'id' | 'type'>,
  user: { id: number; type: UserRow['type'] },
) {
  if (profile.type === 'super' || profile.id === user.id) return true
  return creatableUserTypes(profile.type).includes(user.type)
}

/** "Users of Acme Consulting ×": the client whose users are listed, with a way back to everybody. */
function ClientFilterTag({ clientId, onClear }: { clientId: number; onClear: () => void }) {
  const client = useRecord<ClientView>(CLIENT_ENDPOINT, clientId)
  const name = client.data?.name ?? (client.isError ? `#${clientId}` : '…')
  return (
    <Tag
      color="blue"
      style={{ fontSize: 14, paddingBlock: 4, paddingInline: 10, margin: 0 }}
      closable
      closeIcon={<CloseOutlined aria-label="Show all users" />}
      onClose={(event) => {
        event.preventDefault()
        onClear()
      }}
    >
      Users of client: <strong>{name}</strong>
    </Tag>
  )
}

/** The super filters, mirrored into the URL. */
function SuperFilters({ search, onChange }: { search: UserFilters; onChange: (next: UserFilters) => void }) {
  const toggle = (
    key: 'excludeInactiveOrganizations' | 'excludeArchived' | 'excludeSuper',
    label: string,
  ) => (
    <Checkbox
      checked={search[key] === true}
      onChange={(event) => onChange({ [key]: event.target.checked || undefined })}
    >
      {label}
    </Checkbox>
  )
  return (
    <Flex gap={16} align="center" wrap>
      {toggle('excludeInactiveOrganizations', 'Exclude users of inactive organizations')}
      {toggle('excludeArchived', 'Exclude archived')}
      {toggle('excludeSuper', 'Exclude super users')}
      <Select
        aria-label="User type"
        placeholder="User type"
        allowClear
        value={search.userType}
        onChange={(value) => onChange({ userType: value ?? undefined })}
        options={userTypes.map((type) => ({ value: type, label: roleLabels[type] }))}
        style={{ width: 160 }}
      />
    </Flex>
  )
}

/**
 * Users: First Name, Last Name, Email, Type, Client, Status, Organization (super), Last Login;
 * rows View, Edit, Archive or Restore, and for super Delete permanently. Super also filters and
 * exports the list to Excel; a clientId in the URL lists that client's users.
 */
export function UserList() {
  const profile = useProfile()
  const search = route.useSearch()
  const navigate = useNavigate()
  const isSuper = profile.type === 'super'
  const params = filterParams(search, isSuper)
  const go = (next: UserListSearch) => void navigate({ to: '/admin/user/list', search: next })
  const list = useListPage<UserRow, UserOrder>({
    endpoint: USER_ENDPOINT,
    search,
    // The list kit changes search, sort and page; the filters stay as they are.
    onSearchChange: (next: ListSearch<UserOrder>) => go({ ...search, ...next }),
    params,
  })
  const status = useUserStatus()
  const formatDateTime = useFormatDateTime()
  const canArchive = can(profile.type, 'users.archive')
  const canDelete = can(profile.type, 'users.delete')

  const columns: ListColumn<UserRow, UserOrder>[] = [
    { title: 'First Name', dataIndex: 'first_name', sortKey: 'first_name' },
    { title: 'Last Name', dataIndex: 'last_name', sortKey: 'last_name' },
    { title: 'Email', dataIndex: 'email', sortKey: 'email' },
    {
      title: 'Type',
      dataIndex: 'type',
      sortKey: 'type',
      render: (type: UserRow['type']) => roleLabels[type],
    },
    {
      title: 'Client',
      dataIndex: 'clientName',
      sortKey: 'clientName',
      render: (name: string | null) => name ?? '',
    },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (value: UserRow['status']) => (
        <Tag color={value === 'Active' ? 'green' : 'default'}>{value}</Tag>
      ),
    },
  ]
  if (isSuper) {
    columns.push({
      title: 'Organization',
      dataIndex: 'organizationName',
      sortKey: 'organizationName',
      render: (name: string | null) => name ?? '',
    })
  }
  columns.push(
    {
      title: 'Last Login',
      dataIndex: 'lastLogin',
      sortKey: 'lastLogin',
      render: (value: string | null) => formatDateTime(value),
    },
    {
      title: 'Action',
      key: 'action',
      width: 120,
      render: (_: unknown, user: UserRow) => {
        const manageable = canManage(profile, user)
        const self = user.id === profile.id
        const archived = user.deleted_at !== null
        const actions: RowAction[] = [
          {
            key: 'view',
            label: 'View',
            onClick: () => void navigate({ to: '/admin/user/detail/$id', params: { id: String(user.id) } }),
          },
        ]
        if (manageable && can(profile.type, 'users.update')) {
          actions.push({
            key: 'edit',
            label: 'Edit',
            onClick: () => void navigate({ to: '/admin/user/edit/$id', params: { id: String(user.id) } }),
          })
        }
        // Nobody archives or deletes themselves.
        if (manageable && canArchive && !self) {
          actions.push(
            archived
              ? { key: 'restore', label: 'Restore', onClick: () => status.restore(user.id) }
              : {
                  key: 'archive',
                  label: 'Archive',
                  danger: true,
                  onClick: () => void status.archive(user.id),
                },
          )
        }
        if (canDelete && !self) {
          actions.push({
            key: 'delete',
            label: 'Delete permanently',
            danger: true,
            onClick: () => void status.remove(user.id),
          })
        }
        return <RowActions actions={actions} />
      },
    },
  )

  const exportHref = `${USER_ENDPOINT}${queryString({
    report: 1,
    search: search.search,
    order: search.order,
    direct: search.direct,
    ...params,
  })}`

  const toolbar =
    search.clientId !== undefined || isSuper ? (
      <Flex vertical gap={8}>
        {search.clientId !== undefined ? (
          <div>
            <ClientFilterTag
              clientId={search.clientId}
              onClear={() => go({ ...search, clientId: undefined, page: 1 })}
            />
          </div>
        ) : null}
        {isSuper ? (
          <SuperFilters search={search} onChange={(next) => go({ ...search, ...next, page: 1 })} />
        ) : null}
      </Flex>
    ) : null

  return (
    <ListPage<UserRow, UserOrder>
      title="Users"
      list={list}
      columns={columns}
      toolbar={toolbar}
      actions={
        <>
          {can(profile.type, 'users.export') ? (
            <Button icon={<DownloadOutlined />} href={exportHref} download="User List.xlsx">
              Export
            </Button>
          ) : null}
          {can(profile.type, 'users.create') ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate({ to: '/admin/user/add' })}
            >
              Add User
            </Button>
          ) : null}
        </>
      }
    />
  )
}
