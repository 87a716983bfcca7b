import { formatMoney, toBasisPoints } from '@spaceboard/domain'
import { Button, Flex, Form, Input, Modal, Table, type TableColumnsType, Typography, theme } from 'antd'
import { type ReactNode, useMemo, useState } from 'react'
import { percentError, refundOf } from './cancel-booking-dialogs.tsx'
import { operationTexts } from './operation-texts.ts'
import type { RecurringCancellationRow } from './operations-api.ts'

interface RefundGroup {
  key: string
  /** The rule's percent, "0.00" when no rule applies. */
  percent: string
  row: RecurringCancellationRow['refundRow']
  bookings: RecurringCancellationRow[]
}

function groupsOf(rows: RecurringCancellationRow[]): RefundGroup[] {
  const groups = new Map<string, RefundGroup>()
  for (const row of rows) {
    const percent = row.refundRow?.refund_percent ?? '0.00'
    const key = row.refundRow
      ? `${percent}|${row.refundRow.min_day}|${row.refundRow.max_day}|${row.refundRow.max_attendee}`
      : 'none'
    const group = groups.get(key) ?? { key, percent, row: row.refundRow, bookings: [] }
    group.bookings.push(row)
    groups.set(key, group)
  }
  return [...groups.values()].sort((a, b) => toBasisPoints(b.percent) - toBasisPoints(a.percent))
}

/**
 * Cancelling the upcoming bookings of a series (spec 2 §4): grouped by refund percent, the rules'
 * defaults or a percent per group.
 */
export function CancelSeriesDialog({
  rows,
  currency,
  busy,
  onCancel,
  onProceed,
}: {
  rows: RecurringCancellationRow[]
  currency: string
  busy: boolean
  onCancel: () => void
  onProceed: (entries: { bookingId: number; refundPercent: string }[]) => void
}) {
  const { token } = theme.useToken()
  const groups = useMemo(() => groupsOf(rows), [rows])
  const [override, setOverride] = useState(false)
  const [percents, setPercents] = useState<Record<string, string>>({})
  const [tried, setTried] = useState(false)
  const percentOf = (group: RefundGroup) => (override ? (percents[group.key] ?? '100') : group.percent)
  const errors = groups.map((group) => (override ? percentError(percentOf(group)) : null))
  const total = groups.reduce((sum, group) => {
    const percent = percentOf(group)
    return sum + group.bookings.reduce((s, b) => s + (refundOf(b.netAmount, percent) ?? 0), 0)
  }, 0)
  const entries = () =>
    groups.flatMap((group) =>
      group.bookings.map((b) => ({ bookingId: b.bookingId, refundPercent: percentOf(group).trim() })),
    )
  const proceed = () => {
    setTried(true)
    if (errors.some(Boolean)) return
    onProceed(entries())
  }

  const columns = (percent: string): TableColumnsType<RecurringCancellationRow> => [
    {
      key: 'id',
      title: 'Booking Id',
      render: (_, row) => `${row.bookingPrefix}${row.bookingId}`,
    },
    {
      key: 'net',
      title: 'Net Amount',
      align: 'right',
      width: 160,
      render: (_, row) => formatMoney(row.netAmount, currency),
    },
    {
      key: 'refund',
      title: 'Refund Amount',
      align: 'right',
      width: 160,
      render: (_, row) => {
        const refund = refundOf(row.netAmount, percent)
        return refund === null ? '–' : formatMoney(refund, currency)
      },
    },
  ]

  const footer: ReactNode[] = override
    ? [
        <Button key="cancel" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>,
        <Button key="proceed" type="primary" danger onClick={proceed} loading={busy}>
          Proceed
        </Button>,
      ]
    : [
        <Button key="override" onClick={() => setOverride(true)} disabled={busy || !rows.length}>
          OVERRIDE RULE
        </Button>,
        <Button
          key="default"
          type="primary"
          danger
          onClick={() => onProceed(entries())}
          loading={busy}
          disabled={!rows.length}
        >
          USE DEFAULT
        </Button>,
      ]

  return (
    <Modal
      open
      centered
      width={720}
      title={operationTexts.cancelListTitle}
      onCancel={onCancel}
      footer={footer}
    >
      <Flex vertical gap={16} aria-label="Upcoming bookings by refund percent" role="region">
        {groups.length === 0 ? (
          <Typography.Text type="secondary">No upcoming bookings left in this series.</Typography.Text>
        ) : null}
        {groups.map((group, index) => {
          const error = errors[index]
          const id = `group-percent-${index}`
          return (
            <section
              key={group.key}
              aria-label={`Refund ${group.percent} %`}
              style={{
                border: `1px solid ${token.colorBorderSecondary}`,
                borderRadius: token.borderRadiusLG,
                padding: 12,
              }}
            >
              <Flex justify="space-between" align="start" gap={16} wrap style={{ marginBottom: 8 }}>
                <Flex vertical>
                  <Typography.Text strong>Refund Percentage {group.percent} %</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {group.row
                      ? `Minimum Days ${group.row.min_day} · Maximum Days ${group.row.max_day} · Maximum Attendees ${group.row.max_attendee}`
                      : 'No cancellation rule applies'}
                  </Typography.Text>
                </Flex>
                {override ? (
                  <Form.Item
                    label="Refund Percent"
                    htmlFor={id}
                    style={{ marginBottom: 0, width: 220 }}
                    validateStatus={error && tried ? 'error' : undefined}
                    help={error && tried ? error : undefined}
                  >
                    <Input
                      id={id}
                      type="number"
                      min={0}
                      max={100}
                      step={0.01}
                      suffix="%"
                      value={percentOf(group)}
                      onChange={(event) => {
                        setTried(true)
                        setPercents((all) => ({ ...all, [group.key]: event.target.value }))
                      }}
                    />
                  </Form.Item>
                ) : null}
              </Flex>
              <Table<RecurringCancellationRow>
                size="small"
                rowKey="bookingId"
                pagination={false}
                columns={columns(percentOf(group))}
                dataSource={group.bookings}
              />
            </section>
          )
        })}
        <Flex justify="flex-end">
          <Typography.Text>
            Amount to be refunded: <strong data-testid="series-refund">{formatMoney(total, currency)}</strong>
          </Typography.Text>
        </Flex>
      </Flex>
    </Modal>
  )
}
