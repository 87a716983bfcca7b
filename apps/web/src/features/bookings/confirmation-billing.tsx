import { InfoCircleOutlined } from '@ant-design/icons'
import {
  type BillingLine,
  type BookingConfirmation,
  billingLines,
  billingTotalKinds,
  formatMoney,
} from '@spaceboard/domain'
import { Flex, Table, type TableColumnsType, Tooltip, Typography, theme } from 'antd'

interface Row extends BillingLine {
  key: number
}

/**
 * Billing Details (spec 2 §2): the lines of billingLines (the same as the PDF's), an additional
 * charge's reason as a tooltip, discounts and refunds in red with their minus, then Sub Total, the
 * tax and Grand Total under the table.
 */
export function BillingDetails({ booking }: { booking: BookingConfirmation }) {
  const { token } = theme.useToken()
  const money = (cents: number) => formatMoney(cents, booking.currency)
  const lines = billingLines(booking)
  const items: Row[] = lines
    .filter((line) => !billingTotalKinds.includes(line.kind))
    .map((line, index) => ({ ...line, key: index }))
  const totals = lines.filter((line) => billingTotalKinds.includes(line.kind))

  const columns: TableColumnsType<Row> = [
    {
      key: 'description',
      title: 'Description',
      render: (_, line) => (
        <Flex vertical>
          <span>
            {line.description}
            {line.kind === 'charge' && line.detail?.length ? (
              <Tooltip title={line.detail.join(' ')}>
                <InfoCircleOutlined
                  aria-label={`Reason: ${line.detail.join(' ')}`}
                  style={{ marginLeft: 6, color: token.colorTextTertiary }}
                />
              </Tooltip>
            ) : null}
          </span>
          {line.kind !== 'charge'
            ? line.detail?.map((text) => (
                <Typography.Text key={text} type="secondary" style={{ fontSize: 12 }}>
                  {text}
                </Typography.Text>
              ))
            : null}
        </Flex>
      ),
    },
    { key: 'quantity', title: 'Quantity', dataIndex: 'quantity', align: 'right', width: 120 },
    {
      key: 'unit',
      title: 'Unit Price',
      align: 'right',
      width: 150,
      render: (_, line) => (line.unitPrice === undefined ? '' : money(line.unitPrice)),
    },
    {
      key: 'amount',
      title: 'Amount',
      align: 'right',
      width: 150,
      render: (_, line) =>
        line.amount === null ? (
          ''
        ) : (
          <span style={line.amount < 0 ? { color: token.colorError } : undefined}>{money(line.amount)}</span>
        ),
    },
  ]

  return (
    <Table<Row>
      aria-label="Billing Details"
      size="middle"
      bordered
      pagination={false}
      columns={columns}
      dataSource={items}
      summary={() => (
        <Table.Summary>
          {totals.map((line) => {
            const grand = line.kind === 'grand-total'
            const style = grand ? { fontSize: token.fontSizeLG, fontWeight: 600 } : { fontWeight: 600 }
            return (
              <Table.Summary.Row
                key={line.kind}
                style={grand ? { background: token.colorFillAlter } : undefined}
              >
                <Table.Summary.Cell index={0} colSpan={3} align="right">
                  <Flex vertical>
                    <span style={style}>{line.description}</span>
                    {line.detail?.map((text) => (
                      <Typography.Text key={text} type="secondary" style={{ fontSize: 12 }}>
                        {text}
                      </Typography.Text>
                    ))}
                  </Flex>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <span
                    style={
                      line.amount !== null && line.amount < 0 ? { ...style, color: token.colorError } : style
                    }
                  >
                    {line.amount === null ? '' : money(line.amount)}
                  </span>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )
          })}
        </Table.Summary>
      )}
    />
  )
}
