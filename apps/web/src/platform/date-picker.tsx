import { DatePicker as AntDatePicker, type DatePickerProps } from 'antd'
import type { Dayjs } from 'dayjs'

type SingleDatePickerProps = Omit<
  DatePickerProps,
  'value' | 'defaultValue' | 'onChange' | 'onCalendarChange' | 'onOk' | 'multiple'
> & {
  value?: Dayjs | null
  onChange?: (date: Dayjs | null) => void
}

/**
 * antd's DatePicker for one date, except that a complete date typed into the input becomes the
 * value at once. antd keeps a typed date aside until Enter or the popup closes, so a button
 * clicked straight after typing (Go, Save, Book) would act on the old date while the new one shows.
 */
export function DatePicker({ value, onChange, disabledDate, ...rest }: SingleDatePickerProps) {
  return (
    <AntDatePicker
      {...rest}
      value={value}
      disabledDate={disabledDate}
      onChange={(date) => onChange?.(date)}
      onCalendarChange={(date) => {
        const typed = Array.isArray(date) ? date[0] : date
        if (!typed || (value && typed.isSame(value, 'day')) || disabledDate?.(typed, { type: 'date' })) return
        onChange?.(typed)
      }}
    />
  )
}
