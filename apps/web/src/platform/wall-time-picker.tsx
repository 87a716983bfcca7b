import { TimePicker } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'

/** How times are shown (spec 1 §9: stored HH:mm, shown hh:mm A). */
export const WALL_TIME_DISPLAY = 'hh:mm A'

function toDayjs(value: string | undefined): Dayjs | null {
  if (!value || !/^\d{2}:\d{2}$/.test(value)) return null
  const [hours = 0, minutes = 0] = value.split(':').map(Number)
  return dayjs().hour(hours).minute(minutes).second(0).millisecond(0)
}

/**
 * A time of day in 15-minute steps, shown hh:mm A, whose form value is the stored HH:mm text.
 * Used as the control of a Form.Item (value/onChange).
 */
export function WallTimePicker({
  value,
  onChange,
  id,
  disabled,
  ...rest
}: {
  value?: string
  onChange?: (value: string) => void
  id?: string
  disabled?: boolean
  'aria-label'?: string
}) {
  return (
    <TimePicker
      id={id}
      aria-label={rest['aria-label']}
      value={toDayjs(value)}
      onChange={(time) => onChange?.(time ? time.format('HH:mm') : '')}
      format={WALL_TIME_DISPLAY}
      use12Hours
      minuteStep={15}
      showNow={false}
      needConfirm={false}
      allowClear={false}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  )
}
