import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, numeric, pgTable, serial, unique } from 'drizzle-orm/pg-core'
import { organizations } from './organizations.ts'
import { createdAt, updatedAt } from './shared.ts'

/** Refund percentage by days left before the booking and attendees (spec 1 §3 Cancellation rule). */
export const cancelRules = pgTable(
  'cancel_rules',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    minDay: bigint('min_day', { mode: 'number' }).notNull(),
    maxDay: bigint('max_day', { mode: 'number' }).notNull(),
    maxAttendee: bigint('max_attendee', { mode: 'number' }).notNull(),
    refundPercent: numeric('refund_percent', { precision: 5, scale: 2 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('cancel_rules_org_id_unique').on(t.organizationId, t.id),
    index('cancel_rules_organization_idx').on(t.organizationId),
    check(
      'cancel_rules_range_check',
      sql`${t.minDay} >= 0 and ${t.maxDay} >= ${t.minDay} and ${t.maxAttendee} >= 0`,
    ),
    check('cancel_rules_refund_check', sql`${t.refundPercent} between 0 and 100`),
  ],
)
