import { sql } from 'drizzle-orm'
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
import { bookings } from './bookings.ts'
import { organizations } from './organizations.ts'
import { users } from './users.ts'

/** A marked billing export ("Mark exported for invoicing"): who exported, when. */
export const billingExports = pgTable(
  'billing_exports',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    exportedAt: timestamp('exported_at', { withTimezone: true }).notNull().defaultNow(),
    exportedBy: integer('exported_by').references(() => users.id),
  },
  (t) => [unique('billing_exports_org_id_unique').on(t.organizationId, t.id)],
)

/**
 * Each money line's own exported time (issue 19 item 4): one row per line once a marked export
 * took it. The primary key is what keeps a line in one export only: two exports at the same
 * moment insert the same line once, the second one's insert skipping it.
 */
export const billingLineExports = pgTable(
  'billing_line_exports',
  {
    organizationId: integer('organization_id').notNull(),
    /** room, amenity, charge, room-refund, amenity-refund, charge-refund or cancellation. */
    lineKind: text('line_kind').notNull(),
    /** The booking (room, cancellation), booked amenity, additional charge or refund row. */
    lineId: integer('line_id').notNull(),
    bookingId: integer('booking_id').notNull(),
    exportId: integer('export_id').notNull(),
    exportedAt: timestamp('exported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.lineKind, t.lineId] }),
    index('billing_line_exports_export_idx').on(t.organizationId, t.exportId, t.bookingId),
    index('billing_line_exports_booking_idx').on(t.organizationId, t.bookingId),
    foreignKey({
      columns: [t.organizationId, t.bookingId],
      foreignColumns: [bookings.organizationId, bookings.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.exportId],
      foreignColumns: [billingExports.organizationId, billingExports.id],
    }),
    check(
      'billing_line_exports_kind_check',
      sql`${t.lineKind} in ('room','amenity','charge','room-refund','amenity-refund','charge-refund','cancellation')`,
    ),
  ],
)
