// The create's one read before its transaction: what a booking is checked, priced and mailed from.
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { preparedQuery } from '../../db/prepared.ts'
import {
  amenities,
  bookingOccupancy,
  centers,
  clients,
  organizationAmenities,
  organizationBlackoutPeriods,
  organizations,
  spaceAmenities,
  spaceBlackoutPeriods,
  spaceChildren,
  spaceRates,
  spaces,
  users,
} from '../../db/schema/index.ts'
import { mailCenterColumns, mailClientColumns, mailSpaceColumns, mailUserColumns } from './booking-mails.ts'
import { bookingOrganization } from './bookings.repository.ts'

const rateJson = sql`json_build_object('unit', ${spaceRates.unit}, 'amount', ${spaceRates.amount}::text)`
const blackoutJson = (table: typeof spaceBlackoutPeriods | typeof organizationBlackoutPeriods) =>
  sql`json_build_object('startDate', ${table.startDate}, 'endDate', ${table.endDate})`
const amenityJson = sql`json_build_object(
  'amenityId', ${spaceAmenities.amenityId}, 'name', ${amenities.name}, 'chargeType', ${spaceAmenities.chargeType},
  'amount', ${spaceAmenities.amount}::text, 'code', ${organizationAmenities.code},
  'accountCode', ${organizationAmenities.accountCode})`
const placeholderInt = (name: string) => sql`${sql.placeholder(name)}::int`
const wallTime = (name: string) => sql`${sql.placeholder(name)}::timestamp`
const localStart = sql`(${wallTime('start')} at time zone ${centers.timezoneId})`
const localEnd = sql`(${wallTime('end')} at time zone ${centers.timezoneId})`

/**
 * What a booking is checked, priced and mailed from, of its location, room and client: the whole
 * rows (130 columns with the booker's) made every create parse and map four times the values it
 * uses, the larger part of a refused request's CPU in the contested create (npm run bench
 * booking-contested).
 */
const bookingCenterColumns = {
  ...mailCenterColumns,
  id: centers.id,
  openTime: centers.openTime,
  closeTime: centers.closeTime,
  openAfterHours: centers.openAfterHours,
  taxesLabel: centers.taxesLabel,
  taxesPercent: centers.taxesPercent,
}
const bookingSpaceColumns = {
  ...mailSpaceColumns,
  id: spaces.id,
  organizationId: spaces.organizationId,
  centerId: spaces.centerId,
  isActive: spaces.isActive,
  capacity: spaces.capacity,
  minimumDurationMinutes: spaces.minimumDurationMinutes,
  maximumDurationMinutes: spaces.maximumDurationMinutes,
  startTime: spaces.startTime,
  endTime: spaces.endTime,
  preMakeupMinutes: spaces.preMakeupMinutes,
  postMakeupMinutes: spaces.postMakeupMinutes,
}
const bookingClientColumns = {
  ...mailClientColumns,
  id: clients.id,
  totalMinutes: clients.totalMinutes,
  internalPercentDiscountRate: clients.internalPercentDiscountRate,
  additionalDiscountRate: clients.additionalDiscountRate,
}

/**
 * Everything a booking of a space is checked and priced from, in one statement: the organization,
 * the center, the space, the client and the booker (null where not found in that organization),
 * the space's rates, blackout periods, combined (child) rooms and amenities, and the
 * organization's blackout periods; and whether a booking already holds the slot (`start`, `end`:
 * the location's wall times, YYYY-MM-DD HH:MM; a time that does not exist there is never held), the
 * cheap refusal for the many requests racing for one slot. Eleven statements one after the other cost a booking create more
 * server CPU (socket writes and result parsing per statement) than all its JavaScript
 * (npm run bench overhead). Lists keep the shapes the single-purpose queries of bookings.repository.ts give.
 */
