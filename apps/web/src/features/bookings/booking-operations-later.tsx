import { lazy, type ReactNode, Suspense, useState } from 'react'
import type { BookingOperations } from './booking-operations.tsx'

type Operation = 'confirmBooking' | 'cancelBooking' | 'markPaid'
type Target = Parameters<BookingOperations['markPaid']>[0]

/** One click of an operation: a new object each time, so the same action twice runs twice. */
export interface OperationRequest {
  operation: Operation
  target: Target
}

const OperationsHost = lazy(() => import('./booking-operations-host.tsx'))

/**
 * useBookingOperations for a bookings list row, its dialogs loaded at the first click: they bring
 * antd's Form, Modal and Descriptions (~40 KB gzip), which the way to the list's first row need
 * not carry (issue 14), and a row that is never acted on mounts none of them.
 */
export function useBookingOperationsLater(
  onChanged?: () => void,
): Pick<BookingOperations, Operation> & { holder: ReactNode } {
  const [request, setRequest] = useState<OperationRequest | null>(null)
  const ask = (operation: Operation) => (target: Target) => setRequest({ operation, target })
  return {
    confirmBooking: async (target) => ask('confirmBooking')(target),
    cancelBooking: ask('cancelBooking'),
    markPaid: ask('markPaid'),
    holder: request && (
      <Suspense fallback={null}>
        <OperationsHost request={request} onChanged={onChanged} />
      </Suspense>
    ),
  }
}
