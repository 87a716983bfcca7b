import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { bookings, centers, clients, countries, organizations, spaces, users } from '../../db/schema/index.ts'
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
 * with the commissions recorded on them: the booking's additional commission (CHARGE_COMMISSION)
 * and the sum of its room charges' commissions.
 */
export async function commissionBatch(tx: Tx, filter: CommissionFilter, afterId: number, limit: number) {
  const chargeCommission = sql<string>`coalesce((select sum(c.commission_amount) from booking_additional_charges c
    where c.organization_id = ${bookings.organizationId} and c.booking_id = ${bookings.id}), 0)::text`
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
      chargeCommission,
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
