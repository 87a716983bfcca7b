import { messages } from '@spaceboard/domain'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Modal, Typography } from 'antd'
import { useCallback, useRef, useState } from 'react'
import { useConfirm, useToast } from '../../platform/feedback.ts'
import { BOOKING_ENDPOINT } from './api.ts'
import { CancelRuleDialog, type Confirmed, OverrideDialog } from './cancel-booking-dialogs.tsx'
import { CancelSeriesDialog } from './cancel-series-dialog.tsx'
import { ConfirmListDialog } from './confirm-list-dialog.tsx'
import { operationTexts } from './operation-texts.ts'
import {
  type BookingOperationBody,
  type BookingTarget,
  bookingOperation,
  cancellationCheck,
  IdempotentAction,
  type RecurringCancellationRow,
  type RecurringConfirmRow,
  recurringCancellation,
  recurringConfirmation,
} from './operations-api.ts'

type Step =
  | { kind: 'series-question'; title: string; target: BookingTarget; onNo: () => void; onYes: () => void }
  | { kind: 'confirm-list'; target: BookingTarget; rows: RecurringConfirmRow[] }
  | { kind: 'cancel-rule'; target: BookingTarget; check: Confirmed }
  | { kind: 'cancel-override'; target: BookingTarget; check: Confirmed }
  | { kind: 'cancel-series'; target: BookingTarget; rows: RecurringCancellationRow[] }

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
          rows={step.rows}
          currency={step.target.currency}
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
          rows={step.rows}
          currency={step.target.currency}
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
