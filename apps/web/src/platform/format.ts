import {
  centerDateTime,
  formatIsoDate,
  isIsoDate,
  type TimeFormat,
  todayIn,
  wallClock,
} from '@spaceboard/domain'
import { useProfile } from './session.ts'

/**
 * A date (YYYY-MM-DD) or an instant (ISO 8601 with its time) as a person reads it: in the
 * organization's date order (dd-MM-yyyy or MM-dd-yyyy), an instant on `zone`'s clock (the
 * organization's or its location's, never the browser's), with its time (hh:mm A) when asked.
 */
export function formatDate(
  value: string | null | undefined,
  timeFormat: TimeFormat | null | undefined,
  zone: string,
  withTime = false,
): string {
  if (!value) return ''
  const order = timeFormat ?? 'dd/mm'
  if (isIsoDate(value)) return formatIsoDate(value, order)
  if (withTime) return centerDateTime(value, { timezone: zone, time_format: order })
  const instant = new Date(value)
  return Number.isNaN(instant.getTime()) ? '' : formatIsoDate(wallClock(instant, zone).date, order)
}

/** Formats dates and instants' dates in the signed-in person's organization's order and on its clock. */
export function useFormatDate(): (value: string | null | undefined) => string {
  const { time_format, time_zone } = useProfile()
  return (value) => formatDate(value, time_format, time_zone)
}

/** Formats instants with their time (dd-MM-yyyy hh:mm A), in the organization's order and on its clock. */
export function useFormatDateTime(): (value: string | null | undefined) => string {
  const { time_format, time_zone } = useProfile()
  return (value) => formatDate(value, time_format, time_zone, true)
}

/** Today on the organization's clock (date pickers' defaults and "not before today" limits). */
export function useToday(): string {
  return todayIn(useProfile().time_zone)
}
