import { addDays, messages } from '@spaceboard/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, centers, clients, spaces, users } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { organizationForm } from '../organizations/form.ts'
import { idByName, sydneyToday } from './fixtures.ts'

let t: TestApp
let superCookie: string
let harbourAdmin: string
const HARBOUR = 1

const idOf = (table: Parameters<typeof idByName>[1], name: string) => idByName(t, table, name)

const ids = { quay: 0, parramatta: 0, roomA: 0, roomB: 0, roomAB: 0, opera: 0, acme: 0, alice: 0 }
const date = addDays(sydneyToday, 130)

function book(spaceId: number, start: string, end: string) {
  return t.api(harbourAdmin, 'POST', '/api/userbooking', {
    center_id: ids.quay,
    meeting_room_id: spaceId,
    booking_date: date,
    start_time: start,
    end_time: end,
    client_id: ids.acme,
    user_id: ids.alice,
    attendees: 2,
    payment_status: 'invoice',
    confirm_preparation_time: true,
  })
}

/** The space as its form would send it back. */
async function spaceForm(id: number) {
  const view = (await t.api(harbourAdmin, 'GET', `/api/meetingroom/${id}`)).json() as Record<string, unknown>
  const form: Record<string, unknown> = {}
  const keep = [
    'organization_id',
    'center_id',
    'name',
    'capacity',
    'floor',
    'private_room',
    'minimum_duration_hours',
    'minimum_duration_minutes',
    'maximum_duration_hours',
    'maximum_duration_minutes',
    'start_time',
    'end_time',
    'description',
    'organization_roomtype_id',
    'status',
    'pre_makeup_hours',
    'pre_makeup_minutes',
    'post_makeup_hours',
    'post_makeup_minutes',
    'selectedAmenities',
    'selectedRates',
    'full_photo',
    'childRooms',
    'blackoutPeriods',
    'security_bond_required',
    'security_bond_amount',
    'site_access_instructions',
  ]
  for (const key of keep) if (view[key] !== undefined && view[key] !== null) form[key] = view[key]
  form.selectedAmenities = (
    view.selectedAmenities as { amenity_id: number; amount: number; type: string }[]
  ).map(({ amenity_id, amount, type }) => ({ amenity_id, amount, type }))
  return form
}

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  ids.quay = await idOf(centers, 'Circular Quay')
  ids.parramatta = await idOf(centers, 'Parramatta')
  ids.roomA = await idOf(spaces, 'Harbour Room A')
  ids.roomB = await idOf(spaces, 'Harbour Room B')
  ids.roomAB = await idOf(spaces, 'Harbour Room AB')
  ids.opera = await idOf(spaces, 'Opera Boardroom')
  ids.acme = await idOf(clients, 'Acme Consulting')
  const [alice] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'alice@acme.test'))
  ids.alice = alice?.id ?? 0
})
afterAll(() => t.close())

describe('screen bookings', () => {
  it('cannot be turned off while tentative bookings exist', async () => {
    expect((await book(ids.opera, '10:00', '11:00')).json().status).toBe('tentative')
    const count = await t.api(harbourAdmin, 'GET', `/api/organization/${HARBOUR}/tentative-bookings`)
    expect(count.json().count).toBeGreaterThan(0)
    const form = await organizationForm(t, superCookie, HARBOUR)
    const response = await t.api(superCookie, 'PUT', `/api/organization/${HARBOUR}`, {
      ...form,
      features: { ...(form.features as object), user_screen_booking: false },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors['features.user_screen_booking']).toBe(messages.tentativeBookingsExist)

    await t.database.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.status, 'tentative'))
    const allowed = await t.api(superCookie, 'PUT', `/api/organization/${HARBOUR}`, {
      ...form,
      features: { ...(form.features as object), user_screen_booking: false },
    })
    expect(allowed.statusCode).toBe(200)
    const summit = await t.signIn(logins.summitAdmin)
    expect((await t.api(summit, 'GET', `/api/organization/${HARBOUR}/tentative-bookings`)).statusCode).toBe(
      404,
    )
  })
})

describe('spaces with bookings', () => {
  it('counts future bookings before a space is deactivated, through its combined room too', async () => {
    // The demo seed's future bookings count too: the new one through the combined room adds one.
    const count = async () =>
      (await t.api(harbourAdmin, 'GET', `/api/meetingroom/${ids.roomB}/future-bookings`)).json()
    const before = await count()
    expect(before).toEqual({ count: expect.any(Number) })
    expect((await book(ids.roomAB, '14:00', '15:00')).statusCode).toBe(201)
    expect(await count()).toEqual({ count: before.count + 1 })
  })

  it('cannot move to another center or lose its children', async () => {
    const form = await spaceForm(ids.roomAB)
    const moved = await t.api(harbourAdmin, 'PUT', `/api/meetingroom/${ids.roomAB}`, {
      ...form,
      center_id: ids.parramatta,
    })
    expect(moved.statusCode).toBe(400)
    expect(moved.json().errors.center_id).toBe(messages.spaceBookingsCenter)
    const detached = await t.api(harbourAdmin, 'PUT', `/api/meetingroom/${ids.roomAB}`, {
      ...form,
      childRooms: [],
    })
    expect(detached.statusCode).toBe(400)
    expect(detached.json().errors.childRooms).toBe(messages.spaceBookingsChildren)
  })

  it('reports a parent and a new child booked at the same time', async () => {
    // Opera Boardroom is booked 10:00–11:00; a new space combining it is booked at 10:30 first.
    const form = await spaceForm(ids.opera)
    const created = await t.api(harbourAdmin, 'POST', '/api/meetingroom', {
      ...form,
      name: 'Opera Combined',
      childRooms: [],
      full_photo: [],
    })
    expect(created.statusCode, created.body).toBeLessThan(300)
    const combined = created.json().id as number
    await book(combined, '10:30', '11:30')
    const response = await t.api(harbourAdmin, 'PUT', `/api/meetingroom/${combined}`, {
      ...(await spaceForm(combined)),
      childRooms: [ids.opera, ids.roomA],
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.childRooms).toBe(
      messages.childBookedSameSlot('Opera Boardroom', `${date} 10:30`),
    )
  })
})
