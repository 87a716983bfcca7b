import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
import { amenities } from './amenities.ts'
import { centers } from './centers.ts'
import { clients } from './clients.ts'
import { organizations } from './organizations.ts'
import { packages } from './packages.ts'
import { createdAt, updatedAt } from './shared.ts'
import { spaces } from './spaces.ts'
import { users } from './users.ts'

const money = (name: string) => numeric(name, { precision: 12, scale: 2 })
const percent = (name: string) => numeric(name, { precision: 5, scale: 2 })
const instant = (name: string) => timestamp(name, { withTimezone: true })
/** A half-open instant range [start, end). */
const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' })

/** A voucher code of an organization: a percent or a fixed amount off the room, within its dates. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    code: text('code').notNull(),
    type: text('type').notNull(),
    value: numeric('value', { precision: 12, scale: 2 }).notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('vouchers_org_id_unique').on(t.organizationId, t.id),
    unique('vouchers_org_code_unique').on(t.organizationId, t.code),
    check('vouchers_type_check', sql`${t.type} in ('percent','fixed')`),
    check('vouchers_value_check', sql`${t.value} > 0 and (${t.type} = 'fixed' or ${t.value} <= 100)`),
    check('vouchers_dates_check', sql`${t.validFrom} <= ${t.validTo}`),
  ],
)

/** A recurring series: the rule its bookings were made from. */
export const recurringSeries = pgTable(
  'recurring_series',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    frequency: text('frequency').notNull(),
    untilDate: date('until_date'),
    occurrences: integer('occurrences'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique('recurring_series_org_id_unique').on(t.organizationId, t.id),
    check('recurring_series_frequency_check', sql`${t.frequency} in ('daily','weekly','monthly')`),
  ],
)

