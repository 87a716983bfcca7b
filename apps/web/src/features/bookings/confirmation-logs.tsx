import {
  type BookingConfirmation,
  centerDateTime,
  durationText,
  formatIsoDate,
  formatWallTime,
  type ReschedulingEntry,
  type WorkflowLogEntry,
  workflowStatusColor,
} from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { Alert, Collapse, Spin, Table, type TableColumnsType, Tag, Typography } from 'antd'
import { useState } from 'react'
import { reschedulingQuery, workflowLogsQuery } from './confirmation-api.ts'

/** antd Tag colours of the spec's workflow status colours (danger is antd's error, info its processing). */
const tagColors = { success: 'success', danger: 'error', warning: 'warning', info: 'processing' } as const

/**
 * Workflow Action Logs (spec 2 §2): workflow name, status tag, remarks, executed at (the center's
 * clock). Hidden while loading, when there is none, and when loading fails (no message, spec 2 §8).
 */
export function WorkflowLogs({ booking }: { booking: BookingConfirmation }) {
  const logs = useQuery(workflowLogsQuery(booking.bookingId))
  if (!logs.data?.length) return null
  const columns: TableColumnsType<WorkflowLogEntry & { key: number }> = [
    { key: 'workflow_name', title: 'Workflow Name', dataIndex: 'workflow_name' },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'status',
      width: 140,
      render: (status: string) => <Tag color={tagColors[workflowStatusColor(status)]}>{status}</Tag>,
    },
    { key: 'remarks', title: 'Remarks', dataIndex: 'remarks' },
    {
      key: 'updated_at',
      title: 'Executed At',
      dataIndex: 'updated_at',
      width: 200,
      render: (at: string) => centerDateTime(at, booking),
    },
  ]
  return (
    <section aria-label="Workflow Action Logs">
      <SectionTitle>Workflow Action Logs</SectionTitle>
      <Table
        size="small"
        bordered
        pagination={false}
        columns={columns}
        dataSource={logs.data.map((log, index) => ({ ...log, key: index }))}
      />
    </section>
  )
}

/**
 * Rescheduling Log (spec 2 §2): only for a rescheduled booking, collapsed, and loaded the first
 * time it is opened; the current entry first, the earlier ones below it.
 */
export function ReschedulingLog({ booking }: { booking: BookingConfirmation }) {
  const [opened, setOpened] = useState(false)
  if (!booking.rescheduled) return null
  return (
    <Collapse
      className="confirmation-rescheduling"
      onChange={(keys) => {
        if (keys.length) setOpened(true)
      }}
      items={[
        {
          key: 'rescheduling',
          label: <Typography.Text strong>Rescheduling Log</Typography.Text>,
          children: opened ? <ReschedulingEntries booking={booking} /> : null,
        },
      ]}
    />
  )
}

function ReschedulingEntries({ booking }: { booking: BookingConfirmation }) {
  const entries = useQuery(reschedulingQuery(booking.bookingId))
  if (entries.isPending) return <Spin />
  if (entries.error) return <Alert type="error" showIcon title={entries.error.message} />
  const columns: TableColumnsType<ReschedulingEntry & { key: number }> = [
    {
      key: 'entry',
      title: '',
      width: 90,
      render: (_, __, index) => (index === 0 ? <Tag color="blue">Current</Tag> : <Tag>Earlier</Tag>),
    },
    { key: 'centerName', title: 'Location/Center', dataIndex: 'centerName' },
    { key: 'meetingroomName', title: 'Space Name', dataIndex: 'meetingroomName' },
    {
      key: 'when',
      title: 'Date/Time',
      render: (_, entry) =>
        `${formatIsoDate(entry.start_date, booking.time_format)} ${formatWallTime(entry.start_wall)} - ${formatWallTime(entry.end_wall)} (${durationText(entry.duration)})`,
    },
    {
      key: 'by',
      title: 'Rescheduled By',
      render: (_, entry) => `${entry.first_name} ${entry.last_name}`.trim(),
    },
    {
      key: 'at',
      title: 'Rescheduled At',
      dataIndex: 'created_at',
      render: (at: string) => centerDateTime(at, booking),
    },
  ]
  return (
    <Table
      size="small"
      pagination={false}
      columns={columns}
      locale={{ emptyText: 'No rescheduling recorded.' }}
      dataSource={(entries.data ?? []).map((entry, index) => ({ ...entry, key: index }))}
    />
  )
}

export function SectionTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 12 }}>
      {children}
    </Typography.Title>
  )
}
