import { type Cents, centsToDecimal, zonedInstant } from '@spaceboard/domain'
import { eq } from 'drizzle-orm'
import type { Tx } from '../../src/db/client.ts'
import {
  amenities,
  bookingAdditionalChargeRefunds,
  bookingAdditionalCharges,
  bookingAmenities,
  bookingAmenityRefunds,
  bookingRoomRefunds,
  bookings,
  centerRevenueTargets,
  centers,
  clientClientTypes,
  clients,
  clientTypes,
  countries,
  organizations,
  spaces,
  users,
} from '../../src/db/schema/index.ts'
import { refreshTotals } from '../../src/modules/bookings/booking-state.service.ts'
import type { Ctx } from '../../src/platform/context.ts'
import { logins, type TestApp } from '../helpers.ts'

/**
 * Small report fixtures written straight to the database, each booking's stored totals then set by
 * the booking operations' own refreshTotals (what every refund and charge does), so the reports
 * read what the application writes.
 */
export function reportFixtures(t: TestApp) {
  const db = t.database.db
  let ctx: Ctx | undefined
  let amenityId: number | undefined

  async function context(): Promise<Ctx> {
    if (ctx) return ctx
    const [root] = await db.select({ id: users.id }).from(users).where(eq(users.email, logins.super))
    if (!root) throw new Error('no super user')
    // The pool, as a read-only request's context is (platform/context.ts).
    const made: Ctx = {
      actor: { userId: root.id, type: 'super', organizationId: null, sessionId: 'fixture' },
      tx: db as unknown as Tx,
    }
    ctx = made
    return made
  }

  async function anAmenity(): Promise<number> {
    if (amenityId) return amenityId
    const [row] = await db.select({ id: amenities.id }).from(amenities).limit(1)
    if (!row) throw new Error('no amenity in the demo data')
    amenityId = row.id
    return amenityId
  }

  return {
    async organization(name: string, currencyCode: string, monthId: number) {
      const [row] = await db
        .insert(organizations)
        .values({ name, currencyCode, monthId })
        .returning({ id: organizations.id })
      if (!row) throw new Error('no organization')
      return row.id
    },
    async center(organizationId: number, name: string, timezoneId: string) {
      const [country] = await db.select({ id: countries.id }).from(countries).limit(1)
      const [row] = await db
        .insert(centers)
        .values({
          organizationId,
          name,
          timezoneId,
          countryId: country?.id ?? 1,
          bookingConfirmEmail: 'desk@example.test',
          contactEmail: 'desk@example.test',
          contactNumber: '0',
          street: '1 Street',
          city: 'City',
          state: 'State',
          postcode: '0000',
        })
        .returning({ id: centers.id })
      if (!row) throw new Error('no center')
      return row.id
    },
    async space(organizationId: number, centerId: number, name: string) {
      const [row] = await db
        .insert(spaces)
        .values({
          organizationId,
          centerId,
          name,
          capacity: 10,
          minimumDurationMinutes: 15,
          maximumDurationMinutes: 1440,
          startTime: '00:00',
          endTime: '23:59',
          description: '',
          roomType: 'meetingroom',
        })
        .returning({ id: spaces.id })
      if (!row) throw new Error('no space')
      return row.id
    },
    async clientType(organizationId: number, name: string) {
      const [row] = await db
        .insert(clientTypes)
        .values({ organizationId, name })
        .returning({ id: clientTypes.id })
      if (!row) throw new Error('no client type')
      return row.id
    },
    async client(organizationId: number, name: string, typeIds: number[] = []) {
      const [row] = await db.insert(clients).values({ organizationId, name }).returning({ id: clients.id })
      if (!row) throw new Error('no client')
      if (typeIds.length)
        await db
          .insert(clientClientTypes)
          .values(typeIds.map((clientTypeId) => ({ organizationId, clientId: row.id, clientTypeId })))
      return row.id
    },
    async user(organizationId: number, firstName: string, lastName: string) {
      const [row] = await db
        .insert(users)
        .values({
          organizationId,
          type: 'basic',
          firstName,
          lastName,
          email: `${firstName}.${lastName}.${organizationId}@reports.test`.toLowerCase(),
          passwordHash: 'not-a-hash',
        })
        .returning({ id: users.id })
      if (!row) throw new Error('no user')
      return row.id
    },
    async target(organizationId: number, centerId: number, year: number, monthId: number, revenue: string) {
      await db.insert(centerRevenueTargets).values({ organizationId, centerId, year, monthId, revenue })
    },
    /**
     * A booking starting at a wall-clock time of its location's zone, its room part (after
     * discounts), amenities, refunds and charges, tax in basis points; the stored totals are then
     * what refreshTotals makes of them. Answers the booking's id and stored totals in cents.
     */
    async booking(input: {
      organizationId: number
      centerId: number
      zone: string
      spaceId: number
      clientId: number
      userId: number
      start: `${string} ${string}`
      minutes: number
      roomCents: Cents
      taxBasisPoints: number
      status?: 'tentative' | 'confirmed' | 'cancelled'
      amenities?: { cents: Cents; notCharged?: boolean; refunds?: Cents[] }[]
      roomRefunds?: Cents[]
      charges?: { cents: Cents; refunds?: Cents[] }[]
    }) {
      const [date = '', time = ''] = input.start.split(' ')
      const startTime = zonedInstant(date, time, input.zone)
      if (!startTime) throw new Error(`no instant for ${input.start} in ${input.zone}`)
      const room = centsToDecimal(input.roomCents)
      const [row] = await db
        .insert(bookings)
        .values({
          organizationId: input.organizationId,
          status: input.status ?? 'confirmed',
          paymentStatus: 'invoice',
          centerId: input.centerId,
          spaceId: input.spaceId,
          startTime,
          endTime: new Date(startTime.getTime() + input.minutes * 60_000),
          durationMinutes: input.minutes,
          attendees: 1,
          clientId: input.clientId,
          userId: input.userId,
          submittedBy: input.userId,
          currency: 'aud',
          roomAmount: room,
          originalAmount: room,
          roomAmountAfterDiscount: room,
          taxPercentage: centsToDecimal(input.taxBasisPoints),
          subTotal: '0',
          netAmount: '0',
        })
        .returning({ id: bookings.id })
      if (!row) throw new Error('no booking')
      const bookingId = row.id
      const organizationId = input.organizationId
      for (const amenity of input.amenities ?? []) {
        const amount = centsToDecimal(amenity.cents)
        const [line] = await db
          .insert(bookingAmenities)
          .values({
            organizationId,
            bookingId,
            amenityId: await anAmenity(),
            name: 'Catering',
            type: 'flat',
            quantity: '1',
            unitAmount: amount,
            totalAmount: amount,
            notCharged: amenity.notCharged ?? false,
          })
          .returning({ id: bookingAmenities.id })
        if (!line) throw new Error('no amenity line')
        for (const refund of amenity.refunds ?? [])
          await db
            .insert(bookingAmenityRefunds)
            .values({ organizationId, bookingAmenityId: line.id, amount: centsToDecimal(refund) })
      }
      for (const refund of input.roomRefunds ?? [])
        await db
          .insert(bookingRoomRefunds)
          .values({ organizationId, bookingId, amount: centsToDecimal(refund) })
      for (const charge of input.charges ?? []) {
        const [line] = await db
          .insert(bookingAdditionalCharges)
          .values({
            organizationId,
            bookingId,
            chargeType: 'room',
            name: 'Extra',
            amount: centsToDecimal(charge.cents),
            reason: 'fixture',
          })
          .returning({ id: bookingAdditionalCharges.id })
        if (!line) throw new Error('no charge')
        for (const refund of charge.refunds ?? [])
          await db
            .insert(bookingAdditionalChargeRefunds)
            .values({ organizationId, additionalChargeId: line.id, amount: centsToDecimal(refund) })
      }
      const view = await refreshTotals(await context(), bookingId)
      return { id: bookingId, subTotal: view.sub_total, taxAmount: view.tax_amount }
    },
  }
}
