import { PlusOutlined } from '@ant-design/icons'
import { type ClientType, can, type clientTypeOrderKeys } from '@spaceboard/domain'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Flex, Tag } from 'antd'
import { useRecordMutations } from '../../platform/crud.ts'
import { type ListColumn, ListPage, useListPage } from '../../platform/list-page.tsx'
import { RowActions } from '../../platform/row-actions.tsx'
import { useProfile } from '../../platform/session.ts'
import { CLIENT_TYPE_ENDPOINT, clientTypeDeletePath } from './form.tsx'

type ClientTypeOrder = (typeof clientTypeOrderKeys)[number]

const route = getRouteApi('/_signed-in/admin/client-types/list')

/**
 * Client Types: Name and an action menu. The shared default types cannot be changed (their menu is
 * disabled); csr neither adds (no Add button) nor deletes (the item is disabled).
 */
export function ClientTypeList() {
  const profile = useProfile()
  const search = route.useSearch()
  const navigate = useNavigate()
  const list = useListPage<ClientType, ClientTypeOrder>({
    endpoint: CLIENT_TYPE_ENDPOINT,
    search,
    onSearchChange: (next) => void navigate({ to: '/admin/client-types/list', search: next }),
  })
  const { remove } = useRecordMutations<unknown, ClientType>(CLIENT_TYPE_ENDPOINT, {
    deletePath: clientTypeDeletePath,
  })
  const isSuper = profile.type === 'super'
  const canDelete = can(profile.type, 'client-types.delete')

  const columns: ListColumn<ClientType, ClientTypeOrder>[] = [
    {
      title: 'Name',
      dataIndex: 'name',
      sortKey: 'name',
      render: (name: string, type: ClientType) => (
        <Flex gap={8} align="center">
          {name}
          {type.is_default ? <Tag>Default</Tag> : null}
        </Flex>
      ),
    },
  ]
  // Super sees every organization's types: say whose each one is.
  if (isSuper) {
    columns.push({
      title: 'Organization',
      dataIndex: 'organizationName',
      render: (name: string | null) => name ?? 'All organizations',
    })
  }
  columns.push({
    title: 'Action',
    key: 'action',
    width: 120,
    render: (_: unknown, type: ClientType) => (
      <RowActions
        disabled={type.is_default}
        actions={[
          {
            key: 'edit',
            label: 'Edit',
            onClick: () =>
              void navigate({ to: '/admin/client-types/edit/$id', params: { id: String(type.id) } }),
          },
          {
            key: 'delete',
            label: 'Delete',
            danger: true,
            disabled: !canDelete,
            onClick: () => void remove(type.id),
          },
        ]}
      />
    ),
  })

  return (
    <ListPage<ClientType, ClientTypeOrder>
      title="Client Types"
      list={list}
      columns={columns}
      actions={
        can(profile.type, 'client-types.create') ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate({ to: '/admin/client-types/add' })}
          >
            Add Client Type
          </Button>
        ) : null
      }
    />
  )
}
