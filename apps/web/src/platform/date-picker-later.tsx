import { Input } from 'antd'
import { type ComponentProps, lazy, Suspense } from 'react'
import type { DatePicker } from './date-picker.tsx'

const LazyDatePicker = lazy(() => import('./date-picker.tsx').then((m) => ({ default: m.DatePicker })))

/**
 * The date picker of a list's filters, loaded after the list: antd's picker is ~55 KB gzip, the
 * largest part of the way to the bookings list's first row (issue 14). Until it is there, a
 * read-only box with the same label, placeholder and value holds its place.
 */
export function DatePickerLater(props: ComponentProps<typeof DatePicker>) {
  const format = typeof props.format === 'string' ? props.format : undefined
  return (
    <Suspense
      fallback={
        <Input
          readOnly
          aria-label={props['aria-label']}
          placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined}
          value={props.value ? props.value.format(format) : ''}
          style={{ width: 150 }}
        />
      }
    >
      <LazyDatePicker {...props} />
    </Suspense>
  )
}
