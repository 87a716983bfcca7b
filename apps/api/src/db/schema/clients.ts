import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { countries } from './lookups.ts'
import { clientTypes, organizations } from './organizations.ts'
import { createdAt, deletedAt, updatedAt } from './shared.ts'

/** A client (company) of an organization: the party bookings are made and billed for. */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    externalClientId: text('external_client_id').notNull().default(''),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    countryId: integer('country_id').references(() => countries.id),
    postcode: text('postcode').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactNumber: text('contact_number').notNull().default(''),
    website: text('website').notNull().default(''),
    paymentMethod: text('payment_method').notNull().default('invoice'),
    companyNumber: text('company_number').notNull().default(''),
    sendConfirmationOnly: boolean('send_confirmation_only').notNull().default(false),
    accessToPrivateRoom: boolean('access_to_private_room').notNull().default(false),
    notes: text('notes').notNull().default(''),
    internalPercentDiscountRate: numeric('internal_percent_discount_rate', { precision: 5, scale: 2 })
      .notNull()
      .default('0'),
    additionalDiscountRate: numeric('additional_discount_rate', { precision: 5, scale: 2 })
      .notNull()
      .default('0'),
    /** Gratis (free) minutes a month; the spec's gartisMinutes. */
    totalMinutes: integer('total_minutes').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    unique('clients_org_id_unique').on(t.organizationId, t.id),
    // The bookings list's search of the client's name (pg_trgm).
    index('clients_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    uniqueIndex('clients_org_name_unique').on(t.organizationId, sql`lower(${t.name})`),
    check(
      'clients_discount_check',
      sql`${t.internalPercentDiscountRate} between 0 and 100 and ${t.additionalDiscountRate} between 0 and 100`,
    ),
    check('clients_gratis_check', sql`${t.totalMinutes} >= 0 and ${t.totalMinutes} % 15 = 0`),
    check('clients_payment_method_check', sql`${t.paymentMethod} in ('invoice','credit_card')`),
  ],
)

export const clientClientTypes = pgTable(
  'client_client_types',
  {
    organizationId: integer('organization_id').notNull(),
    clientId: integer('client_id').notNull(),
    clientTypeId: integer('client_type_id')
      .notNull()
      .references(() => clientTypes.id),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.clientTypeId] }),
    foreignKey({
      columns: [t.organizationId, t.clientId],
      foreignColumns: [clients.organizationId, clients.id],
    }).onDelete('cascade'),
  ],
)

/** Gratis minutes used by a client per month (bookings write it; refunds give minutes back). */
export const clientGratisLog = pgTable(
  'client_gratis_log',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    clientId: integer('client_id').notNull(),
    /** YYYY-MM */
    usedMonth: text('used_month').notNull(),
    usedMinutes: integer('used_minutes').notNull().default(0),
    refundedMinutes: integer('refunded_minutes').notNull().default(0),
  },
  (t) => [
    unique('client_gratis_log_month_unique').on(t.organizationId, t.clientId, t.usedMonth),
    foreignKey({
      columns: [t.organizationId, t.clientId],
      foreignColumns: [clients.organizationId, clients.id],
    }).onDelete('cascade'),
    check('client_gratis_log_minutes_check', sql`${t.usedMinutes} >= 0 and ${t.refundedMinutes} >= 0`),
  ],
)
