import { messages } from '@spaceboard/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { organizations, spaces } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { pngImage, uploadFiles } from '../upload.ts'

let t: TestApp
let superCookie: string
let harbourAdmin: string
let harbourCsr: string
let summitAdmin: string

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  harbourCsr = await t.signIn(logins.harbourCsr)
  summitAdmin = await t.signIn(logins.summitAdmin)
})
afterAll(() => t.close())

type Json = Record<string, unknown>
const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  })

async function spaceNamed(name: string) {
  const [row] = await t.database.db.select().from(spaces).where(eq(spaces.name, name))
  if (!row) throw new Error(`no space ${name}`)
  return row
}

function newSpace(overrides: Json = {}): Json {
  return {
    center_id: 1,
    name: 'Bridge Room',
    capacity: 6,
    minimum_duration_hours: 1,
    minimum_duration_minutes: 0,
    maximum_duration_hours: 8,
    maximum_duration_minutes: 0,
    start_time: '08:00',
    end_time: '18:00',
    description: 'A room with a view of the bridge.',
    organization_roomtype_id: 'meetingroom',
    status: 'enabled',
    pre_makeup_hours: 0,
    pre_makeup_minutes: 15,
    post_makeup_hours: 0,
    post_makeup_minutes: 15,
    selectedRates: [{ unit: 'hour', amount: '50.00' }],
    ...overrides,
  }
}

