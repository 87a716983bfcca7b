import type { BookingConfirmation, ReschedulingEntry, WorkflowLogEntry } from '@spaceboard/domain'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../platform/api-client.ts'

const ENDPOINT = '/api/userbooking'

/** GET /api/userbooking/{id}: the booking as its confirmation shows it (404 for another organization's). */
export const bookingConfirmationQuery = (id: number) =>
  queryOptions({
    queryKey: [ENDPOINT, 'confirmation', id],
    queryFn: ({ signal }) => api<BookingConfirmation>(`${ENDPOINT}/${id}`, { signal }),
    staleTime: 0,
  })

/** GET /api/userbooking/{id}/workflow-logs: newest first. */
export const workflowLogsQuery = (id: number) =>
  queryOptions({
    queryKey: [ENDPOINT, 'workflow-logs', id],
    queryFn: ({ signal }) => api<WorkflowLogEntry[]>(`${ENDPOINT}/${id}/workflow-logs`, { signal }),
    staleTime: 0,
    // The section is simply hidden when the logs cannot be loaded (spec 2 §2, §8): no retries.
    retry: false,
  })

/** GET /api/userbooking/{id}/rescheduling: the current entry first, earlier ones below. */
export const reschedulingQuery = (id: number) =>
  queryOptions({
    queryKey: [ENDPOINT, 'rescheduling', id],
    queryFn: ({ signal }) => api<ReschedulingEntry[]>(`${ENDPOINT}/${id}/rescheduling`, { signal }),
    staleTime: 0,
  })

/** The confirmation PDF (spec 2 §7), opened in a new tab. */
export function confirmationPdfUrl(id: number): string {
  return `${ENDPOINT}?invoice_pdf=true&invoice_id=${id}`
}
