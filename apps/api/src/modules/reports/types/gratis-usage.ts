import { bookedHours, GRATIS_TOP_CLIENTS, sharePercent } from '@spaceboard/domain'
import { asc, sql } from 'drizzle-orm'
import {
  bookings,
  centers,
  clients,
  reportClientMonthFacts,
  reportSpaceMonthFacts,
} from '../../../db/schema/index.ts'
import type { Ctx } from '../../../platform/context.ts'
import { bookingJoins } from '../../bookings/booking-joins.ts'
import { countedBookingsOf, gratisUsedMinutes, localBucket } from '../facts.repository.ts'
import { bucketColumn, everyBucket, reportOrganizationId } from '../report-buckets.ts'
import type { ReportBody } from '../report-builder.ts'
import { clientFactsOf, factBucket, spaceFactsOf } from '../report-facts.repository.ts'
import type { ReportInput } from '../report-input.ts'

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
  const a = reportSpaceMonthFacts
  const bucketRows =
    input.duration === 'yearly'
      ? await ctx.tx
          .select({
            bucket: factBucket(a),
            count: sql<number>`sum(${a.bookings})`.mapWith(Number),
            gratisCount: sql<number>`sum(${a.gratisBookings})`.mapWith(Number),
            minutes: sql<number>`sum(${a.gratisMinutes})`.mapWith(Number),
          })
          .from(a)
          .where(spaceFactsOf(input, organizationId))
          .groupBy(sql`1`)
      : await ctx.tx
          .select({
            bucket: localBucket(input.duration),
            count: sql<number>`count(*)`.mapWith(Number),
            gratisCount: sql<number>`count(*) filter (where ${gratisUsedMinutes} > 0)`.mapWith(Number),
            minutes: sql<number>`sum(${gratisUsedMinutes})`.mapWith(Number),
          })
          .from(bookings)
          .innerJoin(centers, bookingJoins.center)
          .where(counted)
          .groupBy(sql`1`)
  const b = reportClientMonthFacts
  const perClient =
    input.spaceId === null
      ? ctx.tx
          .select({
            clientId: sql<number>`${b.clientId}`.as('client_id'),
            gratisCount: sql<number>`sum(${b.gratisBookings})`.as('gratis_count'),
            minutes: sql<number>`sum(${b.gratisMinutes})`.as('minutes'),
          })
          .from(b)
          .where(clientFactsOf(input, organizationId))
          .groupBy(b.clientId)
          .as('per_client')
      : ctx.tx
          .select({
            clientId: sql<number>`${bookings.clientId}`.as('client_id'),
            gratisCount: sql<number>`count(*) filter (where ${gratisUsedMinutes} > 0)`.as('gratis_count'),
            minutes: sql<number>`sum(${gratisUsedMinutes})`.as('minutes'),
          })
          .from(bookings)
          .innerJoin(centers, bookingJoins.center)
          .where(counted)
          .groupBy(bookings.clientId)
          .as('per_client')
  const clientRows = await ctx.tx
    .select({
      name: clients.name,
      gratisCount: sql<number>`${perClient.gratisCount}`.mapWith(Number),
      minutes: sql<number>`${perClient.minutes}`.mapWith(Number),
    })
    .from(perClient)
    .innerJoin(
      clients,
      sql`${clients.organizationId} = ${organizationId} and ${clients.id} = ${perClient.clientId}`,
    )
    .where(sql`${perClient.minutes} > 0`)
    .orderBy(sql`${perClient.minutes} desc`, asc(clients.name), asc(clients.id))
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
