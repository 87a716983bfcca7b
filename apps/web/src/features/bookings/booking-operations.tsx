import {
  cancellationRefund,
  formatMoney,
  messages,
  refundPercentSchema,
  toBasisPoints,
  toCents,
} from '@spaceboard/domain'
import { useQueryClient } from '@tanstack/react-query'
import {
  Button,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  Table,
  type TableColumnsType,
  Typography,
  theme,
} from 'antd'
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react'
import { useConfirm, useToast } from '../../platform/feedback.ts'
import { BOOKING_ENDPOINT } from './api.ts'
import {
  type BookingOperationBody,
  type BookingTarget,
  bookingOperation,
  type CancellationCheck,
  cancellationCheck,
  IdempotentAction,
  type RecurringCancellationRow,
  type RecurringConfirmRow,
  recurringCancellation,
  recurringConfirmation,
} from './operations-api.ts'

/** Texts of the flows the spec names without giving their words. */
export const operationTexts = {
  confirmBooking: 'Do you want to confirm this booking?',
  confirmSeries: 'Do you want to confirm all upcoming bookings of this series?',
  cancelSeries: 'Do you want to cancel all upcoming bookings of this series?',
  confirmListTitle: 'Confirm upcoming bookings',
  cancelListTitle: 'Cancel upcoming bookings',
  ruleTitle: 'Confirm!',
  overrideTitle: 'Override cancellation rule',
  noRule: 'No cancellation rule applies to this booking: nothing is refunded by default.',
} as const

type Confirmed = Extract<CancellationCheck, { success: true }>

type Step =
  | { kind: 'series-question'; title: string; target: BookingTarget; onNo: () => void; onYes: () => void }
  | { kind: 'confirm-list'; target: BookingTarget; rows: RecurringConfirmRow[] }
  | { kind: 'cancel-rule'; target: BookingTarget; check: Confirmed }
  | { kind: 'cancel-override'; target: BookingTarget; check: Confirmed }
  | { kind: 'cancel-series'; target: BookingTarget; rows: RecurringCancellationRow[] }

/** The refund of a percent as the dialogs show it; null while the percent is not valid. */
function refundOf(net: string, percent: string): number | null {
  const valid = refundPercentSchema.safeParse(percent)
  if (!valid.success) return null
  return cancellationRefund(toCents(net), toBasisPoints(valid.data))
}

function percentError(percent: string): string | null {
  return refundPercentSchema.safeParse(percent).success ? null : messages.refundPercentInvalid
}

/**
 * The operations of the action menus that happen in dialogs (spec 2 §4): confirm (one booking or
 * the series' upcoming ones), cancel (the rule's default or an override; a series' upcoming ones
 * grouped by refund percent) and paid/unpaid. The View Booking page and the bookings list use the
 * same hook; `holder` is the dialogs' element, mounted once by the page.
 */
