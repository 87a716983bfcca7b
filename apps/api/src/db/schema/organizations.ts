import { sql } from 'drizzle-orm'
import { check, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { createdAt, deletedAt, updatedAt } from './shared.ts'

/** The tenant. Later issues add the rest of spec 1 §3 Organization. */
export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    mhPlan: text('mh_plan').notNull().default('custom'),
    licensedSpaces: integer('licensed_spaces').notNull().default(0),
    timeFormat: text('time_format').notNull().default('dd/mm'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    check('organizations_mh_plan_check', sql`${t.mhPlan} in ('custom','free','core','pro','enterprise')`),
    check('organizations_licensed_spaces_check', sql`${t.licensedSpaces} >= 0`),
    check('organizations_time_format_check', sql`${t.timeFormat} in ('dd/mm','mm/dd')`),
  ],
)
