import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
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
import { amenities } from './amenities.ts'
import { centers } from './centers.ts'
import { organizations } from './organizations.ts'
import { createdAt, deletedAt, updatedAt } from './shared.ts'

/** A bookable space (the spec's meeting room) of a center. Durations are kept in minutes. */
export const spaces = pgTable(
  'spaces',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    centerId: integer('center_id').notNull(),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    floor: text('floor').notNull().default(''),
    privateRoom: boolean('private_room').notNull().default(false),
    minimumDurationMinutes: integer('minimum_duration_minutes').notNull(),
    maximumDurationMinutes: integer('maximum_duration_minutes').notNull(),
    /** Bookable window, HH:mm in the center's time zone. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    description: text('description').notNull(),
    roomType: text('room_type').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    nativeMeetingroomId: text('native_meetingroom_id').notNull().default(''),
    preMakeupMinutes: integer('pre_makeup_minutes').notNull().default(0),
    postMakeupMinutes: integer('post_makeup_minutes').notNull().default(0),
    securityBondRequired: boolean('security_bond_required').notNull().default(false),
    securityBondAmount: numeric('security_bond_amount', { precision: 12, scale: 2 }),
    siteAccessInstructions: text('site_access_instructions').notNull().default(''),
    calendarType: text('calendar_type'),
    googleAccountEmail: text('google_account_email').notNull().default(''),
    serviceAccountEmail: text('service_account_email').notNull().default(''),
    serviceAccountPrivateKeyEnc: text('service_account_private_key_enc'),
    ms365ResourceEmail: text('ms_365_resource_email').notNull().default(''),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    unique('spaces_org_id_unique').on(t.organizationId, t.id),
    index('spaces_center_idx').on(t.organizationId, t.centerId),
    foreignKey({
      columns: [t.organizationId, t.centerId],
      foreignColumns: [centers.organizationId, centers.id],
    }),
    check('spaces_capacity_check', sql`${t.capacity} between 0 and 99999`),
    check(
      'spaces_duration_check',
      sql`${t.minimumDurationMinutes} >= 0 and ${t.maximumDurationMinutes} <= 1440 and ${t.minimumDurationMinutes} <= ${t.maximumDurationMinutes}`,
    ),
    check('spaces_window_check', sql`${t.startTime} < ${t.endTime}`),
    check('spaces_makeup_check', sql`${t.preMakeupMinutes} >= 0 and ${t.postMakeupMinutes} >= 0`),
    check('spaces_bond_check', sql`${t.securityBondAmount} is null or ${t.securityBondAmount} >= 0`),
  ],
)

export const spaceRates = pgTable(
  'space_rates',
  {
    organizationId: integer('organization_id').notNull(),
    spaceId: integer('space_id').notNull(),
    unit: text('unit').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.spaceId, t.unit] }),
    foreignKey({
      columns: [t.organizationId, t.spaceId],
      foreignColumns: [spaces.organizationId, spaces.id],
    }).onDelete('cascade'),
    check('space_rates_unit_check', sql`${t.unit} in ('hour','halfday','day')`),
    check('space_rates_amount_check', sql`${t.amount} >= 0`),
  ],
)

export const spaceAmenities = pgTable(
  'space_amenities',
  {
    organizationId: integer('organization_id').notNull(),
    spaceId: integer('space_id').notNull(),
    amenityId: integer('amenity_id')
      .notNull()
      .references(() => amenities.id),
    chargeType: text('charge_type').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.spaceId, t.amenityId] }),
    foreignKey({
      columns: [t.organizationId, t.spaceId],
      foreignColumns: [spaces.organizationId, spaces.id],
    }).onDelete('cascade'),
    check('space_amenities_type_check', sql`${t.chargeType} in ('flat','attendee','hour')`),
    check('space_amenities_amount_check', sql`${t.amount} >= 0`),
  ],
)

export const spacePhotos = pgTable(
  'space_photos',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    spaceId: integer('space_id').notNull(),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    foreignKey({
      columns: [t.organizationId, t.spaceId],
      foreignColumns: [spaces.organizationId, spaces.id],
    }).onDelete('cascade'),
  ],
)

export const spaceBlackoutPeriods = pgTable(
  'space_blackout_periods',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    spaceId: integer('space_id').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
  },
  (t) => [
    foreignKey({
      columns: [t.organizationId, t.spaceId],
      foreignColumns: [spaces.organizationId, spaces.id],
    }).onDelete('cascade'),
    check('space_blackout_periods_range_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
)

/** A combined space and the spaces it is made of (same organization, center and type). */
export const spaceChildren = pgTable(
  'space_children',
  {
    organizationId: integer('organization_id').notNull(),
    parentId: integer('parent_id').notNull(),
    childId: integer('child_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.parentId, t.childId] }),
    index('space_children_child_idx').on(t.childId),
    foreignKey({
      columns: [t.organizationId, t.parentId],
      foreignColumns: [spaces.organizationId, spaces.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.organizationId, t.childId],
      foreignColumns: [spaces.organizationId, spaces.id],
    }),
    check('space_children_self_check', sql`${t.parentId} <> ${t.childId}`),
  ],
)
