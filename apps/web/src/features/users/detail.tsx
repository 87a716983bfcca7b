import { EditOutlined } from '@ant-design/icons'
import { can } from '@spaceboard/domain'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Descriptions, type DescriptionsProps, Flex, Result, Spin, Tag, Typography } from 'antd'
import { ApiError } from '../../platform/api-client.ts'
import { useRecord } from '../../platform/crud.ts'
import { useFormatDate, useFormatDateTime } from '../../platform/format.ts'
import { fullName, useProfile } from '../../platform/session.ts'
import { roleLabels } from '../profile/roles.ts'
import { USER_ENDPOINT, type UserView } from './api.ts'
import { canManage } from './list.tsx'

const route = getRouteApi('/_signed-in/admin/user/detail/$id')

/**
 * User detail (/admin/user/detail/{id}): name, email, role, register date, status, phone number,
 * client, organization and last login, with an Edit button to /admin/user/edit/{id}.
 */
export function UserDetail() {
  const { id } = route.useParams()
  const profile = useProfile()
  const navigate = useNavigate()
  const user = useRecord<UserView>(USER_ENDPOINT, Number(id))
  const formatDate = useFormatDate()
  const formatDateTime = useFormatDateTime()
  const toList = () => void navigate({ to: '/admin/user/list', search: {} })

  if (user.error) {
    const status = user.error instanceof ApiError ? user.error.status : 0
    return (
      <Result
        status={status === 403 ? '403' : status === 404 ? '404' : 'error'}
        title={user.error.message}
        extra={
          <Button type="primary" onClick={toList}>
            Back to the list
          </Button>
        }
      />
    )
  }

  const data = user.data
  const items: DescriptionsProps['items'] = data
    ? [
        { key: 'name', label: 'Name', children: fullName(data) },
        { key: 'email', label: 'Email', children: data.email },
        { key: 'role', label: 'Role', children: roleLabels[data.type] },
        { key: 'created', label: 'Register Date', children: formatDate(data.created_at) },
        {
          key: 'status',
          label: 'Status',
          children: <Tag color={data.status === 'Active' ? 'green' : 'default'}>{data.status}</Tag>,
        },
        { key: 'mobile', label: 'Phone Number', children: data.mobile },
        { key: 'client', label: 'Client', children: data.clientName ?? data.company_name },
        { key: 'organization', label: 'Organization', children: data.organizationName ?? '' },
        {
          key: 'lastLogin',
          label: 'Last Login',
          children: formatDateTime(data.lastLogin),
        },
      ]
    : []
  const editable = data !== undefined && can(profile.type, 'users.update') && canManage(profile, data)

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          User Details
        </Typography.Title>
        <Flex gap={8}>
          <Button onClick={toList}>Back to the list</Button>
          {editable ? (
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => void navigate({ to: '/admin/user/edit/$id', params: { id } })}
            >
              Edit
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <Spin spinning={user.isPending}>
        <Descriptions bordered column={1} items={items} styles={{ label: { width: 200 } }} />
      </Spin>
    </Flex>
  )
}
