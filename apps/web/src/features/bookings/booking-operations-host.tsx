import { useEffect, useRef } from 'react'
import { useBookingOperations } from './booking-operations.tsx'
import type { OperationRequest } from './booking-operations-later.tsx'

/** Runs each operation request once (StrictMode's second effect included) and holds its dialogs. */
export default function OperationsHost({
  request,
  onChanged,
}: {
  request: OperationRequest
  onChanged: (() => void) | undefined
}) {
  const operations = useBookingOperations(onChanged)
  const handled = useRef<OperationRequest | null>(null)
  useEffect(() => {
    if (handled.current === request) return
    handled.current = request
    void operations[request.operation](request.target)
  }, [request, operations])
  return operations.holder
}