/**
 * A booking of a space (spec 2 §3 Booking). Money is numeric(12,2) as computed by the domain's
 * pricing; the lines the confirmation shows are kept as they were priced, so later rate changes
 * never rewrite an issued confirmation.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    bookingPrefix: text('booking_prefix').notNull().default(''),
    status: text('status').notNull(),
    /** invoice or card (the spec's payment_status). */
    paymentStatus: text('payment_status').notNull(),
    transactionId: text('transaction_id').notNull().default(''),
    isPaid: boolean('is_paid').notNull().default(false),
    bookingConfirmAt: instant('booking_confirm_at'),
    centerId: integer('center_id').notNull(),
    spaceId: integer('space_id').notNull(),
    startTime: instant('start_time').notNull(),
    endTime: instant('end_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    attendees: integer('attendees').notNull(),
    clientId: integer('client_id').notNull(),
    /** The person the booking is for (the spec's fUserName/lUserName). */
    userId: integer('user_id').notNull(),
    /** The staff member who made it (Booked By, the spec's Submit_first_name/last_name). */
    submittedBy: integer('submitted_by')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    packageId: integer('package_id'),
    packageName: text('package_name').notNull().default(''),
    packageRate: money('package_rate'),
    roomRateUnit: text('room_rate_unit').notNull().default(''),
    roomUnitAmount: money('room_unit_amount').notNull().default('0'),
    roomAmount: money('room_amount').notNull(),
    /**
     * The chargeable minutes the room amount pays for, as priced when booked: an extension is its
     * own charge and a shortening its own refund, so the room line keeps these hours (issue 42).
     */
    roomMinutes: integer('room_minutes').notNull().default(0),
    originalAmount: money('original_amount').notNull(),
    roomRateModified: boolean('room_rate_modified').notNull().default(false),
    rateModifiedBy: integer('rate_modified_by').references(() => users.id),
    gratisMinutes: integer('gratis_minutes').notNull().default(0),
    refundedGratisMinutes: integer('refunded_gratis_minutes').notNull().default(0),
    /** standard or internal: the client's rate table when the booking was priced. */
    rateLevel: text('rate_level').notNull().default('standard'),
    ratePercentage: percent('rate_percentage').notNull().default('0'),
    internalDiscount: money('internal_discount').notNull().default('0'),
    voucherId: integer('voucher_id'),
    voucherCode: text('voucher_code').notNull().default(''),
    voucherType: text('voucher_type').notNull().default(''),
    voucherValue: money('voucher_value').notNull().default('0'),
    voucherDiscount: money('voucher_discount').notNull().default('0'),
    additionalDiscountRate: percent('additional_discount_rate').notNull().default('0'),
    additionalDiscountAmount: money('additional_discount_amount').notNull().default('0'),
    roomAmountAfterDiscount: money('room_amount_after_discount').notNull(),
    partialRoomAmountRefund: money('partial_room_amount_refund').notNull().default('0'),
    taxLabel: text('tax_label').notNull().default(''),
    taxPercentage: percent('tax_percentage').notNull().default('0'),
    taxAmount: money('tax_amount').notNull().default('0'),
    subTotal: money('sub_total').notNull(),
    netAmount: money('net_amount').notNull(),
    notes: text('notes').notNull().default(''),
    specialRequirement: text('special_requirement').notNull().default(''),
    postBookingNotes: text('post_booking_notes').notNull().default(''),
    rescheduled: boolean('rescheduled').notNull().default(false),
    recurringId: integer('recurring_id'),
    isMs365Booking: boolean('is_ms365_booking').notNull().default(false),
    isCalendarBooking: boolean('is_calendar_booking').notNull().default(false),
    exported: boolean('exported').notNull().default(false),
    cancelledAt: instant('cancelled_at'),
    cancelledBy: integer('cancelled_by').references(() => users.id),
    /** The refund of a full cancellation: the rule's (or an overriding) percent of the net amount. */
    cancellationRefundPercent: percent('cancellation_refund_percent'),
    cancellationRefundAmount: money('cancellation_refund_amount').notNull().default('0'),
    /** Commission on additional room charges (spec CHARGE_COMMISSION). */
    additionalCommissionAmount: money('additional_commission_amount').notNull().default('0'),
    /**
     * The organization's commission percent when booked: the commission of the room amount, of
     * its room charges and of their refunds all derive from it, so they reconcile (issue 42).
     */
    commissionRate: percent('commission_rate').notNull().default('0'),
    /** The commission of the room's part of the subtotal, as booked. */
    commissionAmount: money('commission_amount').notNull().default('0'),
    /** The commission given back by a full cancellation: its percent of what was left of the commission. */
    cancellationCommissionAmount: money('cancellation_commission_amount').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('bookings_org_id_unique').on(t.organizationId, t.id),
    index('bookings_org_start_idx').on(t.organizationId, t.startTime),
    // The super's bookings list across organizations, newest first (id breaks ties).
    index('bookings_start_idx').on(t.startTime, t.id),
    index('bookings_space_start_idx').on(t.organizationId, t.spaceId, t.startTime),
    index('bookings_client_idx').on(t.organizationId, t.clientId),
    index('bookings_recurring_idx').on(t.organizationId, t.recurringId),
    // The list's location filter and the search's matching locations and people (see booking-list).
    index('bookings_center_start_idx').on(t.organizationId, t.centerId, t.startTime),
    index('bookings_user_idx').on(t.organizationId, t.userId),
    // The calendar's window (issue 16): bookings not cancelled, by start, carrying every column the
    // calendar reads (INCLUDE, added in the migration's SQL), so a month is read from the index alone.
    index('bookings_calendar_idx').on(t.organizationId, t.startTime).where(sql`${t.status} <> 'cancelled'`),
    // The reports (issue 20): counted bookings by location and start, carrying every column a report
    // reads (INCLUDE, added in the migration's SQL), so a year of an organization is read from the
    // index alone instead of ~45,000 heap pages (npm run bench reports).
    index('bookings_reports_idx')
      .on(t.organizationId, t.centerId, t.startTime)
      .where(sql`${t.status} <> 'cancelled'`),
    // The list's search of the reference (prefix and number), e.g. "HB-4242" or "4242" (pg_trgm).
    index('bookings_reference_trgm_idx').using(
      'gin',
      sql`(${t.bookingPrefix} || ${t.id}::text) gin_trgm_ops`,
    ),
    foreignKey({
      columns: [t.organizationId, t.centerId],
      foreignColumns: [centers.organizationId, centers.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.spaceId],
      foreignColumns: [spaces.organizationId, spaces.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.clientId],
      foreignColumns: [clients.organizationId, clients.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.packageId],
      foreignColumns: [packages.organizationId, packages.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.voucherId],
      foreignColumns: [vouchers.organizationId, vouchers.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.recurringId],
      foreignColumns: [recurringSeries.organizationId, recurringSeries.id],
    }),
    foreignKey({ columns: [t.userId], foreignColumns: [users.id] }),
    check('bookings_status_check', sql`${t.status} in ('tentative','confirmed','cancelled')`),
    check('bookings_payment_status_check', sql`${t.paymentStatus} in ('invoice','card')`),
    check('bookings_time_check', sql`${t.startTime} < ${t.endTime}`),
    check('bookings_attendees_check', sql`${t.attendees} >= 1`),
    check(
      'bookings_gratis_check',
      sql`${t.gratisMinutes} >= 0 and ${t.refundedGratisMinutes} between 0 and ${t.gratisMinutes}`,
    ),
    check('bookings_rate_level_check', sql`${t.rateLevel} in ('standard','internal')`),
    check('bookings_amounts_check', sql`${t.roomAmount} >= 0 and ${t.subTotal} >= 0 and ${t.netAmount} >= 0`),
  ],
)

