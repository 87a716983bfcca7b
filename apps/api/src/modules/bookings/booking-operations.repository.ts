import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import {
  amenities,
  bookingAdditionalChargeRefunds,
  bookingAdditionalCharges,
  bookingAmenityRefunds,
  bookingOccupancy,
  bookingReschedules,
  bookingRoomRefunds,
  bookings,
  cancelRules,
  clientGratisLog,
  organizationAmenities,
} from '../../db/schema/index.ts'

export type BookingRow = typeof bookings.$inferSelect

/** A booking row, locked for an operation (money moves one operation at a time per booking). */
export async function bookingRow(tx: Tx, id: number, lock: boolean) {
  const query = tx.select().from(bookings).where(eq(bookings.id, id))
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function updateBooking(tx: Tx, id: number, values: Partial<typeof bookings.$inferInsert>) {
  await tx
    .update(bookings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bookings.id, id))
}

/** Bookings of a series from a start instant on, in order. */
export function seriesFrom(tx: Tx, organizationId: number, recurringId: number, from: Date) {
  return tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.organizationId, organizationId),
        eq(bookings.recurringId, recurringId),
        gte(bookings.startTime, from),
      ),
    )
    .orderBy(asc(bookings.startTime), asc(bookings.id))
}

export function cancelRulesOf(tx: Tx, organizationId: number) {
  return tx.select().from(cancelRules).where(eq(cancelRules.organizationId, organizationId))
}

export async function releaseOccupancy(tx: Tx, organizationId: number, bookingId: number) {
  await tx
    .update(bookingOccupancy)
    .set({ active: false })
    .where(
      and(eq(bookingOccupancy.organizationId, organizationId), eq(bookingOccupancy.bookingId, bookingId)),
    )
}

export async function deleteOccupancy(tx: Tx, organizationId: number, bookingId: number) {
  await tx
    .delete(bookingOccupancy)
    .where(
      and(eq(bookingOccupancy.organizationId, organizationId), eq(bookingOccupancy.bookingId, bookingId)),
    )
}

export async function occupiedSpaceIds(tx: Tx, organizationId: number, bookingId: number) {
  const rows = await tx
    .select({ id: bookingOccupancy.spaceId })
    .from(bookingOccupancy)
    .where(
      and(eq(bookingOccupancy.organizationId, organizationId), eq(bookingOccupancy.bookingId, bookingId)),
    )
  return rows.map((r) => r.id)
}

/** Gives gratis minutes back to the client's month. */
export async function refundGratis(
  tx: Tx,
  organizationId: number,
  clientId: number,
  month: string,
  minutes: number,
) {
  if (minutes <= 0) return
  await tx
    .update(clientGratisLog)
    .set({ refundedMinutes: sql`${clientGratisLog.refundedMinutes} + ${minutes}` })
    .where(
      and(
        eq(clientGratisLog.organizationId, organizationId),
        eq(clientGratisLog.clientId, clientId),
        eq(clientGratisLog.usedMonth, month),
      ),
    )
}

/**
 * The commissions a booking's rows carry besides its own (decimal text): of its room charges, and
 * of the refunds of its room and of its room charges.
 */
export async function commissionSums(tx: Tx, organizationId: number, bookingId: number) {
  const result = await tx.execute(sql`
    select
      coalesce((select sum(c.commission_amount) from ${bookingAdditionalCharges} c
        where c.organization_id = ${organizationId} and c.booking_id = ${bookingId}), 0)::text as "roomCharges",
      (coalesce((select sum(r.commission_amount) from ${bookingRoomRefunds} r
        where r.organization_id = ${organizationId} and r.booking_id = ${bookingId}), 0)
      + coalesce((select sum(r.commission_amount) from ${bookingAdditionalChargeRefunds} r
        join ${bookingAdditionalCharges} c on c.organization_id = r.organization_id and c.id = r.additional_charge_id
        where r.organization_id = ${organizationId} and c.booking_id = ${bookingId}), 0))::text as "refunds"
  `)
  const [row] = (result as unknown as { rows: { roomCharges: string; refunds: string }[] }).rows
  return row ?? { roomCharges: '0', refunds: '0' }
}

export async function insertRoomRefund(tx: Tx, values: typeof bookingRoomRefunds.$inferInsert) {
  await tx.insert(bookingRoomRefunds).values(values)
}

export async function insertAmenityRefunds(tx: Tx, values: (typeof bookingAmenityRefunds.$inferInsert)[]) {
  if (values.length) await tx.insert(bookingAmenityRefunds).values(values)
}

export async function insertChargeRefunds(
  tx: Tx,
  values: (typeof bookingAdditionalChargeRefunds.$inferInsert)[],
) {
  if (values.length) await tx.insert(bookingAdditionalChargeRefunds).values(values)
}

export async function insertCharges(tx: Tx, values: (typeof bookingAdditionalCharges.$inferInsert)[]) {
  if (values.length) await tx.insert(bookingAdditionalCharges).values(values)
}

export async function insertReschedule(tx: Tx, values: typeof bookingReschedules.$inferInsert) {
  await tx.insert(bookingReschedules).values(values)
}

/** Amenities the organization offers, with its codes. */
export function organizationAmenityCodes(tx: Tx, organizationId: number, amenityIds: number[]) {
  if (!amenityIds.length) return Promise.resolve([])
  return tx
    .select({
      amenityId: organizationAmenities.amenityId,
      name: amenities.name,
      code: organizationAmenities.code,
      accountCode: organizationAmenities.accountCode,
    })
    .from(organizationAmenities)
    .innerJoin(amenities, eq(amenities.id, organizationAmenities.amenityId))
    .where(
      and(
        eq(organizationAmenities.organizationId, organizationId),
        inArray(organizationAmenities.amenityId, amenityIds),
      ),
    )
}
