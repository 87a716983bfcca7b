import type { BookingConfirmation } from '@spaceboard/domain'
import type { RunSheet } from './modules/bookings/booking-list.service.ts'
import { renderConfirmationPdf } from './modules/bookings/confirmation-pdf.ts'
import { renderRunSheetPdf } from './modules/bookings/run-sheet-pdf.ts'

/**
 * The tasks of the heavy-work pool (platform/heavy-work.ts), run in worker threads: each takes
 * plain data read by the HTTP thread and answers the file's bytes. Bundled beside the server as
 * render-worker.mjs.
 */
export interface RenderInputs {
  runSheetPdf: RunSheet
  confirmationPdf: { booking: BookingConfirmation; logo: Uint8Array | null }
}
export type RenderTask = keyof RenderInputs

export function runSheetPdf(sheet: RenderInputs['runSheetPdf']): Promise<Uint8Array> {
  return renderRunSheetPdf(sheet)
}

export function confirmationPdf({ booking, logo }: RenderInputs['confirmationPdf']): Promise<Uint8Array> {
  return renderConfirmationPdf(booking, logo ? Buffer.from(logo) : null)
}
