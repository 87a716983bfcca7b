import { dateDisplayFormat } from '@spaceboard/domain'
import dayjs from 'dayjs'
import { useProfile } from './session.ts'

export function formatDate(
  value: string | null | undefined,
  format: string = dateDisplayFormat(null),
): string {
  if (!value) return ''
  const date = dayjs(value)
  return date.isValid() ? date.format(format) : ''
}

/** Formats dates in the signed-in person's organization's order (dd-MM-yyyy or MM-dd-yyyy). */
export function useFormatDate(): (value: string | null | undefined) => string {
  const format = dateDisplayFormat(useProfile().time_format)
  return (value) => formatDate(value, format)
}
