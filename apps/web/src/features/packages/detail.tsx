import { EditOutlined } from '@ant-design/icons'
import { can, centsToDecimal, formatMoney, formatWallTime, toCents } from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Descriptions, type DescriptionsProps, Flex, Spin, Typography } from 'antd'
import { useFormatDate } from '../../platform/format.ts'
import { NotFound } from '../../platform/not-found.tsx'
import { useOrganizationCurrency } from '../../platform/organization-select.tsx'
import { recordIdOf } from '../../platform/record-page.tsx'
import { LoadFailed } from '../../platform/route-guard.tsx'
import { useProfile } from '../../platform/session.ts'
import { packageQuery } from './api.ts'
import { PackageStatusTag, typeLabel } from './list.tsx'

const route = getRouteApi('/_signed-in/admin/package/detail/$id')

/** A package deal (/admin/package/detail/{id}). */
export function PackageDetail() {
  const id = recordIdOf(route.useParams().id)
  return id === null ? <NotFound /> : <PackageDetailOf key={id} id={id} />
}

/**
 * Name, minimum attendees, rate per attendee, created date, type, its hours and minutes (duration)
 * or start and end time as hh:mm A (fixed), services, the selected centers and spaces. The Edit
 * button is disabled for csr.
 */
function PackageDetailOf({ id }: { id: number }) {
  const profile = useProfile()
  const navigate = useNavigate()
  const formatDate = useFormatDate()
  const pkg = useQuery(packageQuery(id))
  const currency = useOrganizationCurrency(pkg.data?.organization_id)
  if (pkg.error) return <LoadFailed error={pkg.error} />

  const data = pkg.data
  const items: DescriptionsProps['items'] = data
    ? [
        { key: 'name', label: 'Name', children: data.name },
        { key: 'organization', label: 'Organization', children: data.organizationName },
        { key: 'status', label: 'Status', children: <PackageStatusTag status={data.status} /> },
        { key: 'min_attendees', label: 'Minimum Attendees', children: data.min_attendees },
        {
          key: 'rate',
          label: 'Rate per Attendee',
          children: currency ? formatMoney(toCents(data.rate), currency) : centsToDecimal(toCents(data.rate)),
        },
        { key: 'created_at', label: 'Created Date', children: formatDate(data.created_at) },
        { key: 'type', label: 'Type', children: typeLabel(data.type) },
        ...(data.type === 'duration'
          ? [
              { key: 'hours', label: 'Hours', children: data.duration_hours ?? 0 },
              { key: 'minutes', label: 'Minutes', children: data.duration_minutes ?? 0 },
            ]
          : [
              {
                key: 'start_time',
                label: 'Start Time',
                children: data.start_time ? formatWallTime(data.start_time) : '',
              },
              {
                key: 'end_time',
                label: 'End Time',
                children: data.end_time ? formatWallTime(data.end_time) : '',
              },
            ]),
        {
          key: 'services',
          label: 'Services',
          children: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{data.services}</Typography.Text>,
        },
        {
          key: 'centers',
          label: 'Selected Centers',
          children: data.selectedCenters.map((center) => center.name).join(', '),
        },
        {
          key: 'spaces',
          label: 'Selected Spaces',
          children: data.selectedMeetingrooms.map((space) => space.name).join(', '),
        },
      ]
    : []

  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Package Deal
        </Typography.Title>
        <Flex gap={8}>
          <Button onClick={() => void navigate({ to: '/admin/package/list', search: {} })}>
            Back to the list
          </Button>
          <Button
            type="primary"
            icon={<EditOutlined />}
            disabled={!can(profile.type, 'packages.write')}
            onClick={() => void navigate({ to: '/admin/package/edit/$id', params: { id: String(id) } })}
          >
            Edit
          </Button>
        </Flex>
      </Flex>
      <Spin spinning={pkg.isPending}>
        <Descriptions bordered column={1} items={items} styles={{ label: { width: 220 } }} />
      </Spin>
    </Flex>
  )
}
