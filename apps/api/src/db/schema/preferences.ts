import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { updatedAt } from './shared.ts'
import { users } from './users.ts'

/**
 * What a person's screens remember between visits, one JSON value per key (the bookings list's
 * location, the calendar's filters). A user's own data: it goes when the user goes.
 */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
)
