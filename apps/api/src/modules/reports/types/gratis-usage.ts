import { bookedHours, GRATIS_TOP_CLIENTS, sharePercent } from '@spaceboard/domain'
import { asc, desc, sql } from 'drizzle-orm'
import { bookings, centers, clients } from '../../../db/schema/index.ts'
import type { Ctx } from '../../../platform/context.ts'
import { bookingJoins } from '../../bookings/booking-joins.ts'
import { countedBookingsOf, localBucket } from '../facts.repository.ts'
import { bucketColumn, everyBucket, reportOrganizationId } from '../report-buckets.ts'
import type { ReportBody } from '../report-builder.ts'
import type { ReportInput } from '../report-input.ts'

/** gratisUsedMinutes: granted less refunded. */
const usedMinutes = sql`greatest(0, ${bookings.gratisMinutes} - ${bookings.refundedGratisMinutes})`

/** The figures of a set of bookings: all of them, those using gratis, the gratis hours and the share. */
function figures(count: number, gratisCount: number, minutes: number) {
  return {
    NumberBooking: count,
    GratisBookings: gratisCount,
    GratisHours: bookedHours(minutes),
    GratisShare: sharePercent(gratisCount, count),
  }
}

/**
 * Gratis Usage (gratisUsage): the gratis (free) minutes the counted bookings of the period used
 * (gratis_minutes − refunded_gratis_minutes), as hours, per bucket and for the clients using the
 * most (top 20 by gratis hours, then by name), with the share of bookings using gratis.
 * data: { buckets: [{ Key, label, NumberBooking, GratisBookings, GratisHours, GratisShare }],
 * clients: [{ name, GratisBookings, GratisHours }], total: { NumberBooking, GratisBookings,
 * GratisHours, GratisShare } }.
 */
export async function gratisUsage(ctx: Ctx, input: ReportInput): Promise<ReportBody> {
  const organizationId = reportOrganizationId(input)
  const counted = countedBookingsOf(input, organizationId)
  const bucketRows = await ctx.tx
    .select({
      bucket: localBucket(input.duration),
      count: sql<number>`count(*)`.mapWith(Number),
      gratisCount: sql<number>`count(*) filter (where ${usedMinutes} > 0)`.mapWith(Number),
      minutes: sql<number>`sum(${usedMinutes})`.mapWith(Number),
    })
    .from(bookings)
    .innerJoin(centers, bookingJoins.center)
    .where(counted)
    .groupBy(sql`1`)
  const clientMinutes = sql<number>`sum(${usedMinutes})`.mapWith(Number)
  const clientRows = await ctx.tx
    .select({
      name: clients.name,
      gratisCount: sql<number>`count(*) filter (where ${usedMinutes} > 0)`.mapWith(Number),
      minutes: clientMinutes,
    })
    .from(bookings)
    .innerJoin(centers, bookingJoins.center)
    .innerJoin(
      clients,
      sql`${clients.organizationId} = ${bookings.organizationId} and ${clients.id} = ${bookings.clientId}`,
    )
    .where(counted)
    .groupBy(clients.id, clients.name)
    .having(sql`sum(${usedMinutes}) > 0`)
    .orderBy(desc(clientMinutes), asc(clients.name), asc(clients.id))
    .limit(GRATIS_TOP_CLIENTS)

  const buckets = everyBucket(
    input,
    new Map(bucketRows.map((row) => [row.bucket, figures(row.count, row.gratisCount, row.minutes)])),
    () => figures(0, 0, 0),
  )
  const sum = (pick: (row: (typeof bucketRows)[number]) => number) =>
    bucketRows.reduce((total, row) => total + pick(row), 0)
  const total = figures(
    sum((row) => row.count),
    sum((row) => row.gratisCount),
    sum((row) => row.minutes),
  )
  const topClients = clientRows.map((row) => ({
    name: row.name,
    GratisBookings: row.gratisCount,
    GratisHours: bookedHours(row.minutes),
  }))
  return {
    data: { buckets, clients: topClients, total },
    tables: [
      {
        title: 'Gratis hours used',
        columns: [
          bucketColumn(input),
          { key: 'NumberBooking', title: 'Bookings', kind: 'count' },
          { key: 'GratisBookings', title: 'Bookings using gratis', kind: 'count' },
          { key: 'GratisShare', title: 'Share using gratis', kind: 'percent' },
          { key: 'GratisHours', title: 'Gratis hours', kind: 'hours' },
        ],
        rows: [...buckets, { label: 'Total', ...total }],
      },
      {
        title: `Top ${GRATIS_TOP_CLIENTS} clients by gratis hours`,
        columns: [
          { key: 'name', title: 'Client', kind: 'text' },
          { key: 'GratisBookings', title: 'Bookings using gratis', kind: 'count' },
          { key: 'GratisHours', title: 'Gratis hours', kind: 'hours' },
        ],
        rows: topClients,
      },
    ],
    charts: [
      {
        kind: 'column',
        title: 'Gratis hours used',
        data: buckets,
        xField: 'label',
        yField: 'GratisHours',
        valueKind: 'hours',
      },
    ],
  }
}