/**
 * The rooms a booking holds: one row per physical room (a combined room's booking holds its
 * children too). The exclusion constraint (custom SQL in the migration) is what makes a double
 * booking impossible, whatever the application does.
 */
export const bookingOccupancy = pgTable(
  'booking_occupancy',
  {
    organizationId: integer('organization_id').notNull(),
    spaceId: integer('space_id').notNull(),
    bookingId: integer('booking_id').notNull(),
    during: tstzrange('during').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('booking_occupancy_booking_idx').on(t.organizationId, t.bookingId),
    foreignKey({
      columns: [t.organizationId, t.bookingId],
      foreignColumns: [bookings.organizationId, bookings.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.organizationId, t.spaceId],
      foreignColumns: [spaces.organizationId, spaces.id],
    }),
  ],
)

/** An amenity booked with a booking, priced when booked. */
export const bookingAmenities = pgTable(
  'booking_amenities',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    bookingId: integer('booking_id').notNull(),
    amenityId: integer('amenity_id')
      .notNull()
      .references(() => amenities.id),
    name: text('name').notNull(),
    /** hour, attendee or flat */
    type: text('type').notNull(),
    quantity: numeric('quantity', { precision: 8, scale: 2 }).notNull(),
    unitAmount: money('unit_amount').notNull(),
    totalAmount: money('total_amount').notNull(),
    notCharged: boolean('not_charged').notNull().default(false),
    accountCode: text('account_code').notNull().default(''),
    inventoryItemCode: text('inventory_item_code').notNull().default(''),
  },
  (t) => [
    unique('booking_amenities_org_id_unique').on(t.organizationId, t.id),
    index('booking_amenities_booking_idx').on(t.organizationId, t.bookingId),
    foreignKey({
      columns: [t.organizationId, t.bookingId],
      foreignColumns: [bookings.organizationId, bookings.id],
    }).onDelete('cascade'),
    check('booking_amenities_type_check', sql`${t.type} in ('hour','attendee','flat')`),
    check('booking_amenities_amount_check', sql`${t.unitAmount} >= 0 and ${t.totalAmount} >= 0`),
  ],
)

export const bookingAmenityRefunds = pgTable(
  'booking_amenity_refunds',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    bookingAmenityId: integer('booking_amenity_id').notNull(),
    amount: money('amount').notNull(),
    taxAmount: money('tax_amount').notNull().default('0'),
    reason: text('reason').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    // A booking's amenity refunds are read by their amenity (billing lines, reports' amenity net).
    index('booking_amenity_refunds_amenity_idx').on(t.organizationId, t.bookingAmenityId),
    foreignKey({
      columns: [t.organizationId, t.bookingAmenityId],
      foreignColumns: [bookingAmenities.organizationId, bookingAmenities.id],
    }).onDelete('cascade'),
    check('booking_amenity_refunds_amount_check', sql`${t.amount} > 0`),
  ],
)

/** Part of the room amount given back (spec partialRoomRefunds). */
export const bookingRoomRefunds = pgTable(
  'booking_room_refunds',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    bookingId: integer('booking_id').notNull(),
    amount: money('amount').notNull(),
    reason: text('reason').notNull().default(''),
    /** The commission this refund gives back (spec 2 §7 partial refund's commissionAmount). */
    commissionAmount: money('commission_amount').notNull().default('0'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('booking_room_refunds_booking_idx').on(t.organizationId, t.bookingId),
    foreignKey({
      columns: [t.organizationId, t.bookingId],
      foreignColumns: [bookings.organizationId, bookings.id],
    }).onDelete('cascade'),
    check('booking_room_refunds_amount_check', sql`${t.amount} > 0`),
  ],
)

