import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

/**
 * The report measures of counted bookings summed per local month (issue 20): a year of one
 * organization reads a few thousand of these rows instead of tens of thousands of bookings. They
 * are derived data, rebuilt from the bookings by the same SQL the raw statements use (see
 * modules/reports/report-facts.repository.ts) for every month that `report_stale_months` names;
 * triggers on bookings, their amenities and refunds, and locations' zones add those names.
 */
const measures = {
  bookings: integer('bookings').notNull(),
  minutes: bigint('minutes', { mode: 'number' }).notNull(),
  /** Revenue in cents for each tax and amenity choice (revenueCents). */
  revenueIncTaxIncAmenity: bigint('revenue_inc_tax_inc_amenity', { mode: 'number' }).notNull(),
  revenueIncTaxExAmenity: bigint('revenue_inc_tax_ex_amenity', { mode: 'number' }).notNull(),
  revenueExTaxIncAmenity: bigint('revenue_ex_tax_inc_amenity', { mode: 'number' }).notNull(),
  revenueExTaxExAmenity: bigint('revenue_ex_tax_ex_amenity', { mode: 'number' }).notNull(),
  /** Bookings that used gratis minutes, and the minutes they used (gratisUsedMinutes). */
  gratisBookings: integer('gratis_bookings').notNull(),
  gratisMinutes: bigint('gratis_minutes', { mode: 'number' }).notNull(),
}

/** Per space and local month (its first day) of the start. */
export const reportSpaceMonthFacts = pgTable(
  'report_space_month_facts',
  {
    organizationId: integer('organization_id').notNull(),
    centerId: integer('center_id').notNull(),
    spaceId: integer('space_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    ...measures,
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.month, t.centerId, t.spaceId] })],
)

/**
 * Per organization and local month: the space facts summed, for what compares organizations (the
 * industry benchmarking reads 50 organizations' year as 600 rows, not 29,000).
 */
export const reportOrganizationMonthFacts = pgTable(
  'report_organization_month_facts',
  {
    organizationId: integer('organization_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    ...measures,
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.month] })],
)

/**
 * Per space, local month and one more property of the counted bookings (`dimension`, its `value`):
 * `weekday` (ISO 1 Monday … 7 Sunday of the local start), `start_hour` (0–23, local), `wall_hour`
 * (0–23, local: `minutes` are the booked minutes falling in that hour, wallHourMinutes, and
 * `bookings` the bookings with some), `lead_band` (the index in leadBands of the lead time) and
 * `voucher` (the voucher code, only bookings with one). A table of its own, as each multiplies the rows the other reports would read.
 */
export const reportDimensionMonthFacts = pgTable(
  'report_dimension_month_facts',
  {
    organizationId: integer('organization_id').notNull(),
    dimension: text('dimension').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    centerId: integer('center_id').notNull(),
    spaceId: integer('space_id').notNull(),
    value: text('value').notNull(),
    bookings: integer('bookings').notNull(),
    minutes: bigint('minutes', { mode: 'number' }).notNull(),
    /** Lead minutes summed (leadMinutes). */
    leadMinutes: bigint('lead_minutes', { mode: 'number' }).notNull(),
    /** Voucher discounts in cents summed. */
    voucherCents: bigint('voucher_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.dimension, t.month, t.centerId, t.spaceId, t.value] })],
)

/** Per location, client and local month of the start. */
export const reportClientMonthFacts = pgTable(
  'report_client_month_facts',
  {
    organizationId: integer('organization_id').notNull(),
    centerId: integer('center_id').notNull(),
    clientId: integer('client_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    ...measures,
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.month, t.centerId, t.clientId] })],
)

/** Per location, user (the booker) and local month of the start. */
export const reportUserMonthFacts = pgTable(
  'report_user_month_facts',
  {
    organizationId: integer('organization_id').notNull(),
    centerId: integer('center_id').notNull(),
    userId: integer('user_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    ...measures,
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.month, t.centerId, t.userId] })],
)

/**
 * The local months whose facts no longer match the bookings: a row per change, appended by the
 * triggers, taken (deleted) and rebuilt before a report reads the facts. No unique key, so that
 * writers never wait for each other or for a rebuild on it.
 */
export const reportStaleMonths = pgTable(
  'report_stale_months',
  {
    organizationId: integer('organization_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
  },
  (t) => [index('report_stale_months_idx').on(t.organizationId, t.month)],
)

/**
 * Per organization, the versions the reports' in-process memos are checked against
 * (modules/reports/report-memo.ts): `master`, renewed by triggers on every change to the
 * organization, its locations, spaces and blackout periods; `facts`, renewed by every rebuild of one
 * of its months of report facts (rebuildMonth). The values come from the sequence
 * report_versions_seq, which never gives a value twice: the largest over organizations changes
 * with every change, and never comes back to one a rolled-back transaction showed.
 */
export const reportVersions = pgTable('report_versions', {
  organizationId: integer('organization_id').primaryKey(),
  master: bigint('master', { mode: 'number' }).notNull().default(0),
  facts: bigint('facts', { mode: 'number' }).notNull().default(0),
})
