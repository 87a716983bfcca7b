import { formatMoney } from '@spaceboard/domain'
import { Button, Modal, Table, type TableColumnsType } from 'antd'
import { operationTexts } from './operation-texts.ts'
import type { RecurringConfirmRow } from './operations-api.ts'

/** Confirming a series (spec 2 §4): its upcoming tentative bookings, confirmed all at once. */
export function ConfirmListDialog({
  rows,
  currency,
  busy,
  onCancel,
  onProceed,
}: {
  rows: RecurringConfirmRow[]
  currency: string
  busy: boolean
  onCancel: () => void
  onProceed: () => void
}) {
  const columns: TableColumnsType<RecurringConfirmRow> = [
    { key: 'reference', title: 'Booking Id', dataIndex: 'reference' },
    {
      key: 'net',
      title: 'Net Amount',
      align: 'right',
      render: (_, row) => formatMoney(row.net_amount, currency),
    },
  ]
  return (
    <Modal
      open
      centered
      title={operationTexts.confirmListTitle}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={busy}>
          CANCEL
        </Button>,
        <Button key="proceed" type="primary" onClick={onProceed} loading={busy} disabled={!rows.length}>
          PROCEED
        </Button>,
      ]}
    >
      <Table<RecurringConfirmRow>
        aria-label="Upcoming bookings"
        size="small"
        rowKey="bookingId"
        pagination={false}
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: 'No upcoming tentative bookings in this series.' }}
      />
    </Modal>
  )
}
