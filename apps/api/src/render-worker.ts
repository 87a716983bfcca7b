import { setPriority } from 'node:os'
import type { BookingConfirmation } from '@spaceboard/domain'
import type { RunSheet } from './modules/bookings/booking-list.service.ts'
import { renderConfirmationPdf } from './modules/bookings/confirmation-pdf.ts'
import { renderRunSheetPdf } from './modules/bookings/run-sheet-pdf.ts'
import type { CalendarSheet } from './modules/calendar/calendar.service.ts'
import { renderCalendarPdf } from './modules/calendar/calendar-pdf.ts'

/**
 * The tasks of the heavy-work pool (platform/heavy-work.ts), run in worker threads: each takes
 * plain data read by the HTTP thread and answers the file's bytes. Bundled beside the server as
 * render-worker.mjs.
 */
/**
 * The render thread yields the cores to the HTTP thread and the database: on Linux a priority set
 * for pid 0 is the calling thread's only, so the server's own thread keeps its priority. A platform
 * that refuses just renders at normal priority.
 */
try {
  setPriority(19)
} catch {}

export interface RenderInputs {
  runSheetPdf: RunSheet
  confirmationPdf: { booking: BookingConfirmation; logo: Uint8Array | null }
  calendarPdf: CalendarSheet
}
export type RenderTask = keyof RenderInputs

export function runSheetPdf(sheet: RenderInputs['runSheetPdf']): Promise<Uint8Array> {
  return renderRunSheetPdf(sheet)
}

export function confirmationPdf({ booking, logo }: RenderInputs['confirmationPdf']): Promise<Uint8Array> {
  return renderConfirmationPdf(booking, logo ? Buffer.from(logo) : null)
}

export function calendarPdf(sheet: RenderInputs['calendarPdf']): Promise<Uint8Array> {
  return renderCalendarPdf(sheet)
}
