import { formatMoney, messages, roundMoneyText, toCents } from '@spaceboard/domain'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Form, Input, Modal } from 'antd'
import { useCallback, useState } from 'react'
import { ApiError } from '../../platform/api-client.ts'
import { useConfirm, useToast } from '../../platform/feedback.ts'
import { BOOKING_ENDPOINT } from './api.ts'
import { SectionTitle } from './confirmation-logs.tsx'
import {
  type BookingOperationAnswer,
  bookingOperation,
  type IdempotentAction,
  type RescheduleMode,
  type RescheduleQuote,
  type RescheduleSlot,
} from './operations-api.ts'

/**
 * What the Reschedule/Extend screen and the calendar's drag and drop share (spec 2 §4): the
 * quote's first refusal, the amount dialog and the rescheduling PUT with its preparation-time
 * question. One path to the server, so a move is checked and priced the same from both.
 */

/** The dialog of a changed duration: its title by mode (spec 2 §2). */
export const amountDialogTitles: Record<Exclude<RescheduleMode, 'same'>, string> = {
  CHARGE: 'Reschedule/Extend Charge',
  REFUND: 'Reschedule/Extend Refund',
}

/**
 * The cap of a shortening's refund, explained (issue 15): what is left of the room and of the
 * extension charges, which a shortening after an extension may refund too.
 */
export function shorteningCapText(
  quote: Pick<RescheduleQuote, 'available' | 'available_room' | 'available_charges'>,
  currency: string,
): string {
  const total = `Available amount ${formatMoney(quote.available, currency)}`
  if (toCents(quote.available_charges || '0') <= 0) return `${total}: what is left of the room.`
  return `${total}: what is left of the room (${formatMoney(quote.available_room, currency)}) and of its extension charges (${formatMoney(quote.available_charges, currency)}).`
}

/** "Only decimal value allowed.", and in REFUND mode the available cap (spec 2 §5). */
export function rescheduleAmountError(text: string, mode: RescheduleMode, available: string): string | null {
  const value = text.trim()
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(value)) return messages.onlyDecimal
  if (mode === 'REFUND' && toCents(value) > toCents(available))
    return messages.refundMoreThanAvailable(available)
  return null
}

/** The quote's first reason the move cannot be made (a rule of spec 2 §5 or a taken slot), or null. */
export function quoteRefusal(quote: RescheduleQuote): string | null {
  return Object.values(quote.problems)[0] ?? quote.conflict
}

/**
 * The preparation-time question, asked as soon as the quote knows it (before any amount dialog):
 * true when there is none or the person accepts it.
 */
export function preparationAccepted(
  quote: Pick<RescheduleQuote, 'preparation'>,
  confirm: ReturnType<typeof useConfirm>,
): Promise<boolean> {
  return quote.preparation === null ? Promise.resolve(true) : confirm({ content: quote.preparation })
}

/**
 * Sends the reschedule (PUT RESCHEDULE_BOOKING with the action's Idempotency-Key), with the
 * preparation time confirmed when the person already accepted it (preparationAccepted). When the
 * server still asks the question (409 confirm: a booking made meanwhile) the person answers it and
 * the same action is sent again. Resolves to the answer, or null when refused (the message is
 * shown) or not confirmed.
 */
export function useSendReschedule() {
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirm = useConfirm()
  return useCallback(
    async (
      bookingId: number,
      move: RescheduleSlot,
      action: IdempotentAction,
      amount?: string,
      preparationConfirmed = false,
    ): Promise<BookingOperationAnswer | null> => {
      let confirmPreparation = preparationConfirmed
      for (;;) {
        try {
          const answer = await bookingOperation(
            bookingId,
            {
              code: 'RESCHEDULE_BOOKING',
              ...move,
              ...(amount !== undefined ? { amount } : {}),
              ...(confirmPreparation ? { confirm_preparation_time: true } : {}),
            },
            action,
          )
          toast.success(answer.message)
          await queryClient.invalidateQueries({ queryKey: [BOOKING_ENDPOINT] })
          return answer
        } catch (error) {
          if (
            error instanceof ApiError &&
            error.status === 409 &&
            error.body.confirm === 'preparation_time' &&
            !confirmPreparation
          ) {
            if (!(await confirm({ content: error.message }))) return null
            confirmPreparation = true
            continue
          }
          if (error instanceof ApiError && error.status === 409) {
            // Someone took the slot meanwhile: what shows the booked slots asks afresh.
            void queryClient.invalidateQueries({ queryKey: [BOOKING_ENDPOINT] })
          }
          toast.failure(error)
          return null
        }
      }
    },
    [confirm, queryClient, toast],
  )
}

/** 'Reschedule/Extend Charge' or '… Refund': the room amount, prefilled from the quote. */
export function AmountDialog({
  currency,
  quote,
  saving,
  onCancel,
  onProceed,
}: {
  currency: string
  quote: RescheduleQuote
  saving: boolean
  onCancel: () => void
  onProceed: (amount: string) => void
}) {
  const mode = quote.mode === 'same' ? 'CHARGE' : quote.mode
  const [amount, setAmount] = useState(quote.amount)
  const [touched, setTouched] = useState(false)
  const error = rescheduleAmountError(amount, mode, quote.available)
  const proceed = () => {
    setTouched(true)
    if (!error) onProceed(amount.trim())
  }
  return (
    <Modal
      open
      centered
      title={amountDialogTitles[mode]}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>,
        <Button key="proceed" type="primary" onClick={proceed} loading={saving}>
          Proceed
        </Button>,
      ]}
    >
      <SectionTitle>
        {mode === 'CHARGE' ? 'Charge for the extension' : 'Refund for the shorter booking'}
      </SectionTitle>
      <Form layout="vertical" component="div">
        <Form.Item
          label="Room Amount"
          htmlFor="reschedule-amount"
          required
          validateStatus={error && touched ? 'error' : undefined}
          help={error && touched ? error : undefined}
          extra={
            mode === 'REFUND'
              ? shorteningCapText(quote, currency)
              : `Worked out from the room's rates: ${formatMoney(quote.amount, currency)}`
          }
        >
          <Input
            id="reschedule-amount"
            inputMode="decimal"
            value={amount}
            onChange={(event) => {
              setTouched(true)
              setAmount(event.target.value)
            }}
            onBlur={(event) => setAmount(roundMoneyText(event.target.value) ?? event.target.value)}
            onPressEnter={proceed}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
