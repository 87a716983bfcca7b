import { addDays, type IsoDate, startOfDay, type WallTime, wallClock } from '@spaceboard/domain'
import type { Tx } from '../../db/client.ts'
import type { Ctx } from '../../platform/context.ts'
import { inTurn } from '../../platform/in-turn.ts'
import { bookingsBetween } from '../bookings/bookings.repository.ts'
import * as repo from './dashboard.repository.ts'

/** Upcoming bookings: the days after today, at most this many. */
export const UPCOMING_DAYS = 7
export const UPCOMING_LIMIT = 20
/** Today's bookings are all shown, up to a sane bound. */
export const TODAY_LIMIT = 100

/** A booking as the dashboard lists it, its times in its center's wall clock (never converted by the browser). */
export interface DashboardBooking {
  id: number
  /** booking prefix + id */
  reference: string
  organization_name: string
  /** YYYY-MM-DD in the center's zone */
  date: IsoDate
  /** HH:mm in the center's zone */
  start_time: WallTime
  end_time: WallTime
  space_name: string
  center_name: string
  client_name: string
  status: 'tentative' | 'confirmed'
}

type Row = Awaited<ReturnType<typeof bookingsBetween>>[number]

function view(row: Row): DashboardBooking {
  const start = wallClock(row.startTime, row.timezone)
  return {
    id: row.id,
    reference: `${row.prefix}${row.id}`,
    organization_name: row.organizationName,
    date: start.date,
    start_time: start.time,
    end_time: wallClock(row.endTime, row.timezone).time,
    space_name: row.spaceName,
    center_name: row.centerName,
    client_name: row.clientName,
    status: row.status as DashboardBooking['status'],
  }
}

/**
 * The bookings starting in [from, to) that `keep` (given the booking's center-local date and that
 * center's today), in start order, at most `want`. With centers in several zones a few rows of the
 * instant window fall on other local days, so the limit grows until enough rows are kept or the
 * window is exhausted.
 */
async function collect(
  tx: Tx,
  organizationId: number | null,
  window: { from: Date; to: Date },
  todayOf: (zone: string) => IsoDate,
  keep: (date: IsoDate, today: IsoDate) => boolean,
  want: number,
): Promise<DashboardBooking[]> {
  let limit = want + 50
  for (;;) {
    const rows = await bookingsBetween(tx, organizationId, window.from, window.to, limit)
    const kept = rows.filter((r) => keep(wallClock(r.startTime, r.timezone).date, todayOf(r.timezone)))
    if (kept.length >= want || rows.length < limit) return kept.slice(0, want).map(view)
    limit *= 4
  }
}

/**
 * Today's bookings and the next days' (cancelled ones left out), of the actor's organization or,
 * for super, of every organization. "Today" is each center's own today.
 */
export async function dashboardBookings(ctx: Ctx, now = new Date()) {
  const organizationId = ctx.actor.organizationId
  const zones = await repo.centerZones(ctx.tx, organizationId)
  if (!zones.length) return { today: [], upcoming: [] }
  const todays = new Map(zones.map((zone) => [zone, wallClock(now, zone).date]))
  const todayOf = (zone: string) => todays.get(zone) ?? wallClock(now, zone).date
  /** The earliest or latest, over the zones, of the start of the day `days` after today. */
  const dayStart = (days: number, choose: (...values: number[]) => number) =>
    new Date(choose(...zones.map((zone) => startOfDay(addDays(todayOf(zone), days), zone).getTime())))

  const [today, upcoming] = await inTurn(
    () =>
      collect(
        ctx.tx,
        organizationId,
        { from: dayStart(0, Math.min), to: dayStart(1, Math.max) },
        todayOf,
        (date, today) => date === today,
        TODAY_LIMIT,
      ),
    () =>
      collect(
        ctx.tx,
        organizationId,
        { from: dayStart(1, Math.min), to: dayStart(UPCOMING_DAYS + 1, Math.max) },
        todayOf,
        (date, today) => date > today && date <= addDays(today, UPCOMING_DAYS),
        UPCOMING_LIMIT,
      ),
  )
  return { today, upcoming }
}