/** An ad hoc charge on a booking: for a room (space type) or an amenity. */
export const bookingAdditionalCharges = pgTable(
  'booking_additional_charges',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    bookingId: integer('booking_id').notNull(),
    chargeType: text('charge_type').notNull(),
    spaceId: integer('space_id'),
    amenityId: integer('amenity_id').references(() => amenities.id),
    /** The charged space type's or amenity's name as shown on the confirmation. */
    name: text('name').notNull(),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    accountCode: text('account_code').notNull().default(''),
    inventoryItemCode: text('inventory_item_code').notNull().default(''),
    commissionAmount: money('commission_amount').notNull().default('0'),
    /** The chargeable minutes an extension's room charge pays for; null for an ad hoc charge (one item). */
    minutes: integer('minutes'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique('booking_additional_charges_org_id_unique').on(t.organizationId, t.id),
    index('booking_additional_charges_booking_idx').on(t.organizationId, t.bookingId),
    foreignKey({
      columns: [t.organizationId, t.bookingId],
      foreignColumns: [bookings.organizationId, bookings.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.organizationId, t.spaceId],
      foreignColumns: [spaces.organizationId, spaces.id],
    }),
    check('booking_additional_charges_type_check', sql`${t.chargeType} in ('room','amenities')`),
    check('booking_additional_charges_amount_check', sql`${t.amount} >= 0`),
  ],
)

export const bookingAdditionalChargeRefunds = pgTable(
  'booking_additional_charge_refunds',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    additionalChargeId: integer('additional_charge_id').notNull(),
    amount: money('amount').notNull(),
    reason: text('reason').notNull().default(''),
    /** The commission a room charge's refund gives back; 0 for an amenity charge's. */
    commissionAmount: money('commission_amount').notNull().default('0'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('booking_additional_charge_refunds_charge_idx').on(t.organizationId, t.additionalChargeId),
    foreignKey({
      columns: [t.organizationId, t.additionalChargeId],
      foreignColumns: [bookingAdditionalCharges.organizationId, bookingAdditionalCharges.id],
    }).onDelete('cascade'),
    check('booking_additional_charge_refunds_amount_check', sql`${t.amount} > 0`),
  ],
)

/** One entry per reschedule: where and when the booking moved to, by whom. */
/**
 * The SEQUENCE of a booking's calendar invitation (RFC 5545): raised by each change its mails tell
 * a calendar. No row: only the first invitation (0) was sent.
 */
export const bookingInvitations = pgTable(
  'booking_invitations',
  {
    organizationId: integer('organization_id').notNull(),
    bookingId: integer('booking_id').notNull(),
    sequence: integer('sequence').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.bookingId], name: 'booking_invitations_pkey' }),
    foreignKey({
      columns: [t.organizationId, t.bookingId],
      foreignColumns: [bookings.organizationId, bookings.id],
    }).onDelete('cascade'),
  ],
)

export const bookingReschedules = pgTable(
  'booking_reschedules',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    bookingId: integer('booking_id').notNull(),
    centerId: integer('center_id').notNull(),
    spaceId: integer('space_id').notNull(),
    startTime: instant('start_time').notNull(),
    endTime: instant('end_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    rescheduledBy: integer('rescheduled_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('booking_reschedules_booking_idx').on(t.organizationId, t.bookingId),
    foreignKey({
      columns: [t.organizationId, t.bookingId],
      foreignColumns: [bookings.organizationId, bookings.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.organizationId, t.centerId],
      foreignColumns: [centers.organizationId, centers.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.spaceId],
      foreignColumns: [spaces.organizationId, spaces.id],
    }),
  ],
)

/** What a workflow did about a booking (written by the workflow runner). */
export const bookingWorkflowLogs = pgTable(
  'booking_workflow_logs',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    bookingId: integer('booking_id').notNull(),
    /** The workflow that wrote it (null for the demo's older lines); kept when the workflow is deleted. */
    workflowId: integer('workflow_id'),
    workflowName: text('workflow_name').notNull(),
    status: text('status').notNull(),
    remarks: text('remarks').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('booking_workflow_logs_booking_idx').on(t.organizationId, t.bookingId),
    index('booking_workflow_logs_workflow_idx').on(t.workflowId),
    foreignKey({
      columns: [t.organizationId, t.bookingId],
      foreignColumns: [bookings.organizationId, bookings.id],
    }).onDelete('cascade'),
  ],
)

/**
 * The number of bookings of each organization, kept by triggers on bookings (migration 0011): the
 * unfiltered bookings list's total without counting a million rows on every page.
 */
export const bookingCounts = pgTable('booking_counts', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  bookings: bigint('bookings', { mode: 'number' }).notNull(),
})