export function useBookingOperations(onChanged?: () => void) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirm = useConfirm()
  const [step, setStep] = useState<Step | null>(null)
  const [busy, setBusy] = useState(false)
  // One Idempotency-Key per dialog flow: a retry of the same action is not done twice.
  const action = useRef(new IdempotentAction())

  const changed = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: [BOOKING_ENDPOINT] })
    onChanged?.()
  }, [queryClient, onChanged])

  /** Sends one operation of the flow; closes the dialog and says so on success. */
  const send = useCallback(
    async (target: BookingTarget, body: BookingOperationBody): Promise<boolean> => {
      setBusy(true)
      try {
        const answer = await bookingOperation(target.bookingId, body, action.current)
        toast.success(answer.message)
        setStep(null)
        await changed()
        return true
      } catch (error) {
        toast.failure(error)
        return false
      } finally {
        setBusy(false)
      }
    },
    [toast, changed],
  )

  const begin = useCallback(() => {
    action.current = new IdempotentAction()
  }, [])

  /**
   * "…all upcoming bookings of this series?": No does the one booking, Yes loads the series'
   * upcoming bookings into the dialog that lists them.
   */
  const askAboutSeries = useCallback(
    (target: BookingTarget, title: string, single: () => void, upcoming: () => Promise<Step>) => {
      setStep({
        kind: 'series-question',
        title,
        target,
        onNo: () => {
          setStep(null)
          single()
        },
        onYes: async () => {
          setBusy(true)
          try {
            setStep(await upcoming())
          } catch (error) {
            toast.failure(error)
            setStep(null)
          } finally {
            setBusy(false)
          }
        },
      })
    },
    [toast],
  )

  const confirmBooking = useCallback(
    async (target: BookingTarget) => {
      begin()
      if (!target.recurringId) {
        if (await confirm({ content: operationTexts.confirmBooking })) await send(target, { code: 'CONFIRM' })
        return
      }
      askAboutSeries(
        target,
        operationTexts.confirmSeries,
        () => void send(target, { code: 'CONFIRM' }),
        async () => ({
          kind: 'confirm-list',
          target,
          rows: await recurringConfirmation(target.bookingId),
        }),
      )
    },
    [begin, confirm, send, askAboutSeries],
  )

  const cancelSingle = useCallback(
    async (target: BookingTarget) => {
      if (!(await confirm({ content: messages.confirmCancelBooking, danger: true }))) return
      try {
        const check = await cancellationCheck(target.bookingId)
        if (!check.success) {
          toast.error(check.message)
          return
        }
        setStep({ kind: 'cancel-rule', target, check })
      } catch (error) {
        toast.failure(error)
      }
    },
    [confirm, toast],
  )

  const cancelBooking = useCallback(
    (target: BookingTarget) => {
      begin()
      if (!target.recurringId) {
        void cancelSingle(target)
        return
      }
      askAboutSeries(
        target,
        operationTexts.cancelSeries,
        () => void cancelSingle(target),
        async () => ({
          kind: 'cancel-series',
          target,
          rows: await recurringCancellation(target.bookingId),
        }),
      )
    },
    [begin, cancelSingle, askAboutSeries],
  )

  const markPaid = useCallback(
    (target: BookingTarget) => {
      begin()
      void send(target, { code: 'CHANGE_PAYMENT_STATUS', is_paid: target.is_paid === 1 ? 0 : 1 })
    },
    [begin, send],
  )

  const close = () => {
    if (!busy) setStep(null)
  }

  const holder = (
    <>
      {step?.kind === 'series-question' ? (
        <Modal
          open
          centered
          title={step.title}
          onCancel={close}
          footer={[
            <Button key="no" onClick={step.onNo} disabled={busy}>
              No
            </Button>,
            <Button key="yes" type="primary" onClick={step.onYes} loading={busy}>
              Yes
            </Button>,
          ]}
        >
          <Typography.Text type="secondary">
            {step.target.reference} is part of a recurring series. No: only this booking.
          </Typography.Text>
        </Modal>
      ) : null}
      {step?.kind === 'confirm-list' ? (
        <ConfirmListDialog
          step={step}
          busy={busy}
          onCancel={close}
          onProceed={() => void send(step.target, { code: 'CONFIRM_ALL' })}
        />
      ) : null}
      {step?.kind === 'cancel-rule' ? (
        <CancelRuleDialog
          check={step.check}
          busy={busy}
          onClose={close}
          onDefault={() => void send(step.target, { code: 'full' })}
          onOverride={() => setStep({ ...step, kind: 'cancel-override' })}
        />
      ) : null}
      {step?.kind === 'cancel-override' ? (
        <OverrideDialog
          check={step.check}
          busy={busy}
          onCancel={close}
          onProceed={(percent) => void send(step.target, { code: 'full', refundPercent: percent })}
        />
      ) : null}
      {step?.kind === 'cancel-series' ? (
        <CancelSeriesDialog
          step={step}
          busy={busy}
          onCancel={close}
          onProceed={(entries) =>
            void send(step.target, {
              code: 'full',
              bookingType: 'recurring',
              data: JSON.stringify(entries),
              currency: step.target.currency,
            })
          }
        />
      ) : null}
    </>
  )

  return { confirmBooking, cancelBooking, markPaid, holder }
}

export type BookingOperations = ReturnType<typeof useBookingOperations>

function ConfirmListDialog({
  step,
  busy,
  onCancel,
  onProceed,
}: {
  step: Extract<Step, { kind: 'confirm-list' }>
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
      render: (_, row) => formatMoney(row.net_amount, step.target.currency),
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
        <Button key="proceed" type="primary" onClick={onProceed} loading={busy} disabled={!step.rows.length}>
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
        dataSource={step.rows}
        locale={{ emptyText: 'No upcoming tentative bookings in this series.' }}
      />
    </Modal>
  )
}

/** The matched rule and the refund (spec 2 §4 "Confirm!"), with USE DEFAULT and OVERRIDE RULE. */
function CancelRuleDialog({
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
function OverrideDialog({
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
function CancelSeriesDialog({
  step,
  busy,
  onCancel,
  onProceed,
}: {
  step: Extract<Step, { kind: 'cancel-series' }>
  busy: boolean
  onCancel: () => void
  onProceed: (entries: { bookingId: number; refundPercent: string }[]) => void
}) {
  const { token } = theme.useToken()
  const currency = step.target.currency
  const groups = useMemo(() => groupsOf(step.rows), [step.rows])
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
        <Button key="override" onClick={() => setOverride(true)} disabled={busy || !step.rows.length}>
          OVERRIDE RULE
        </Button>,
        <Button
          key="default"
          type="primary"
          danger
          onClick={() => onProceed(entries())}
          loading={busy}
          disabled={!step.rows.length}
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
