import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import {
  bookingAdditionalChargeRefunds,
  bookingAdditionalCharges,
  bookingRoomRefunds,
  bookings,
  centers,
  clients,
  countries,
  organizations,
  spaces,
  users,
} from '../../db/schema/index.ts'
import { bookingJoins } from '../bookings/booking-joins.ts'

const HOUR = 3_600_000
const localDay = sql`(${bookings.startTime} at time zone ${centers.timezoneId})::date`

export interface CommissionFilter {
  organizationId: number
  startDate: string
  endDate: string
}

/**
 * The next batch of the organization's bookings of the dates (each location's own day), by id,
 * with the commissions recorded on them and their rows: the room's, the sum of its room charges',
 * the sum of its refunds' (of the room and of room charges), the cancellation's, and the
 * additional commission (CHARGE_COMMISSION).
 */
export async function commissionBatch(tx: Tx, filter: CommissionFilter, afterId: number, limit: number) {
  const roomChargesCommission = sql<string>`coalesce((select sum(c.commission_amount) from ${bookingAdditionalCharges} c
    where c.organization_id = ${bookings.organizationId} and c.booking_id = ${bookings.id}), 0)::text`
  const refundsCommission = sql<string>`(coalesce((select sum(r.commission_amount) from ${bookingRoomRefunds} r
    where r.organization_id = ${bookings.organizationId} and r.booking_id = ${bookings.id}), 0)
    + coalesce((select sum(r.commission_amount) from ${bookingAdditionalChargeRefunds} r
    join ${bookingAdditionalCharges} c on c.organization_id = r.organization_id and c.id = r.additional_charge_id
    where r.organization_id = ${bookings.organizationId} and c.booking_id = ${bookings.id}), 0))::text`
  return tx
    .select({
      id: bookings.id,
      bookingPrefix: bookings.bookingPrefix,
      status: bookings.status,
      transactionId: bookings.transactionId,
      startTime: bookings.startTime,
      createdAt: bookings.createdAt,
      bookingConfirmAt: bookings.bookingConfirmAt,
      currency: bookings.currency,
      packageName: bookings.packageName,
      netAmount: bookings.netAmount,
      additionalCommissionAmount: bookings.additionalCommissionAmount,
      commissionAmount: bookings.commissionAmount,
      cancellationCommissionAmount: bookings.cancellationCommissionAmount,
      roomChargesCommission,
      refundsCommission,
      clientName: clients.name,
      companyNumber: clients.companyNumber,
      externalClientId: clients.externalClientId,
      street: clients.street,
      city: clients.city,
      state: clients.state,
      postcode: clients.postcode,
      country: countries.name,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      spaceName: spaces.name,
      timezone: centers.timezoneId,
      timeFormat: organizations.timeFormat,
    })
    .from(bookings)
    .innerJoin(centers, bookingJoins.center)
    .innerJoin(clients, bookingJoins.client)
    .innerJoin(spaces, bookingJoins.space)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .leftJoin(countries, eq(countries.id, clients.countryId))
    .where(
      and(
        eq(bookings.organizationId, filter.organizationId),
        gte(bookings.startTime, new Date(Date.parse(`${filter.startDate}T00:00:00Z`) - 14 * HOUR)),
        lt(bookings.startTime, new Date(Date.parse(`${filter.endDate}T00:00:00Z`) + 36 * HOUR)),
        sql`${localDay} between ${filter.startDate}::date and ${filter.endDate}::date`,
        gt(bookings.id, afterId),
      ),
    )
    .orderBy(asc(bookings.id))
    .limit(limit)
}
export type CommissionDbRow = Awaited<ReturnType<typeof commissionBatch>>[number]
