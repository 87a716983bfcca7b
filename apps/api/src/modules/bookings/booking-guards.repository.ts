// What other features ask of bookings before a change: turning screen bookings off (organizations),
// deactivating, moving or combining a space (spaces), deleting a package deal (packages).
import { and, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client.ts'
import { bookingOccupancy, bookings } from '../../db/schema/index.ts'

export async function countTentativeBookings(tx: Tx, organizationId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.organizationId, organizationId), eq(bookings.status, 'tentative')))
  return row?.n ?? 0
}

/** Active bookings of a space (directly or through a combined room) that start from now on. */
export async function countFutureBookingsOfSpace(tx: Tx, organizationId: number, spaceId: number, now: Date) {
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${bookingOccupancy.bookingId})::int` })
    .from(bookingOccupancy)
    .where(
      and(
        eq(bookingOccupancy.organizationId, organizationId),
        eq(bookingOccupancy.spaceId, spaceId),
        eq(bookingOccupancy.active, true),
        sql`upper(${bookingOccupancy.during}) > ${now.toISOString()}::timestamptz`,
      ),
    )
  return row?.n ?? 0
}

export async function countBookingsOfSpace(tx: Tx, spaceId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(eq(bookings.spaceId, spaceId))
  return row?.n ?? 0
}

/** The first instant two rooms are both held by different active bookings, or undefined. */
export async function firstSharedSlot(tx: Tx, organizationId: number, spaceA: number, spaceB: number) {
  const b = alias(bookingOccupancy, 'other_occupancy')
  const [row] = await tx
    .select({ start: sql<string>`lower(${bookingOccupancy.during})`.mapWith((v) => new Date(v)) })
    .from(bookingOccupancy)
    .innerJoin(
      b,
      and(
        eq(b.organizationId, bookingOccupancy.organizationId),
        eq(b.spaceId, spaceB),
        eq(b.active, true),
        sql`${b.bookingId} <> ${bookingOccupancy.bookingId}`,
        sql`${b.during} && ${bookingOccupancy.during}`,
      ),
    )
    .where(
      and(
        eq(bookingOccupancy.organizationId, organizationId),
        eq(bookingOccupancy.spaceId, spaceA),
        eq(bookingOccupancy.active, true),
      ),
    )
    .orderBy(sql`lower(${bookingOccupancy.during})`)
    .limit(1)
  return row?.start as Date | undefined
}

export async function countBookingsOfPackage(tx: Tx, packageId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(eq(bookings.packageId, packageId))
  return row?.n ?? 0
}
