import { addDays, wallClock, zonedInstant } from '../time.ts'
import type { WorkflowDirection, WorkflowTimeUnit } from './schemas.ts'

const MS = { Minutes: 60_000, Hours: 3_600_000 } as const

/**
 * When a workflow's send is due: the event (the booking's start, or when it was booked) moved by the
 * offset. Days count on the location's calendar, so "3 days before 09:00" stays 09:00 there across a
 * daylight-saving change; minutes and hours are elapsed time. A wall time the clock skips (spring
 * forward) falls to the same elapsed offset.
 */
export function workflowDueAt(
  event: Date,
  zone: string,
  offset: { time_value: number; time_unit: WorkflowTimeUnit; direction: WorkflowDirection },
): Date {
  const sign = offset.direction === 'Before' ? -1 : 1
  if (offset.time_unit !== 'Days')
    return new Date(event.getTime() + sign * offset.time_value * MS[offset.time_unit])
  const local = wallClock(event, zone)
  const seconds = event.getTime() % 60_000
  const moved = zonedInstant(addDays(local.date, sign * offset.time_value), local.time, zone)
  if (moved) return new Date(moved.getTime() + seconds)
  return new Date(event.getTime() + sign * offset.time_value * 86_400_000)
}
