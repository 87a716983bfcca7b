import { leadBands, type ReportDuration } from '@spaceboard/domain'
import { type AnyColumn, and, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import { bookings, centers } from '../../db/schema/index.ts'
import type { ReportInput } from './report-input.ts'

/**
 * The SQL twins of the domain's report measures (packages/domain/src/reports/measures.ts). Every
 * report type builds its statement from these, so that a booking is in or out, and worth the same,
 * in every report. Statements using them join `centers` on the booking's location.
 */

/** The start of a booking as its location's wall clock: the report buckets' date, hour and weekday. */
export const localStart = sql`(${bookings.startTime} at time zone ${centers.timezoneId})`

/**
 * A date's (or timestamp's) yyyy-MM-dd, and its yyyy-MM: casts rather than to_char, which cost a
 * monthly report's bookings statement a fifth of its time (33,000 calls, ~2 µs each). A date's text
 * is ISO on every connection (DateStyle ISO, db/client.ts), as every date the API reads is.
 */
const isoDate = (date: SQL | AnyColumn) => sql<string>`(${date})::date::text`
export const isoMonth = (date: SQL | AnyColumn) => sql<string>`left((${date})::date::text, 7)`

/** The bucket key of a date (bucketKey): its day in a monthly report, its month in a yearly one, '' without buckets. */
export function dateBucket(duration: ReportDuration | null, date: SQL | AnyColumn): SQL<string> {
  if (duration === 'monthly') return isoDate(date)
  if (duration === 'yearly') return isoMonth(date)
  return sql<string>`''`
}

/** The bucket key a booking falls in: the local date or month of its start. */
export const localBucket = (duration: ReportDuration) => dateBucket(duration, localStart)

/**
 * The bookings a report counts: the organization's (every organization's for null: the caller
 * narrows them), not cancelled, starting on a local date in the period, of the chosen location and
 * space.
 */
export function countedBookingsOf(
  input: {
    period: Pick<ReportInput['period'], 'from' | 'to'>
    centerId: number | null
    spaceId: number | null
  },
  organizationId: number | null,
): SQL {
  return and(
    organizationId === null ? undefined : eq(bookings.organizationId, organizationId),
    // A literal, not a parameter: the partial index on counted bookings then matches every plan.
    sql`${bookings.status} <> 'cancelled'`,
    // The instant range first (one day of slack each side for any zone) lets the indexes do the
    // work; then each location's own midnights decide exactly. Comparing the instant with the
    // location's midnight, rather than each booking's local date with the period's dates, converts
    // nothing per booking and lets the planner estimate the rows.
    gte(bookings.startTime, sql`${input.period.from}::date - interval '1 day'`),
    lt(bookings.startTime, sql`${input.period.to}::date + interval '1 day'`),
    sql`${bookings.startTime} >= (${input.period.from}::timestamp at time zone ${centers.timezoneId})`,
    sql`${bookings.startTime} < (${input.period.to}::timestamp at time zone ${centers.timezoneId})`,
    input.centerId === null ? undefined : eq(bookings.centerId, input.centerId),
    input.spaceId === null ? undefined : eq(bookings.spaceId, input.spaceId),
  ) as SQL
}

/**
 * A booking's amenity lines less their refunds, before tax, in cents: every line its stored
 * subtotal holds, a not-charged one too (the booking's totals count each line, see bookingTotals).
 */
const amenitiesNetCents = sql`coalesce((
  select sum(round(ba.total_amount * 100)) - coalesce(sum((
    select sum(round(r.amount * 100)) from booking_amenity_refunds r
    where r.organization_id = ba.organization_id and r.booking_amenity_id = ba.id)), 0)
  from booking_amenities ba
  where ba.organization_id = ${bookings.organizationId} and ba.booking_id = ${bookings.id}), 0)`

/** gratisUsedMinutes: the gratis minutes a booking used, granted less refunded. */
export const gratisUsedMinutes = sql<number>`greatest(0, ${bookings.gratisMinutes} - ${bookings.refundedGratisMinutes})`

/** A booking's revenue in cents, as bookingRevenue defines it, for the request's tax and amenity choice. */
export function revenueCents(revenue: ReportInput['revenue']): SQL<number> {
  const subTotal = sql`round(${bookings.subTotal} * 100)`
  const tax = sql`round(${bookings.taxAmount} * 100)`
  if (revenue.amenities === 'incAmenity')
    return sql<number>`(${subTotal}${revenue.tax === 'incTax' ? sql` + ${tax}` : sql``})`
  const base = sql`greatest(0, ${subTotal} - ${amenitiesNetCents})`
  if (revenue.tax === 'exTax') return sql<number>`${base}`
  // percentOf: half up to the cent of base × basis points / 10000.
  return sql<number>`(${base} + round(${base} * round(${bookings.taxPercentage} * 100) / 10000.0))`
}

/** leadMinutes: whole minutes from creation to start, never below 0. */
export const leadMinutes = sql`greatest(0, floor(extract(epoch from (${bookings.startTime} - ${bookings.createdAt})) / 60))`

/** leadBandIndex: the band of the lead's whole days (constants of leadBands, written into the SQL). */
export const leadBand = sql`case ${sql.join(
  leadBands.map((band, index) =>
    band.belowDays === null
      ? sql.raw(`else ${index}`)
      : sql`when ${leadMinutes} < ${sql.raw(String(band.belowDays * 1440))} then ${sql.raw(String(index))}`,
  ),
  sql` `,
)} end`

/**
 * wallHourMinutes as a lateral table (hour, minutes): the minutes of a booking falling in each local
 * hour 0–23. A booking whose location's offset is the same at its start and end (all but those
 * across a clock change) has its minutes laid out from its local start minute; one across a clock
 * change is cut minute by minute on its instants, each minute counted in the local hour it starts
 * in (zones change offset on whole minutes), so that the repeated hour collects both of its passes.
 */
export const wallHourMinutes = sql`lateral (
  select slot % 24, least(first_minute + ${bookings.durationMinutes}, (slot + 1) * 60) - greatest(first_minute, slot * 60)
  from (select (extract(hour from ${localStart}) * 60 + extract(minute from ${localStart}))::int as first_minute) as local_start,
    generate_series(first_minute / 60, (first_minute + ${bookings.durationMinutes} - 1) / 60) as slot
  where (${bookings.endTime} - ${bookings.startTime}) = ((${bookings.endTime} at time zone ${centers.timezoneId}) - ${localStart})
  union all
  select extract(hour from (minute_start at time zone ${centers.timezoneId}))::int,
    extract(epoch from least(minute_start + interval '1 minute', ${bookings.endTime}) - greatest(minute_start, ${bookings.startTime})) / 60
  from generate_series(date_trunc('minute', ${bookings.startTime}), ${bookings.endTime} - interval '1 microsecond', interval '1 minute')
    as minute_start
  where (${bookings.endTime} - ${bookings.startTime}) <> ((${bookings.endTime} at time zone ${centers.timezoneId}) - ${localStart})
) as wall_hour(hour, minutes)`
