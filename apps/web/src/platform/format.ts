import dayjs from 'dayjs'

/** The spec's date display: dd-MM-yyyy. */
export const DATE_FORMAT = 'DD-MM-YYYY'

export function formatDate(value: string | null | undefined): string {
  if (!value) return ''
  const date = dayjs(value)
  return date.isValid() ? date.format(DATE_FORMAT) : ''
}
