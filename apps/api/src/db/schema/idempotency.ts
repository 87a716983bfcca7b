import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { createdAt } from './shared.ts'
import { users } from './users.ts'

/**
 * The first answer to a money-moving request sent with an Idempotency-Key: a replay gets it
 * back, a different request under the same key is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
)
