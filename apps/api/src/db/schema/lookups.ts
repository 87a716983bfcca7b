import { sql } from 'drizzle-orm'
import { boolean, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, deletedAt, updatedAt } from './shared.ts'

/** Shared lookups: plain tables, not owned by an organization. */
export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('countries_code_unique').on(t.code).where(sql`${t.deletedAt} is null`),
    uniqueIndex('countries_name_unique').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
  ],
)

export const globalRegions = pgTable(
  'global_regions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('global_regions_code_unique').on(sql`lower(${t.code})`)],
)
