import { DownOutlined, FilePdfOutlined } from '@ant-design/icons'
import type { BookingConfirmation } from '@spaceboard/domain'
import type { useNavigate } from '@tanstack/react-router'
import { Button, Dropdown, type MenuProps } from 'antd'
import type { ReactNode } from 'react'
import type { BookingOperations } from './booking-operations.tsx'
import { useBookingOperationsLater } from './booking-operations-later.tsx'
import { confirmationPdfUrl } from './confirmation-api.ts'

/** What the action menu needs of a booking: a bookings list row and a confirmation both have it. */
export type BookingActionTarget = Pick<
  BookingConfirmation,
  'bookingId' | 'reference' | 'status' | 'payment_status' | 'is_paid' | 'recurringId' | 'currency'
>

/** Where the menu is: the bookings list's row, or the View Booking page's Actions button. */
export type BookingActionPlace = 'list' | 'confirmation'

export interface BookingAction {
  key: string
  label: string
  icon?: ReactNode
  danger?: boolean
  /** Greyed out and not clickable. */
  disabled?: boolean
  onClick: () => void
}

export interface BookingActionContext {
  navigate: ReturnType<typeof useNavigate>
  place: BookingActionPlace
  /** After an action changed the booking (confirm, paid, cancel …): refresh what shows it. */
  onChanged?: () => void
  /** The dialogs of Confirm booking, Mark as Paid/Unpaid and Cancel Booking (useBookingOperations). */
  operations?: Pick<BookingOperations, 'confirmBooking' | 'cancelBooking' | 'markPaid'>
}

/**
 * What a cancelled booking may no longer do (spec 2 §2, §4, §6): reschedule, charge, refund,
 * change payment or be cancelled again (nor confirmed). View Booking, Internal Notes and View
 * Confirmation stay open.
 */
export const lockedWhenCancelled: ReadonlySet<string> = new Set([
  'confirm',
  'reschedule',
  'charges',
  'refund',
  'paid',
  'cancel',
])

export const isCancelled = (booking: Pick<BookingActionTarget, 'status'>) => booking.status === 'cancelled'

/**
 * The action menu of a booking, in the spec's order (spec 2 §2): View Booking, Internal Notes,
 * Confirm booking, View Confirmation, Reschedule/Extend, Additional Charges, Refund Charge,
 * Mark as Paid/Unpaid, Cancel Booking. Each action joins this one list with its screen, under the
 * key `lockedWhenCancelled` knows (notes, confirm, reschedule, charges, refund, paid, cancel);
 * the cancelled rule is applied here, once, for the list and the View Booking page alike.
 */
export function bookingActions(booking: BookingActionTarget, context: BookingActionContext): BookingAction[] {
  const { navigate, operations } = context
  const id = String(booking.bookingId)
  const actions: BookingAction[] = [
    {
      key: 'view',
      label: 'View Booking',
      onClick: () => void navigate({ to: '/admin/book/invoice/$id', params: { id } }),
    },
    {
      key: 'notes',
      label: context.place === 'list' ? 'Internal Notes' : 'Notes',
      onClick: () => void navigate({ to: '/admin/book/notes/$id', params: { id } }),
    },
  ]
  if (operations && booking.status === 'tentative')
    actions.push({
      key: 'confirm',
      label: 'Confirm booking',
      onClick: () => void operations.confirmBooking(booking),
    })
  actions.push(
    {
      key: 'confirmation',
      label: 'View Confirmation',
      icon: <FilePdfOutlined />,
      onClick: () => {
        window.open(confirmationPdfUrl(booking.bookingId), '_blank', 'noopener')
      },
    },
    {
      key: 'reschedule',
      label: 'Reschedule/Extend',
      onClick: () => void navigate({ to: '/admin/book/reschedule/$id', params: { id } }),
    },
    {
      key: 'charges',
      label: 'Additional Charges',
      onClick: () => void navigate({ to: '/admin/book/charge-booking/$id', params: { id } }),
    },
    {
      key: 'refund',
      label: 'Refund Charge',
      onClick: () => void navigate({ to: '/admin/book/partial-cancel-view/$id', params: { id } }),
    },
  )
  if (operations && booking.payment_status === 'invoice')
    actions.push({
      key: 'paid',
      label: booking.is_paid === 1 ? 'Mark as Unpaid' : 'Mark as Paid',
      onClick: () => operations.markPaid(booking),
    })
  if (operations)
    actions.push({
      key: 'cancel',
      label: 'Cancel Booking',
      danger: !isCancelled(booking),
      onClick: () => operations.cancelBooking(booking),
    })
  return actions.map((action) =>
    isCancelled(booking) && lockedWhenCancelled.has(action.key) ? { ...action, disabled: true } : action,
  )
}

/** The antd menu of the actions (a disabled entry does nothing when clicked). */
export function bookingActionMenu(actions: BookingAction[]): MenuProps {
  return {
    items: actions.map(({ key, label, icon, danger, disabled }) => ({
      key,
      label,
      icon,
      danger: danger ?? false,
      disabled: disabled ?? false,
    })),
    onClick: ({ key }) => actions.find((action) => action.key === key && !action.disabled)?.onClick(),
  }
}

/**
 * A list row's Actions button. It is grey for a cancelled booking (spec 2 §2), yet still opens:
 * viewing the booking and its confirmation stay possible.
 */
export function BookingActionsButton({
  booking,
  context,
}: {
  booking: BookingActionTarget
  context: BookingActionContext
}) {
  const cancelled = isCancelled(booking)
  // The operations' dialogs load and mount at the row's first Confirm, Paid or Cancel.
  const operations = useBookingOperationsLater(context.onChanged)
  return (
    <>
      {operations.holder}
      <Dropdown
        trigger={['click']}
        menu={bookingActionMenu(bookingActions(booking, { ...context, operations }))}
      >
        <Button
          size="small"
          aria-label="Actions"
          data-cancelled={cancelled ? 'true' : undefined}
          {...(cancelled ? { color: 'default' as const, variant: 'filled' as const } : {})}
          // Greyed like secondary text, in the theme's (readable) colour.
          style={cancelled ? { color: 'var(--ant-color-text-tertiary)' } : undefined}
        >
          Actions <DownOutlined />
        </Button>
      </Dropdown>
    </>
  )
}