const bookingContextOf = preparedQuery('booking_context', (tx) =>
  tx
    .select({
      organization: bookingOrganization,
      center: bookingCenterColumns,
      space: bookingSpaceColumns,
      client: bookingClientColumns,
      user: { ...mailUserColumns, id: users.id, clientId: users.clientId },
      rates: sql<{ unit: string; amount: string }[]>`coalesce((select json_agg(${rateJson}) from ${spaceRates}
        where ${spaceRates.spaceId} = ${placeholderInt('spaceId')}), '[]'::json)`,
      spaceBlackouts: sql<{ startDate: string; endDate: string | null }[]>`coalesce((
        select json_agg(${blackoutJson(spaceBlackoutPeriods)}) from ${spaceBlackoutPeriods}
        where ${spaceBlackoutPeriods.spaceId} = ${placeholderInt('spaceId')}), '[]'::json)`,
      organizationBlackouts: sql<{ startDate: string; endDate: string | null }[]>`coalesce((
        select json_agg(${blackoutJson(organizationBlackoutPeriods)}) from ${organizationBlackoutPeriods}
        where ${organizationBlackoutPeriods.organizationId} = ${organizations.id}), '[]'::json)`,
      childSpaceIds: sql<number[]>`array(select ${spaceChildren.childId} from ${spaceChildren}
        where ${spaceChildren.parentId} = ${placeholderInt('spaceId')})`,
      amenities: sql<
        {
          amenityId: number
          name: string
          chargeType: string
          amount: string
          code: string | null
          accountCode: string | null
        }[]
      >`coalesce((select json_agg(${amenityJson} order by ${amenities.name}) from ${spaceAmenities}
        join ${amenities} on ${amenities.id} = ${spaceAmenities.amenityId}
        left join ${organizationAmenities} on ${organizationAmenities.organizationId} = ${spaceAmenities.organizationId}
          and ${organizationAmenities.amenityId} = ${spaceAmenities.amenityId}
        where ${spaceAmenities.organizationId} = ${organizations.id}
          and ${spaceAmenities.spaceId} = ${placeholderInt('spaceId')}), '[]'::json)`,
      // An end before the start (a bad request, refused by the rules) is an empty range, not a database error.
      held: sql<boolean>`exists(select 1 from ${bookingOccupancy}
        where ${bookingOccupancy.organizationId} = ${organizations.id} and ${bookingOccupancy.active}
          and ${bookingOccupancy.spaceId} in (select ${placeholderInt('spaceId')}
            union all select ${spaceChildren.childId} from ${spaceChildren} where ${spaceChildren.parentId} = ${placeholderInt('spaceId')})
          and ${bookingOccupancy.during} && tstzrange(${localStart}, greatest(${localStart}, ${localEnd}), '[)')
          and (${localStart} at time zone ${centers.timezoneId}) = ${wallTime('start')}
          and (${localEnd} at time zone ${centers.timezoneId}) = ${wallTime('end')})`,
    })
    .from(organizations)
    .leftJoin(
      centers,
      and(
        eq(centers.organizationId, organizations.id),
        eq(centers.id, sql.placeholder('centerId')),
        isNull(centers.deletedAt),
      ),
    )
    .leftJoin(spaces, and(eq(spaces.id, sql.placeholder('spaceId')), isNull(spaces.deletedAt)))
    .leftJoin(
      clients,
      and(
        eq(clients.organizationId, organizations.id),
        eq(clients.id, sql.placeholder('clientId')),
        isNull(clients.deletedAt),
      ),
    )
    .leftJoin(
      users,
      and(
        eq(users.organizationId, organizations.id),
        eq(users.id, sql.placeholder('userId')),
        isNull(users.deletedAt),
      ),
    )
    .where(eq(organizations.id, sql.placeholder('organizationId'))),
)

export async function bookingContext(
  tx: Tx,
  ids: {
    organizationId: number
    centerId: number
    spaceId: number
    clientId: number
    userId: number
    start: string
    end: string
  },
) {
  const [row] = await bookingContextOf(tx, ids)
  return row
}
