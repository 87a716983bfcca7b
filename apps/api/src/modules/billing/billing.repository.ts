import { and, asc, eq, gt, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import {
  billingExports,
  billingLineExports,
  bookingAdditionalChargeRefunds,
  bookingAdditionalCharges,
  bookingAmenities,
  bookingAmenityRefunds,
  bookingRoomRefunds,
  bookings,
  centers,
  clients,
  countries,
  organizationBillingSheetColumns,
  organizationRoomTypes,
  organizations,
  packages,
  spaces,
  users,
} from '../../db/schema/index.ts'
import { containsPattern } from '../../platform/list.ts'
import { bookingJoins } from '../bookings/booking-joins.ts'

/** The bookings the billing list, export and marking work on (the bookings list's filter). */
export interface BillingFilter {
  /** null: every organization (super without a choice; never for a marked export). */
  organizationId: number | null
  centerId?: number | undefined
  /** YYYY-MM-DD days of the booking's own location, inclusive. */
  startDate?: string | undefined
  endDate?: string | undefined
  search: string
}

const HOUR = 3_600_000
const localDay = sql`(${bookings.startTime} at time zone ${centers.timezoneId})::date`

/**
 * The filter's conditions: a UTC window wide enough for every zone (the (organization, start)
 * index serves it), then the exact day in the booking's own location.
 */
function filterWhere(filter: BillingFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = []
  if (filter.organizationId !== null) conditions.push(eq(bookings.organizationId, filter.organizationId))
  if (filter.centerId) conditions.push(eq(bookings.centerId, filter.centerId))
  if (filter.startDate) {
    conditions.push(
      gte(bookings.startTime, new Date(Date.parse(`${filter.startDate}T00:00:00Z`) - 14 * HOUR)),
    )
    conditions.push(sql`${localDay} >= ${filter.startDate}::date`)
  }
  if (filter.endDate) {
    conditions.push(lt(bookings.startTime, new Date(Date.parse(`${filter.endDate}T00:00:00Z`) + 36 * HOUR)))
    conditions.push(sql`${localDay} <= ${filter.endDate}::date`)
  }
  if (filter.search) {
    const pattern = containsPattern(filter.search)
    conditions.push(
      or(
        ilike(sql`${bookings.bookingPrefix} || ${bookings.id}::text`, pattern),
        ilike(clients.name, pattern),
        ilike(spaces.name, pattern),
        ilike(centers.name, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ),
    )
  }
  return and(...conditions)
}

/** The next batch of the filter's booking ids after `afterId`, ascending. */
export async function filteredBookingIds(tx: Tx, filter: BillingFilter, afterId: number, limit: number) {
  const rows = await tx
    .select({ id: bookings.id, organizationId: bookings.organizationId })
    .from(bookings)
    .innerJoin(centers, bookingJoins.center)
    .innerJoin(clients, bookingJoins.client)
    .innerJoin(spaces, bookingJoins.space)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(filterWhere(filter), gt(bookings.id, afterId)))
    .orderBy(asc(bookings.id))
    .limit(limit)
  return rows
}

/** The next batch of the booking ids with lines in a marked export, ascending. */
export async function exportBookingIds(
  tx: Tx,
  organizationId: number,
  exportId: number,
  afterId: number,
  limit: number,
) {
  const rows = await tx
    .selectDistinct({ id: billingLineExports.bookingId })
    .from(billingLineExports)
    .where(
      and(
        eq(billingLineExports.organizationId, organizationId),
        eq(billingLineExports.exportId, exportId),
        gt(billingLineExports.bookingId, afterId),
      ),
    )
    .orderBy(asc(billingLineExports.bookingId))
    .limit(limit)
  return rows.map((r) => r.id)
}

/** The organization of a booking, null when there is no such booking. */
export async function bookingOrganizationId(tx: Tx, bookingId: number): Promise<number | null> {
  const [row] = await tx
    .select({ organizationId: bookings.organizationId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
  return row?.organizationId ?? null
}

export async function findExport(tx: Tx, id: number) {
  const [row] = await tx.select().from(billingExports).where(eq(billingExports.id, id))
  return row ?? null
}

/** The organization's billing settings and renamed columns. */
export async function billingOrganization(tx: Tx, organizationId: number) {
  const [org] = await tx
    .select({
      id: organizations.id,
      name: organizations.name,
      timeFormat: organizations.timeFormat,
      bookingPrefix: organizations.bookingPrefix,
      refundPrefix: organizations.refundPrefix,
      invoiceNumbering: organizations.invoiceNumbering,
      monthlyBilling: organizations.monthlyBilling,
      taxesType: organizations.taxesType,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  if (!org) return null
  const columns = await tx
    .select({
      key: organizationBillingSheetColumns.columnKey,
      name: organizationBillingSheetColumns.customName,
    })
    .from(organizationBillingSheetColumns)
    .where(eq(organizationBillingSheetColumns.organizationId, organizationId))
  return {
    ...org,
    columns: Object.fromEntries(columns.map((c) => [c.key, c.name])) as Record<string, string>,
  }
}
export type BillingOrganization = NonNullable<Awaited<ReturnType<typeof billingOrganization>>>

/** Everything the export writes of some bookings: the booking, its client and location, and its money rows. */
export async function billingBookings(tx: Tx, ids: number[]) {
  if (ids.length === 0) return []
  const rows = await tx
    .select({
      id: bookings.id,
      organizationId: bookings.organizationId,
      bookingPrefix: bookings.bookingPrefix,
      status: bookings.status,
      paymentStatus: bookings.paymentStatus,
      transactionId: bookings.transactionId,
      startTime: bookings.startTime,
      roomMinutes: bookings.roomMinutes,
      attendees: bookings.attendees,
      currency: bookings.currency,
      packageId: bookings.packageId,
      packageName: bookings.packageName,
      roomAmount: bookings.roomAmount,
      roomAmountAfterDiscount: bookings.roomAmountAfterDiscount,
      internalDiscount: bookings.internalDiscount,
      voucherDiscount: bookings.voucherDiscount,
      additionalDiscountAmount: bookings.additionalDiscountAmount,
      taxLabel: bookings.taxLabel,
      taxPercentage: bookings.taxPercentage,
      netAmount: bookings.netAmount,
      notes: bookings.notes,
      postBookingNotes: bookings.postBookingNotes,
      createdAt: bookings.createdAt,
      cancelledAt: bookings.cancelledAt,
      cancellationRefundPercent: bookings.cancellationRefundPercent,
      cancellationRefundAmount: bookings.cancellationRefundAmount,
      clientId: bookings.clientId,
      clientName: clients.name,
      externalClientId: clients.externalClientId,
      clientEmail: clients.contactEmail,
      clientStreet: clients.street,
      clientCity: clients.city,
      clientState: clients.state,
      clientPostcode: clients.postcode,
      clientCountry: countries.name,
      centerId: bookings.centerId,
      centerName: centers.name,
      timezone: centers.timezoneId,
      spaceName: spaces.name,
      roomType: spaces.roomType,
      userFirstName: users.firstName,
      userLastName: users.lastName,
      userEmail: users.email,
      roomAccountCode: organizationRoomTypes.accountCode,
      roomInventoryCode: organizationRoomTypes.code,
      packageAccountCode: packages.accountCode,
      packageInventoryCode: packages.inventoryItemCode,
    })
    .from(bookings)
    .innerJoin(centers, bookingJoins.center)
    .innerJoin(clients, bookingJoins.client)
    .innerJoin(spaces, bookingJoins.space)
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(countries, eq(countries.id, clients.countryId))
    .leftJoin(
      organizationRoomTypes,
      and(
        eq(organizationRoomTypes.organizationId, bookings.organizationId),
        eq(organizationRoomTypes.roomType, spaces.roomType),
      ),
    )
    .leftJoin(packages, bookingJoins.package)
    .where(inArray(bookings.id, ids))
    .orderBy(asc(bookings.id))
  // The organizations too, so the (organization, booking) indexes serve each read.
  const orgIds = [...new Set(rows.map((r) => r.organizationId))]
  const amenities = await tx
    .select()
    .from(bookingAmenities)
    .where(and(inArray(bookingAmenities.organizationId, orgIds), inArray(bookingAmenities.bookingId, ids)))
    .orderBy(asc(bookingAmenities.id))
  const amenityIds = amenities.map((a) => a.id)
  const amenityRefunds = amenityIds.length
    ? await tx
        .select()
        .from(bookingAmenityRefunds)
        .where(inArray(bookingAmenityRefunds.bookingAmenityId, amenityIds))
        .orderBy(asc(bookingAmenityRefunds.id))
    : []
  const roomRefunds = await tx
    .select()
    .from(bookingRoomRefunds)
    .where(
      and(inArray(bookingRoomRefunds.organizationId, orgIds), inArray(bookingRoomRefunds.bookingId, ids)),
    )
    .orderBy(asc(bookingRoomRefunds.id))
  const charges = await tx
    .select()
    .from(bookingAdditionalCharges)
    .where(
      and(
        inArray(bookingAdditionalCharges.organizationId, orgIds),
        inArray(bookingAdditionalCharges.bookingId, ids),
      ),
    )
    .orderBy(asc(bookingAdditionalCharges.id))
  const chargeIds = charges.map((c) => c.id)
  const chargeRefunds = chargeIds.length
    ? await tx
        .select()
        .from(bookingAdditionalChargeRefunds)
        .where(inArray(bookingAdditionalChargeRefunds.additionalChargeId, chargeIds))
        .orderBy(asc(bookingAdditionalChargeRefunds.id))
    : []
  const exported = await tx
    .select({
      lineKind: billingLineExports.lineKind,
      lineId: billingLineExports.lineId,
      exportId: billingLineExports.exportId,
      exportedAt: billingLineExports.exportedAt,
      organizationId: billingLineExports.organizationId,
      bookingId: billingLineExports.bookingId,
    })
    .from(billingLineExports)
    .where(
      and(inArray(billingLineExports.organizationId, orgIds), inArray(billingLineExports.bookingId, ids)),
    )
  return rows.map((booking) => {
    const org = (r: { organizationId: number }) => r.organizationId === booking.organizationId
    const ownAmenities = amenities.filter((a) => org(a) && a.bookingId === booking.id)
    const ownCharges = charges.filter((c) => org(c) && c.bookingId === booking.id)
    return {
      booking,
      amenities: ownAmenities.map((a) => ({
        ...a,
        refunds: amenityRefunds.filter((r) => org(r) && r.bookingAmenityId === a.id),
      })),
      roomRefunds: roomRefunds.filter((r) => org(r) && r.bookingId === booking.id),
      charges: ownCharges.map((c) => ({
        ...c,
        refunds: chargeRefunds.filter((r) => org(r) && r.additionalChargeId === c.id),
      })),
      exported: exported.filter((e) => org(e) && e.bookingId === booking.id),
    }
  })
}
export type BillingBooking = Awaited<ReturnType<typeof billingBookings>>[number]

/** A new marked export of the organization. */
export async function createExport(tx: Tx, organizationId: number, exportedBy: number) {
  const [row] = await tx
    .insert(billingExports)
    .values({ organizationId, exportedBy })
    .returning({ id: billingExports.id, exportedAt: billingExports.exportedAt })
  if (!row) throw new Error('billing export not created')
  return row
}

/**
 * Marks the money lines of the filtered bookings that no export holds yet as this export's, in
 * one statement; a line another export took first (even one committing at this moment) is left to
 * it. Returns how many lines this export took.
 */
export async function markLines(
  tx: Tx,
  filter: BillingFilter & { organizationId: number },
  bookingIds: readonly number[] | undefined,
  exportId: number,
  exportedAt: Date,
): Promise<number> {
  const where = and(filterWhere(filter), bookingIds ? inArray(bookings.id, [...bookingIds]) : undefined)
  const org = filter.organizationId
  const chosen = tx
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(centers, bookingJoins.center)
    .innerJoin(clients, bookingJoins.client)
    .innerJoin(spaces, bookingJoins.space)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(where)
  const result = await tx.execute(sql`
    with chosen as (${chosen}),
    lines as (
      select 'room' as kind, b.id as line_id, b.id as booking_id from ${bookings} b
        where b.organization_id = ${org} and b.id in (select id from chosen)
      union all
      select 'cancellation', b.id, b.id from ${bookings} b
        where b.organization_id = ${org} and b.id in (select id from chosen)
          and b.status = 'cancelled' and b.cancellation_refund_amount > 0
      union all
      select 'room-refund', r.id, r.booking_id from ${bookingRoomRefunds} r
        where r.organization_id = ${org} and r.booking_id in (select id from chosen)
      union all
      select 'amenity', a.id, a.booking_id from ${bookingAmenities} a
        where a.organization_id = ${org} and a.booking_id in (select id from chosen)
      union all
      select 'amenity-refund', r.id, a.booking_id from ${bookingAmenityRefunds} r
        join ${bookingAmenities} a on a.organization_id = r.organization_id and a.id = r.booking_amenity_id
        where r.organization_id = ${org} and a.booking_id in (select id from chosen)
      union all
      select 'charge', c.id, c.booking_id from ${bookingAdditionalCharges} c
        where c.organization_id = ${org} and c.booking_id in (select id from chosen)
      union all
      select 'charge-refund', r.id, c.booking_id from ${bookingAdditionalChargeRefunds} r
        join ${bookingAdditionalCharges} c on c.organization_id = r.organization_id and c.id = r.additional_charge_id
        where r.organization_id = ${org} and c.booking_id in (select id from chosen)
    ),
    taken as (
      insert into ${billingLineExports} (organization_id, line_kind, line_id, booking_id, export_id, exported_at)
      select ${org}, kind, line_id, booking_id, ${exportId}, ${exportedAt.toISOString()}::timestamptz from lines
      on conflict do nothing
      returning 1
    )
    select count(*)::int as taken from taken`)
  const rows = (result as unknown as { rows: { taken: number }[] }).rows
  return rows[0]?.taken ?? 0
}
