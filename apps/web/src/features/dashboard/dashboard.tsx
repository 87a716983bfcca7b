import { EditOutlined, UnorderedListOutlined } from '@ant-design/icons'
import { can, formatWallTime, type Plan } from '@spaceboard/domain'
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Button, Card, Col, Descriptions, Flex, Row, Statistic, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { api } from '../../platform/api-client.ts'
import { useFormatDate } from '../../platform/format.ts'
import { fullName, useProfile } from '../../platform/session.ts'

/** A booking on the dashboard: date and times are the center's wall clock, as the API computed them. */
export interface DashboardBooking {
  id: number
  reference: string
  organization_name: string
  date: string
  start_time: string
  end_time: string
  space_name: string
  center_name: string
  client_name: string
  status: 'tentative' | 'confirmed'
}

/** GET /api/dashboard: the actor's organization and its figures, or the platform's for super users. */
export interface DashboardData {
  organization: { id: number; name: string; mh_plan: Plan | null; licensed_spaces: number | null } | null
  counts: Record<string, number>
  bookings: { today: DashboardBooking[]; upcoming: DashboardBooking[] }
}

export const dashboardQuery = queryOptions({
  queryKey: ['/api/dashboard'],
  queryFn: ({ signal }) => api<DashboardData>('/api/dashboard', { signal }),
  staleTime: 0,
})

/** How each figure reads; figures of later features show with a label made from their key. */
const countLabels: Record<string, string> = {
  organizations: 'Active organizations',
  users: 'Active users',
  clientTypes: 'Client types',
  regions: 'Regions',
  centers: 'Locations / centers',
  spaces: 'Spaces',
  clients: 'Clients',
}

function labelOf(key: string): string {
  const known = countLabels[key]
  if (known) return known
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase()
}

const planColors: Record<Plan, string> = {
  custom: 'purple',
  free: 'default',
  core: 'blue',
  pro: 'gold',
  enterprise: 'green',
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function Counts({ counts }: { counts: Record<string, number> }) {
  return (
    <Row gutter={[16, 16]}>
      {Object.entries(counts).map(([key, value]) => (
        <Col key={key} xs={24} sm={12} lg={6}>
          <Card data-testid={`count-${key}`}>
            <Statistic title={labelOf(key)} value={value} />
          </Card>
        </Col>
      ))}
    </Row>
  )
}

const statusColors: Record<DashboardBooking['status'], string> = { tentative: 'orange', confirmed: 'green' }

/** Today's or the upcoming bookings; the organization column for super, the date for upcoming ones. */
function BookingTable({
  title,
  testId,
  bookings,
  withDate,
  empty,
}: {
  title: string
  testId: string
  bookings: DashboardBooking[]
  withDate: boolean
  empty: string
}) {
  const profile = useProfile()
  const formatDate = useFormatDate()
  const columns: ColumnsType<DashboardBooking> = [
    {
      key: 'reference',
      title: 'Booking Id',
      render: (_, b) => (
        <Link to="/admin/book/invoice/$id" params={{ id: String(b.id) }}>
          {b.reference}
        </Link>
      ),
    },
    ...(profile.type === 'super'
      ? [{ key: 'organization', title: 'Organization', dataIndex: 'organization_name' }]
      : []),
    ...(withDate
      ? [{ key: 'date', title: 'Date', render: (_: unknown, b: DashboardBooking) => formatDate(b.date) }]
      : []),
    {
      key: 'time',
      title: 'Time',
      render: (_, b) => `${formatWallTime(b.start_time)} – ${formatWallTime(b.end_time)}`,
    },
    { key: 'space', title: 'Space', dataIndex: 'space_name' },
    { key: 'center', title: 'Location', dataIndex: 'center_name' },
    { key: 'client', title: 'Client', dataIndex: 'client_name' },
    {
      key: 'status',
      title: 'Status',
      render: (_, b) => <Tag color={statusColors[b.status]}>{capitalize(b.status)}</Tag>,
    },
  ]
  return (
    <Card title={title} data-testid={testId}>
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={bookings}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: empty }}
      />
    </Card>
  )
}

/** Dashboard: the landing page of every staff member, their organization at a glance. */
export function Dashboard() {
  const profile = useProfile()
  const navigate = useNavigate()
  const { organization, counts, bookings } = useSuspenseQuery(dashboardQuery).data
  return (
    <Flex vertical gap={24}>
      <Flex vertical gap={4}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Dashboard
        </Typography.Title>
        <Typography.Text type="secondary">Welcome, {fullName(profile)}.</Typography.Text>
      </Flex>
      {organization ? (
        <Card
          title={organization.name}
          extra={
            can(profile.type, 'organizations.update') ? (
              <Button
                type="primary"
                icon={<EditOutlined />}
                onClick={() =>
                  void navigate({
                    to: '/admin/organization/edit/$id',
                    params: { id: String(organization.id) },
                  })
                }
              >
                Edit organization
              </Button>
            ) : null
          }
        >
          <Descriptions
            column={{ xs: 1, md: 2 }}
            items={[
              {
                key: 'plan',
                label: 'Plan',
                children: organization.mh_plan ? (
                  <Tag color={planColors[organization.mh_plan]}>{capitalize(organization.mh_plan)}</Tag>
                ) : (
                  '—'
                ),
              },
              {
                key: 'licensed',
                label: 'Licensed spaces',
                children: String(organization.licensed_spaces ?? 0),
              },
            ]}
          />
        </Card>
      ) : (
        <Card
          title="Platform"
          extra={
            can(profile.type, 'organizations.list') ? (
              <Button
                type="primary"
                icon={<UnorderedListOutlined />}
                onClick={() => void navigate({ to: '/admin/organization/list' })}
              >
                Manage organizations
              </Button>
            ) : null
          }
        >
          <Typography.Text type="secondary">Figures of every organization on Spaceboard.</Typography.Text>
        </Card>
      )}
      <Counts counts={counts} />
      <BookingTable
        title="Today's bookings"
        testId="bookings-today"
        bookings={bookings.today}
        withDate={false}
        empty="No bookings today."
      />
      <BookingTable
        title="Upcoming bookings (next 7 days)"
        testId="bookings-upcoming"
        bookings={bookings.upcoming}
        withDate
        empty="No bookings in the next 7 days."
      />
    </Flex>
  )
}
