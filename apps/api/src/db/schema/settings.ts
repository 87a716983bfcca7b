import { sql } from 'drizzle-orm'
import { check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { updatedAt } from './shared.ts'
import { users } from './users.ts'

/**
 * Platform-wide settings as key/value rows of a type (spec 3 §3 "Benchmark settings": type
 * benchmarking, keys average.occupancy, average.bookingvalue, average.bookingduration). Not an
 * organization's: no organization_id, like the other shared lookups.
 */
export const settings = pgTable(
  'settings',
  {
    type: text('type').notNull(),
    key: text('key').notNull(),
    /** The value as decimal text ("35.00"). */
    value: text('value').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.key] }),
    check('settings_type_check', sql`${t.type} in ('benchmarking')`),
  ],
)
