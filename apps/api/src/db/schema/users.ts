import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { clients } from './clients.ts'
import { countries } from './lookups.ts'
import { organizations } from './organizations.ts'
import { createdAt, deletedAt, updatedAt } from './shared.ts'

/** A super user belongs to no organization; every other user belongs to exactly one. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').references(() => organizations.id),
    type: text('type').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    excludeFromReporting: boolean('exclude_from_reporting').notNull().default(false),
    mobile: text('mobile').notNull().default(''),
    clientId: integer('client_id'),
    companyName: text('company_name').notNull().default(''),
    companyEmail: text('company_email').notNull().default(''),
    companyPhone: text('company_phone').notNull().default(''),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    countryId: integer('country_id').references(() => countries.id),
    postcode: text('postcode').notNull().default(''),
    createdBy: integer('created_by'),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_organization_idx').on(t.organizationId),
    index('users_client_idx').on(t.organizationId, t.clientId),
    // The users list's default order (first name, last name), for super and within an organization:
    // a page is a short walk of the index instead of a sort of every user.
    index('users_name_order_idx').on(t.firstName, t.lastName, t.id),
    index('users_organization_name_order_idx').on(t.organizationId, t.firstName, t.lastName, t.id),
    // The bookings list's search of the booker's name (pg_trgm).
    index('users_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    // A user's client is a client of the user's organization.
    foreignKey({
      columns: [t.organizationId, t.clientId],
      foreignColumns: [clients.organizationId, clients.id],
    }),
    check('users_type_check', sql`${t.type} in ('super','admin','csr','basic')`),
    check('users_organization_check', sql`(${t.type} = 'super') or (${t.organizationId} is not null)`),
  ],
)
