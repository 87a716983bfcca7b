import {
  cancellationRefund,
  formatMoney,
  messages,
  refundPercentSchema,
  toBasisPoints,
  toCents,
} from '@spaceboard/domain'
import { Button, Descriptions, Flex, Form, Input, Modal, Typography } from 'antd'
import { useState } from 'react'
import { operationTexts } from './operation-texts.ts'
import type { CancellationCheck } from './operations-api.ts'

/** A cancellation check that found the booking cancellable: its rule, net amount and refund. */
export type Confirmed = Extract<CancellationCheck, { success: true }>

/** The refund of a percent as the dialogs show it; null while the percent is not valid. */
export function refundOf(net: string, percent: string): number | null {
  const valid = refundPercentSchema.safeParse(percent)
  if (!valid.success) return null
  return cancellationRefund(toCents(net), toBasisPoints(valid.data))
}

export function percentError(percent: string): string | null {
  return refundPercentSchema.safeParse(percent).success ? null : messages.refundPercentInvalid
}

/** The matched rule and the refund (spec 2 §4 "Confirm!"), with USE DEFAULT and OVERRIDE RULE. */
export function CancelRuleDialog({
  check,
  busy,
  onClose,
  onDefault,
  onOverride,
}: {
  check: Confirmed
  busy: boolean
  onClose: () => void
  onDefault: () => void
  onOverride: () => void
}) {
  const rule = check.refundRow
  return (
    <Modal
      open
      centered
      title={operationTexts.ruleTitle}
      onCancel={onClose}
      footer={[
        <Button key="override" onClick={onOverride} disabled={busy}>
          OVERRIDE RULE
        </Button>,
        <Button key="default" type="primary" danger onClick={onDefault} loading={busy}>
          USE DEFAULT
        </Button>,
      ]}
    >
      <Flex vertical gap={12}>
        {rule ? null : <Typography.Text type="secondary">{operationTexts.noRule}</Typography.Text>}
        <Descriptions
          bordered
          size="small"
          column={1}
          styles={{ label: { width: 200 } }}
          items={[
            { key: 'min', label: 'Minimum Days', children: rule ? rule.min_day : '–' },
            { key: 'max', label: 'Maximum Days', children: rule ? rule.max_day : '–' },
            { key: 'attendees', label: 'Maximum Attendees', children: rule ? rule.max_attendee : '–' },
            {
              key: 'percent',
              label: 'Refund Percentage',
              children: `${rule ? rule.refund_percent : '0.00'} %`,
            },
            { key: 'net', label: 'Net Amount', children: formatMoney(check.netAmount, check.currency) },
            {
              key: 'refund',
              label: 'Amount to be refunded',
              children: <strong>{formatMoney(check.refundAmount, check.currency)}</strong>,
            },
          ]}
        />
      </Flex>
    </Modal>
  )
}

/** OVERRIDE RULE: a refund percent of one's own, 100 to start (spec 2 §4, §5). */
export function OverrideDialog({
  check,
  busy,
  onCancel,
  onProceed,
}: {
  check: Confirmed
  busy: boolean
  onCancel: () => void
  onProceed: (percent: string) => void
}) {
  const [percent, setPercent] = useState('100')
  const [touched, setTouched] = useState(false)
  const error = percentError(percent)
  const refund = refundOf(check.netAmount, percent)
  const proceed = () => {
    setTouched(true)
    if (!error) onProceed(percent.trim())
  }
  return (
    <Modal
      open
      centered
      title={operationTexts.overrideTitle}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>,
        <Button key="proceed" type="primary" danger onClick={proceed} loading={busy}>
          Proceed
        </Button>,
      ]}
    >
      <Form layout="vertical" onFinish={proceed} component="div">
        <Form.Item
          label="Refund Percent"
          htmlFor="override-refund-percent"
          validateStatus={error && touched ? 'error' : undefined}
          help={error && touched ? error : undefined}
          extra={`Net amount ${formatMoney(check.netAmount, check.currency)}`}
        >
          <Input
            id="override-refund-percent"
            type="number"
            min={0}
            max={100}
            step={0.01}
            value={percent}
            suffix="%"
            onChange={(event) => {
              setTouched(true)
              setPercent(event.target.value)
            }}
            onPressEnter={proceed}
          />
        </Form.Item>
      </Form>
      <Typography.Text>
        Amount to be refunded:{' '}
        <strong data-testid="override-refund">
          {refund === null ? '–' : formatMoney(refund, check.currency)}
        </strong>
      </Typography.Text>
    </Modal>
  )
}
