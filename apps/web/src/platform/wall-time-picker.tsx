import { minutesOfDay } from '@spaceboard/domain'
import { TimePicker } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'

/** How times are shown (spec 1 §9: stored HH:mm, shown hh:mm A). */
export const WALL_TIME_DISPLAY = 'hh:mm A'

const STEP = 15
const quarters = [0, 15, 30, 45]
const hours = Array.from({ length: 24 }, (_, hour) => hour)

function toDayjs(value: string | undefined): Dayjs | null {
  if (!value || !/^\d{2}:\d{2}$/.test(value)) return null
  const [hour = 0, minute = 0] = value.split(':').map(Number)
  return dayjs().hour(hour).minute(minute).second(0).millisecond(0)
}

/** Whether a minute of the day may be picked: on a 15-minute step within [min, max] (HH:mm, both included). */
function allowedWithin(min: string | undefined, max: string | undefined) {
  const from = min ? minutesOfDay(min) : 0
  const to = max ? minutesOfDay(max) : 24 * 60 - STEP
  return (minutes: number) => minutes % STEP === 0 && minutes >= from && minutes <= to
}

/** The times outside [min, max] greyed out in the picker's columns. */
function disabledOutside(min: string | undefined, max: string | undefined) {
  if (!min && !max) return undefined
  const within = allowedWithin(min, max)
  const allowed = (hour: number, minute: number) => within(hour * 60 + minute)
  return () => ({
    disabledHours: () => hours.filter((hour) => !quarters.some((minute) => allowed(hour, minute))),
    disabledMinutes: (hour: number) => quarters.filter((minute) => !allowed(hour, minute)),
  })
}

/**
 * A time of day in 15-minute steps, shown hh:mm A, whose form value is the stored HH:mm text.
 * Used as the control of a Form.Item (value/onChange). `min` and `max` (HH:mm) grey out the
 * times outside a window (a space's bookable hours, say). A complete time typed into the input
 * becomes the value at once: antd would keep it aside until Enter or the popup closes, so a
 * button clicked straight after typing would act on the old time while the new one shows.
 */
export function WallTimePicker({
  value,
  onChange,
  id,
  disabled,
  min,
  max,
  placeholder,
  ...rest
}: {
  value?: string
  onChange?: (value: string) => void
  id?: string
  disabled?: boolean
  min?: string | undefined
  max?: string | undefined
  placeholder?: string
  'aria-label'?: string
}) {
  const takeTyped = (time: Dayjs | null) => {
    const typed = time?.format('HH:mm')
    if (typed && typed !== value && allowedWithin(min, max)(minutesOfDay(typed))) onChange?.(typed)
  }
  return (
    <TimePicker
      id={id}
      aria-label={rest['aria-label']}
      value={toDayjs(value)}
      onChange={(time) => onChange?.(time ? time.format('HH:mm') : '')}
      onCalendarChange={(time) => takeTyped(Array.isArray(time) ? null : time)}
      format={WALL_TIME_DISPLAY}
      use12Hours
      minuteStep={STEP}
      showNow={false}
      needConfirm={false}
      allowClear={false}
      disabled={disabled}
      disabledTime={disabledOutside(min, max)}
      placeholder={placeholder}
      style={{ width: '100%' }}
    />
  )
}
