import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  foreignKey,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { countries, globalRegions } from './lookups.ts'
import { createdAt, deletedAt, updatedAt } from './shared.ts'

/** The tenant (spec 1 §3 Organization). Secrets are stored encrypted (`*_enc`) or hashed (API tokens). */
export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    mhUrl: text('mh_url').notNull().default(''),
    orgUrl: text('org_url').notNull().default(''),
    description: text('description').notNull().default(''),
    bankingDetails: text('banking_details').notNull().default(''),
    companyRegistrationNumber: text('company_registration_number').notNull().default(''),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    countryId: integer('country_id').references(() => countries.id),
    timeFormat: text('time_format').notNull().default('dd/mm'),
    bookingPrefix: text('booking_prefix').notNull().default(''),
    refundPrefix: text('refund_prefix').notNull().default(''),
    invoiceNumbering: text('invoice_numbering').notNull().default(''),
    monthlyBilling: boolean('monthly_billing').notNull().default(false),
    contactNumber: text('contact_number').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    website: text('website').notNull().default(''),
    contactUsEmail: text('contact_us_email').notNull().default(''),
    bookingEmail: text('booking_email').notNull().default(''),
    senderEmail: text('sender_email').notNull().default(''),
    facebookUrl: text('facebook_url').notNull().default(''),
    twitterUrl: text('twitter_url').notNull().default(''),
    linkedInUrl: text('linkedin_url').notNull().default(''),
    instagramUrl: text('instagram_url').notNull().default(''),
    currencyCode: text('currency_code').notNull().default('aud'),
    mhPlan: text('mh_plan').notNull().default('custom'),
    licensedSpaces: integer('licensed_spaces').notNull().default(0),
    clientDefaultPaymentMethod: text('client_default_payment_method').notNull().default('invoice'),
    color: text('color').notNull().default('Orange-Grey'),
    minimumNoticePeriod: integer('minimum_notice_period').notNull().default(0),
    taxesLabel: text('taxes_label').notNull().default(''),
    taxesPercent: numeric('taxes_percent', { precision: 5, scale: 2 }),
    taxesType: text('taxes_type').notNull().default(''),
    taxType: text('tax_type').notNull().default('exclusive'),
    /** The platform's commission percent on the organization's room amounts (set by super; 0 until set). */
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    monthId: integer('month_id').notNull().default(7),
    organizationRegionId: integer('organization_region_id').references(() => globalRegions.id),
    thirdPartyOrgCode: text('third_party_org_code').notNull().default(''),
    thirdPartyCustomerName: text('third_party_customer_name').notNull().default(''),
    thirdPartyUsername: text('third_party_username').notNull().default(''),
    thirdPartyPasswordEnc: text('third_party_password_enc'),
    apiTokenHash: text('api_token_hash'),
    webApiTokenHash: text('web_api_token_hash'),
    enableApi: boolean('enable_api').notNull().default(false),
    stripePublishableKey: text('stripe_publishable_key').notNull().default(''),
    stripeSecretKeyEnc: text('stripe_secret_key_enc'),
    googleAnalyticsCode: text('google_analytics_code').notNull().default(''),
    mhCustomerId: text('mh_customer_id'),
    excludeFromReporting: boolean('exclude_from_reporting').notNull().default(false),
    useEmailTemplate: boolean('use_email_template').notNull().default(false),
    ms365TenantId: text('ms365_tenant_id').notNull().default(''),
    ms365ClientId: text('ms365_client_id').notNull().default(''),
    ms365ClientSecretEnc: text('ms365_client_secret_enc'),
    ms365ProxyUserEmail: text('ms365_proxy_user_email').notNull().default(''),
    ms365DefaultClientName: text('ms365_default_client_name').notNull().default(''),
    logo: text('logo'),
    /** Plan feature toggles by key (see domain featureFlags). */
    features: jsonb('features').$type<Record<string, boolean>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('organizations_mh_customer_id_unique').on(t.mhCustomerId).where(sql`${t.mhCustomerId} <> ''`),
    // Names are unique among active organizations (any case); prefixes platform-wide, so that
    // booking and refund numbers never collide across organizations (issue 15).
    uniqueIndex('organizations_active_name_unique')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('organizations_booking_prefix_unique')
      .on(sql`upper(${t.bookingPrefix})`)
      .where(sql`${t.bookingPrefix} <> ''`),
    uniqueIndex('organizations_refund_prefix_unique')
      .on(sql`upper(${t.refundPrefix})`)
      .where(sql`${t.refundPrefix} <> ''`),
    check('organizations_mh_plan_check', sql`${t.mhPlan} in ('custom','free','core','pro','enterprise')`),
    check('organizations_licensed_spaces_check', sql`${t.licensedSpaces} >= 0`),
    check('organizations_time_format_check', sql`${t.timeFormat} in ('dd/mm','mm/dd')`),
    check('organizations_notice_check', sql`${t.minimumNoticePeriod} between 0 and 10`),
    check('organizations_month_check', sql`${t.monthId} between 1 and 12`),
    check(
      'organizations_taxes_percent_check',
      sql`${t.taxesPercent} is null or ${t.taxesPercent} between 0 and 99`,
    ),
  ],
)

export const organizationBlackoutPeriods = pgTable(
  'organization_blackout_periods',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('organization_blackout_periods_org_id_unique').on(t.organizationId, t.id),
    check(
      'organization_blackout_periods_range_check',
      sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`,
    ),
  ],
)

/** Client types: the default ones are shared (no organization); an organization adds its own. */
export const clientTypes = pgTable(
  'client_types',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').references(() => organizations.id),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('client_types_org_name_unique').on(
      sql`coalesce(${t.organizationId}, 0)`,
      sql`lower(${t.name})`,
    ),
    check(
      'client_types_default_check',
      sql`(${t.isDefault} and ${t.organizationId} is null) or (not ${t.isDefault} and ${t.organizationId} is not null)`,
    ),
  ],
)

/** The client types an organization uses (Organization Client Types). */
export const organizationClientTypes = pgTable(
  'organization_client_types',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    clientTypeId: integer('client_type_id')
      .notNull()
      .references(() => clientTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.clientTypeId] })],
)

/** Regions of an organization, nested by parent; deleting a region deletes its children. */
export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    parentId: integer('parent_id'),
    globalRegionId: integer('global_region_id')
      .notNull()
      .references(() => globalRegions.id),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('regions_org_id_unique').on(t.organizationId, t.id),
    foreignKey({
      columns: [t.organizationId, t.parentId],
      foreignColumns: [t.organizationId, t.id],
    }).onDelete('cascade'),
    check('regions_parent_check', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
  ],
)

/** Space types an organization offers, with their accounting codes. */
export const organizationRoomTypes = pgTable(
  'organization_room_types',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    roomType: text('room_type').notNull(),
    accountCode: text('account_code').notNull().default(''),
    code: text('code').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.roomType] })],
)

/** Custom header names of the billing export columns. */
export const organizationBillingSheetColumns = pgTable(
  'organization_billing_sheet_columns',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    columnKey: text('column_key').notNull(),
    customName: text('custom_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.columnKey] })],
)
