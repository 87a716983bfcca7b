import { EditOutlined } from '@ant-design/icons'
import { can, formatWallTime } from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Descriptions, type DescriptionsProps, Flex, Spin, Typography } from 'antd'
import { useFormatDate } from '../../platform/format.ts'
import { NotFound } from '../../platform/not-found.tsx'
import { recordIdOf } from '../../platform/record-page.tsx'
import { LoadFailed } from '../../platform/route-guard.tsx'
import { useProfile } from '../../platform/session.ts'
import { StatusTag } from '../../platform/status-tag.tsx'
import { centerQuery } from './api.ts'

const route = getRouteApi('/_signed-in/admin/center/detail/$id')

/** Location / Center detail (/admin/center/detail/{id}). */
export function CenterDetail() {
  const { id: raw } = route.useParams()
  const id = recordIdOf(raw)
  return id === null ? <NotFound /> : <CenterDetailOf key={id} id={id} />
}

/**
 * Name, contact email and number, open and close time (hh:mm A), organization, created at, the
 * address, open after hours (Yes/No) and native_center_id, with an Edit button (not for csr).
 */
function CenterDetailOf({ id }: { id: number }) {
  const profile = useProfile()
  const navigate = useNavigate()
  const formatDate = useFormatDate()
  const center = useQuery(centerQuery(id, null))
  const toList = () => void navigate({ to: '/admin/centers/list', search: {} })

  if (center.error) return <LoadFailed error={center.error} />

  const data = center.data
  const items: DescriptionsProps['items'] = data
    ? [
        { key: 'name', label: 'Name', children: data.name },
        { key: 'status', label: 'Status', children: <StatusTag record={data} /> },
        { key: 'contact_email', label: 'Contact Email', children: data.contact_email },
        { key: 'contact_number', label: 'Contact Number', children: data.contact_number },
        { key: 'open_time', label: 'Open Time', children: formatWallTime(data.open_time) },
        { key: 'close_time', label: 'Close Time', children: formatWallTime(data.close_time) },
        { key: 'organization', label: 'Organization Name', children: data.organizationName },
        { key: 'created_at', label: 'Created At', children: formatDate(data.created_at) },
        { key: 'street', label: 'Street', children: data.street },
        { key: 'city', label: 'City', children: data.city },
        { key: 'state', label: 'State', children: data.state },
        { key: 'country', label: 'Country Name', children: data.countryName ?? '' },
        { key: 'postcode', label: 'Postcode', children: data.postcode },
        {
          key: 'open_after_hours',
          label: 'Open After Hours',
          children: data.open_after_hours ? 'Yes' : 'No',
        },
        { key: 'native_center_id', label: 'Native Center ID', children: data.native_center_id || '—' },
      ]
    : []

  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Location / Center
        </Typography.Title>
        <Flex gap={8}>
          <Button onClick={toList}>Back to the list</Button>
          {can(profile.type, 'centers.update') ? (
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => void navigate({ to: '/admin/center/edit/$id', params: { id: String(id) } })}
            >
              Edit
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <Spin spinning={center.isPending}>
        <Descriptions bordered column={1} items={items} styles={{ label: { width: 220 } }} />
      </Spin>
    </Flex>
  )
}
