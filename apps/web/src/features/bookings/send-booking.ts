import { occurrenceDates, recurringRuleSchema } from '@spaceboard/domain'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { FormInstance } from 'antd'
import { useRef, useState } from 'react'
import { ApiError } from '../../platform/api-client.ts'
import { useConfirm, useToast } from '../../platform/feedback.ts'
import { showFieldErrors } from '../../platform/form-kit.ts'
import { BOOKING_ENDPOINT, type BookingBody, createBooking, type SeriesConflict } from './api.ts'
import { type BookingFormValues, remainingDates } from './room-detail-model.ts'

/** The confirmation page of a booking. */
const invoicePath = (bookingId: number) =>
  ({ to: '/admin/book/invoice/$id', params: { id: String(bookingId) } }) as const

/**
 * Sending a new booking and what the server answers: the confirmation page once it is made; its
 * question about preparation time (sent again on yes); a series' conflicting dates, kept to show
 * and to book the other dates; a slot someone else took meanwhile; field errors under their fields.
 */
export function useSendBooking(form: FormInstance<BookingFormValues>) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirm = useConfirm()
  const [saving, setSaving] = useState(false)
  const [conflicts, setConflicts] = useState<{
    message: string
    list: SeriesConflict[]
    body: BookingBody
  } | null>(null)
  const conflictsRef = useRef<HTMLDivElement>(null)

  const send = async (sent: BookingBody) => {
    setSaving(true)
    try {
      const created = await createBooking(sent)
      toast.success(created.message)
      await queryClient.invalidateQueries({ queryKey: [BOOKING_ENDPOINT] })
      await navigate(invoicePath(created.bookingId))
    } catch (error) {
      setSaving(false)
      if (error instanceof ApiError && error.status === 409) {
        // "This room needs preparation time of … Do you still want to continue?"
        if (error.body.confirm === 'preparation_time') {
          if (await confirm({ content: error.message }))
            await send({ ...sent, confirm_preparation_time: true })
          return
        }
        const list = Array.isArray(error.body.conflicts) ? (error.body.conflicts as SeriesConflict[]) : []
        if (list.length > 0) {
          setConflicts({ message: error.message, list, body: sent })
          setTimeout(() => conflictsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 50)
          return
        }
        // Someone else took the slot meanwhile: the booked slots and the quote say so afresh.
        void queryClient.invalidateQueries({ queryKey: [BOOKING_ENDPOINT] })
        toast.error(error.message)
        return
      }
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        const shown = showFieldErrors(form, error.errors)
        if (shown.length === 0) toast.error(Object.values(error.errors)[0] ?? error.message)
        return
      }
      toast.failure(error)
    }
  }

  const conflictDates = conflicts?.list.map((c) => c.date) ?? []
  const seriesLeft = (() => {
    if (!conflicts?.body.recurring) return 0
    const rule = recurringRuleSchema.safeParse(conflicts.body.recurring)
    if (!rule.success) return 0
    const all = occurrenceDates(conflicts.body.booking_date, rule.data)
    return remainingDates(all, [...conflicts.body.skip_dates, ...conflictDates]).length
  })()
  const bookOthers = () => {
    if (!conflicts) return
    void send({
      ...conflicts.body,
      skip_dates: [...new Set([...conflicts.body.skip_dates, ...conflictDates])],
    })
  }

  const clearConflicts = () => setConflicts(null)

  return { saving, conflicts, conflictsRef, seriesLeft, send, bookOthers, clearConflicts }
}
