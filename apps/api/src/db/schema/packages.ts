import { sql } from 'drizzle-orm'
import {
  check,
  foreignKey,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core'
import { centers } from './centers.ts'
import { organizations } from './organizations.ts'
import { createdAt, updatedAt } from './shared.ts'
import { spaces } from './spaces.ts'

/** A package deal: a per-attendee price for a fixed slot or a duration, in chosen centers and spaces. */
export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    minAttendees: integer('min_attendees').notNull(),
    type: text('type').notNull(),
    durationMinutes: integer('duration_minutes'),
    startTime: text('start_time'),
    endTime: text('end_time'),
    services: text('services').notNull().default(''),
    rate: numeric('rate', { precision: 12, scale: 2 }).notNull(),
    status: text('status').notNull().default('enable'),
    /** Accounting codes, edited on the organization form (Accounts/Finance). */
    accountCode: text('account_code').notNull().default(''),
    inventoryItemCode: text('inventory_item_code').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('packages_org_id_unique').on(t.organizationId, t.id),
    check('packages_type_check', sql`${t.type} in ('duration','fixed')`),
    check('packages_status_check', sql`${t.status} in ('enable','disable')`),
    check('packages_rate_check', sql`${t.rate} >= 0`),
    check(
      'packages_shape_check',
      sql`(${t.type} = 'duration' and ${t.durationMinutes} > 0) or (${t.type} = 'fixed' and ${t.startTime} < ${t.endTime})`,
    ),
  ],
)

export const packageCenters = pgTable(
  'package_centers',
  {
    organizationId: integer('organization_id').notNull(),
    packageId: integer('package_id').notNull(),
    centerId: integer('center_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.centerId] }),
    foreignKey({
      columns: [t.organizationId, t.packageId],
      foreignColumns: [packages.organizationId, packages.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.organizationId, t.centerId],
      foreignColumns: [centers.organizationId, centers.id],
    }),
  ],
)

export const packageSpaces = pgTable(
  'package_spaces',
  {
    organizationId: integer('organization_id').notNull(),
    packageId: integer('package_id').notNull(),
    spaceId: integer('space_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.spaceId] }),
    foreignKey({
      columns: [t.organizationId, t.packageId],
      foreignColumns: [packages.organizationId, packages.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.organizationId, t.spaceId],
      foreignColumns: [spaces.organizationId, spaces.id],
    }),
  ],
)