describe('space list', () => {
  it('sorts by display order with 0 as 10000, scoped to the organization', async () => {
    const quay = await spaceNamed('Harbour Room A')
    await call(harbourAdmin, 'PUT', `/api/meetingroom/${quay.id}`, {
      id: quay.id,
      code: 'DISPLAY_ORDER',
      display_order: 0,
    })
    const rows = (await call(harbourAdmin, 'GET', '/api/meetingroom?centerId=1')).json() as Json[]
    expect(rows.at(-1)?.name).toBe('Harbour Room A')
    expect(rows.every((r) => r.organization_id === 1)).toBe(true)
    expect(rows[0]).toMatchObject({ centerName: 'Circular Quay', type: 'Meeting Room', is_active: 1 })
  })

  it('answers the display order with status and message, and refuses a bad value', async () => {
    const room = await spaceNamed('Opera Boardroom')
    const ok = await call(harbourAdmin, 'PUT', `/api/meetingroom/${room.id}`, {
      id: room.id,
      code: 'DISPLAY_ORDER',
      display_order: 2,
    })
    expect(ok.json()).toEqual({ status: true, message: messages.displayOrderUpdated })
    const bad = await call(harbourAdmin, 'PUT', `/api/meetingroom/${room.id}`, {
      id: room.id,
      code: 'DISPLAY_ORDER',
      display_order: -3,
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe(messages.displayOrderInvalid)
  })

  it('searches spaces by the label of their type', async () => {
    const rows = (await call(harbourAdmin, 'GET', '/api/meetingroom?search=board')).json() as Json[]
    expect(rows.map((r) => r.name)).toEqual(['Opera Boardroom'])
    const training = (
      await call(harbourAdmin, 'GET', '/api/meetingroom?search=training%20room')
    ).json() as Json[]
    expect(training.length).toBe(3)
  })

  it("answers 404 for another organization's space", async () => {
    const denver = await spaceNamed('Rockies Room')
    expect((await call(harbourAdmin, 'GET', `/api/meetingroom/${denver.id}`)).statusCode).toBe(404)
    expect(
      (await call(harbourAdmin, 'PUT', `/api/meetingroom/${denver.id}`, { code: 'ARCHIVE' })).statusCode,
    ).toBe(404)
  })

  it('lets csr view but nothing else', async () => {
    const room = await spaceNamed('Opera Boardroom')
    expect((await call(harbourCsr, 'GET', `/api/meetingroom/${room.id}`)).statusCode).toBe(200)
    expect(
      (await call(harbourCsr, 'PUT', `/api/meetingroom/${room.id}`, { code: 'ARCHIVE' })).statusCode,
    ).toBe(403)
    expect((await call(harbourCsr, 'POST', '/api/meetingroom', newSpace())).statusCode).toBe(403)
  })
})

describe('creating a space', () => {
  it('creates with rates, services, photos and blackout periods', async () => {
    const photo = (
      await uploadFiles(t, '/api/meetingroom/photo', harbourAdmin, [
        { name: 'r.png', body: await pngImage(), type: 'image/png' },
      ])
    ).json()
    const response = await call(
      harbourAdmin,
      'POST',
      '/api/meetingroom',
      newSpace({
        selectedRates: [
          { unit: 'hour', amount: '55.5' },
          { unit: 'day', amount: 400 },
        ],
        selectedAmenities: [{ amenity_id: 2, type: 'attendee', amount: '7.25' }],
        full_photo: [photo.file[0].url],
        blackoutPeriods: [
          { blackout_period_start_date: '2031-02-01', blackout_period_end_date: '2031-02-03' },
        ],
        security_bond_required: true,
        security_bond_amount: '150.50',
      }),
    )
    expect(response.statusCode).toBe(201)
    const view = response.json()
    expect(view).toMatchObject({
      organization_id: 1,
      pre_makeup_minutes: 15,
      security_bond_amount: 150.5,
      full_photo: [photo.file[0].url],
      status: 'enabled',
    })
    expect(view.selectedRates).toEqual(
      expect.arrayContaining([
        { unit: 'hour', amount: 55.5 },
        { unit: 'day', amount: 400 },
      ]),
    )
    expect(view.selectedAmenities[0]).toMatchObject({ amenity_id: 2, type: 'attendee', amount: 7.25 })
    expect(view.blackoutPeriods).toHaveLength(1)
  })

  it.each([
    [{ name: 'Room #1' }, 'name', 'Only Alphabets and numbers are Allowed. Max 255 chars'],
    [{ capacity: '123456' }, 'capacity', 'Only Numbers Allowed. Max 99999.'],
    [{ floor: 'Level-3' }, 'floor', 'Only Alpha Numeric Allowed'],
    [{ minimum_duration_hours: 9 }, 'maximum_duration_hours', messages.bookingHourRange],
    [
      { minimum_duration_hours: 8, minimum_duration_minutes: 30 },
      'maximum_duration_minutes',
      messages.bookingHourRange,
    ],
    [
      { maximum_duration_hours: 24, maximum_duration_minutes: 15 },
      'maximum_duration_minutes',
      messages.selectRequired,
    ],
    [{ start_time: '18:00', end_time: '08:00' }, 'end_time', 'Invalid time range.'],
    [{ description: '' }, 'description', messages.fieldRequired],
    [{ selectedRates: [] }, 'selectedRates', 'Add Space rate'],
    [
      {
        selectedRates: [
          { unit: 'hour', amount: 1 },
          { unit: 'hour', amount: 2 },
        ],
      },
      'selectedRates',
      'You cannot add this rate unit twice to this room, it is already configured for this room.',
    ],
    [{ selectedRates: [{ unit: '', amount: 1 }] }, 'selectedRates.0.unit', 'Select unit.'],
    [{ selectedRates: [{ unit: 'hour', amount: '' }] }, 'selectedRates.0.amount', 'Fill amount.'],
    [
      { selectedAmenities: [{ amenity_id: 2, type: '', amount: 1 }] },
      'selectedAmenities.0.type',
      'Select charged at.',
    ],
    [
      {
        selectedAmenities: [
          { amenity_id: 2, type: 'flat', amount: 1 },
          { amenity_id: 2, type: 'hour', amount: 2 },
        ],
      },
      'selectedAmenities',
      'Selected service already in pipeline.',
    ],
    [{ security_bond_required: true }, 'security_bond_amount', 'Please enter security bond amount.'],
    [
      { security_bond_required: true, security_bond_amount: '1.234' },
      'security_bond_amount',
      'Please enter a valid amount (max 2 decimal places)',
    ],
    [
      { google_account_email: 'g@x.example' },
      'service_account_email',
      'Please, enter service account email.',
    ],
    [
      {
        service_account_email: 'nope',
        google_account_email: 'g@x.example',
        service_account_private_key: 'k',
      },
      'service_account_email',
      'Invalid email format: nope',
    ],
    [{ childRooms: [5] }, 'childRooms', 'Please, select at least two meetingrooms to combine.'],
    [{ center_id: 3 }, 'center_id', 'Please, select a Location.'],
    [{ organization_roomtype_id: 'spaceship' }, 'organization_roomtype_id', messages.selectRequired],
    [{ full_photo: ['https://evil.example/x.png'] }, 'full_photo', messages.photoNotUploaded],
  ])('%o → %s', async (overrides, field, message) => {
    const response = await call(harbourAdmin, 'POST', '/api/meetingroom', newSpace(overrides))
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[field]).toBe(message)
  })

  it('needs an organization from super', async () => {
    const response = await call(superCookie, 'POST', '/api/meetingroom', newSpace())
    expect(response.json().errors.organization_id).toBe('Please, select an Organization.')
  })

  it('combines only spaces of the same center and type, and not into a child', async () => {
    const a = await spaceNamed('Harbour Room A')
    const b = await spaceNamed('Harbour Room B')
    const training = await spaceNamed('Training One')
    const combined = await call(
      harbourAdmin,
      'POST',
      '/api/meetingroom',
      newSpace({ name: 'Harbour Hall', childRooms: [a.id, b.id] }),
    )
    expect(combined.statusCode).toBe(201)
    expect(combined.json().childRooms.sort()).toEqual([a.id, b.id].sort())
    const otherCenter = await call(
      harbourAdmin,
      'POST',
      '/api/meetingroom',
      newSpace({ name: 'Bad Mix', childRooms: [a.id, training.id] }),
    )
    expect(otherCenter.json().errors.childRooms).toBe(messages.childRoomInvalid)
    const view = (await call(harbourAdmin, 'GET', `/api/meetingroom/${a.id}`)).json()
    expect(view.isChild).toBe(true)
    const candidates = (
      await call(
        harbourAdmin,
        'GET',
        `/api/meetingroom/child-candidates?centerId=1&roomTypeId=meetingroom&currentRoomId=${a.id}`,
      )
    ).json()
    expect(candidates.map((c: Json) => c.name)).toContain('Harbour Room B')
    expect(candidates.map((c: Json) => c.name)).not.toContain('Harbour Room AB')
  })

  it('limits photos to 1 on the free plan', async () => {
    const photos = []
    for (let i = 0; i < 2; i++) {
      photos.push(
        (
          await uploadFiles(t, '/api/meetingroom/photo', summitAdmin, [
            { name: 'p.png', body: await pngImage(), type: 'image/png' },
          ])
        ).json().file[0].url,
      )
    }
    await t.database.db.update(organizations).set({ licensedSpaces: 10 }).where(eq(organizations.id, 2))
    const response = await call(
      summitAdmin,
      'POST',
      '/api/meetingroom',
      newSpace({ center_id: 3, full_photo: photos }),
    )
    expect(response.json().errors.full_photo).toBe('Maximum of image is 1!!')
    await t.database.db.update(organizations).set({ licensedSpaces: 3 }).where(eq(organizations.id, 2))
  })

  it('refuses a non-image upload', async () => {
    const response = await uploadFiles(t, '/api/meetingroom/photo', harbourAdmin, [
      { name: 'x.png', body: Buffer.from('text'), type: 'image/png' },
    ])
    expect(response.json()).toEqual({ file: [{ error: 'Only png/jpg/jpeg allowed' }] })
  })
})

describe('licence check (non-super)', () => {
  it('refuses adding, activating and restoring beyond the licensed spaces', async () => {
    expect((await call(summitAdmin, 'GET', '/api/meetingroom/licence')).json()).toEqual({ remaining: 0 })
    const add = await call(summitAdmin, 'POST', '/api/meetingroom', newSpace({ center_id: 3 }))
    expect(add.statusCode).toBe(400)
    expect(add.json().message).toBe('You need to upgrade your plan to add more spaces')
    const thames = await spaceNamed('Thames One')
    const activate = await call(summitAdmin, 'PUT', `/api/meetingroom/${thames.id}`, {
      code: 'ACTIVE_INACTIVE',
      is_active: 1,
      status: 'enabled',
    })
    expect(activate.json().message).toBe('You need to upgrade your plan to activate more spaces')
    const rockies = await spaceNamed('Rockies Room')
    await call(summitAdmin, 'PUT', `/api/meetingroom/${rockies.id}`, { code: 'ARCHIVE' })
    expect((await call(summitAdmin, 'GET', '/api/meetingroom/licence')).json()).toEqual({ remaining: 1 })
    expect(
      (
        await call(summitAdmin, 'PUT', `/api/meetingroom/${thames.id}`, {
          code: 'ACTIVE_INACTIVE',
          is_active: 1,
        })
      ).statusCode,
    ).toBe(200)
    const restore = await call(summitAdmin, 'PUT', `/api/meetingroom/${rockies.id}`, {
      code: 'RESTORE',
      deleted_at: null,
    })
    expect(restore.json().message).toBe('You need to upgrade your plan to restore more spaces')
  })

  it('does not apply to super', async () => {
    const response = await call(
      superCookie,
      'POST',
      '/api/meetingroom',
      newSpace({ organization_id: 2, center_id: 3 }),
    )
    expect(response.statusCode).toBe(201)
    expect((await call(superCookie, 'GET', '/api/meetingroom/licence')).json()).toEqual({ remaining: null })
  })
})

describe('secrets and lookups', () => {
  it('keeps the service account private key write-only (calendar booking on)', async () => {
    await t.database.db
      .update(organizations)
      .set({ features: { blackout_period: true, enable_calendar_booking: true } })
      .where(eq(organizations.id, 1))
    const response = await call(
      harbourAdmin,
      'POST',
      '/api/meetingroom',
      newSpace({
        name: 'Calendar Room',
        google_account_email: 'rooms@harbour.example',
        service_account_email: 'svc@harbour.example',
        service_account_private_key: '-----BEGIN PRIVATE KEY-----secret',
      }),
    )
    expect(response.statusCode).toBe(201)
    expect(response.body).not.toContain('BEGIN PRIVATE KEY')
    expect(response.json()).toMatchObject({
      service_account_private_key_set: true,
      calendar_type: 'GOOGLE_CALENDAR',
    })
  })

  it("lists the organization's space types and services", async () => {
    const types = (await call(summitAdmin, 'GET', '/api/meetingroom/space-types')).json()
    expect(types).toEqual([
      { key: 'meetingroom', label: 'Meeting Room' },
      { key: 'boardroom', label: 'Board Room' },
    ])
    const services = (await call(harbourAdmin, 'GET', '/api/organization-amenities/1')).json()
    expect(services.length).toBeGreaterThan(0)
    expect((await call(harbourAdmin, 'GET', '/api/organization-amenities/2')).statusCode).toBe(404)
  })
})
