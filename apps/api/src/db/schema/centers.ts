import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core'
import { countries } from './lookups.ts'
import { organizations, regions } from './organizations.ts'
import { createdAt, deletedAt, updatedAt } from './shared.ts'

/** A location (center) of an organization; its IANA time zone is the one bookings are shown in. */
export const centers = pgTable(
  'centers',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    siteId: text('site_id').notNull().default(''),
    bookingConfirmEmail: text('booking_confirm_email').notNull(),
    bookingConfirmEmails: text('booking_confirm_emails').notNull().default(''),
    contactEmail: text('contact_email').notNull(),
    contactNumber: text('contact_number').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postcode: text('postcode').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    timezoneId: text('timezone_id').notNull(),
    /** HH:mm, wall-clock time of the center. */
    openTime: text('open_time').notNull().default('09:00'),
    closeTime: text('close_time').notNull().default('20:00'),
    timeFormat: text('time_format').notNull().default('dd/mm'),
    openAfterHours: boolean('open_after_hours').notNull().default(false),
    description: text('description').notNull().default(''),
    nativeCenterId: text('native_center_id').notNull().default(''),
    lat: numeric('lat', { precision: 9, scale: 6 }),
    lon: numeric('lon', { precision: 9, scale: 6 }),
    taxesLabel: text('taxes_label').notNull().default(''),
    taxesPercent: numeric('taxes_percent', { precision: 5, scale: 2 }),
    taxesType: text('taxes_type').notNull().default(''),
    stripePublishableKey: text('stripe_publishable_key').notNull().default(''),
    stripeSecretKeyEnc: text('stripe_secret_key_enc'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    unique('centers_org_id_unique').on(t.organizationId, t.id),
    index('centers_organization_idx').on(t.organizationId),
    check(
      'centers_hours_check',
      sql`${t.openTime} ~ '^[0-2][0-9]:[0-5][0-9]$' and ${t.closeTime} ~ '^[0-2][0-9]:[0-5][0-9]$' and ${t.openTime} < ${t.closeTime}`,
    ),
    check('centers_time_format_check', sql`${t.timeFormat} in ('dd/mm','mm/dd')`),
    check(
      'centers_taxes_percent_check',
      sql`${t.taxesPercent} is null or ${t.taxesPercent} between 0 and 99`,
    ),
  ],
)

export const centerRegions = pgTable(
  'center_regions',
  {
    organizationId: integer('organization_id').notNull(),
    centerId: integer('center_id').notNull(),
    regionId: integer('region_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.centerId, t.regionId] }),
    foreignKey({
      columns: [t.organizationId, t.centerId],
      foreignColumns: [centers.organizationId, centers.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.organizationId, t.regionId],
      foreignColumns: [regions.organizationId, regions.id],
    }),
  ],
)

/** Monthly revenue target of a center; reports compare bookings against it. */
export const centerRevenueTargets = pgTable(
  'center_revenue_targets',
  {
    organizationId: integer('organization_id').notNull(),
    centerId: integer('center_id').notNull(),
    year: integer('year').notNull(),
    monthId: integer('month_id').notNull(),
    revenue: numeric('revenue', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.centerId, t.year, t.monthId] }),
    foreignKey({
      columns: [t.organizationId, t.centerId],
      foreignColumns: [centers.organizationId, centers.id],
    }).onDelete('cascade'),
    check('center_revenue_targets_month_check', sql`${t.monthId} between 1 and 12`),
    check('center_revenue_targets_revenue_check', sql`${t.revenue} >= 0`),
  ],
)
