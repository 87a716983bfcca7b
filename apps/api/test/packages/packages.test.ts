import { messages } from '@spaceboard/domain'
import { eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, spaces } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

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

async function spaceId(name: string) {
  const [row] = await t.database.db.select({ id: spaces.id }).from(spaces).where(eq(spaces.name, name))
  if (!row) throw new Error(name)
  return row.id
}

async function newPackage(overrides: Json = {}): Promise<Json> {
  return {
    name: 'Evening Event',
    min_attendees: 12,
    type: 'duration',
    duration_hours: 3,
    duration_minutes: 30,
    rate: '35.50',
    services: 'Drinks and canapes',
    centers: [1],
    meetingrooms: [await spaceId('Harbour Room AB'), await spaceId('Opera Boardroom')],
    ...overrides,
  }
}

describe('package deals', () => {
  it('lists with selected centers and spaces', async () => {
    const rows = (await call(harbourAdmin, 'GET', '/api/package?order=name')).json() as Json[]
    expect(rows.map((r) => r.name)).toEqual(['Breakfast Briefing', 'Half Day Workshop'])
    expect(rows[0]).toMatchObject({
      type: 'fixed',
      status: 'enable',
      selectedCenters: 'Circular Quay',
      organizationName: 'Harbour Workspaces',
    })
    expect(String(rows[0]?.selectedSpaces)).toContain('Harbour Room A')
  })

  it('creates duration and fixed packages', async () => {
    const duration = await call(harbourAdmin, 'POST', '/api/package', await newPackage())
    expect(duration.statusCode).toBe(201)
    expect(duration.json()).toMatchObject({
      duration_hours: 3,
      duration_minutes: 30,
      rate: 35.5,
      start_time: null,
    })
    const fixed = await call(
      harbourAdmin,
      'POST',
      '/api/package',
      await newPackage({
        name: 'Sunset Drinks',
        type: 'fixed',
        start_time: '17:00',
        end_time: '19:15',
        duration_hours: null,
        duration_minutes: null,
      }),
    )
    expect(fixed.statusCode).toBe(201)
    expect(fixed.json()).toMatchObject({ start_time: '17:00', end_time: '19:15', duration_hours: null })
    const centers = (await call(harbourAdmin, 'GET', `/api/center/?packageId=${fixed.json().id}`)).json()
    expect(centers).toEqual([{ id: 1, name: 'Circular Quay' }])
  })

  it.each([
    [{ name: 'Deal!' }, 'name', 'Only alphabets and numbers are allowed. (Max 1000 characters)'],
    [{ min_attendees: '' }, 'min_attendees', messages.fieldRequired],
    [{ min_attendees: 123456 }, 'min_attendees', messages.minAttendeesRange],
    [{ type: 'fixed', start_time: '10:00', end_time: '09:00' }, 'end_time', 'Invalid time range'],
    [{ type: 'fixed', start_time: '10:10', end_time: '11:00' }, 'start_time', messages.selectRequired],
    [{ duration_minutes: 20 }, 'duration_minutes', messages.selectRequired],
    [{ rate: '' }, 'rate', messages.fieldRequired],
    [{ rate: '-1' }, 'rate', messages.securityBondDecimals],
    [{ centers: [] }, 'centers', messages.selectRequired],
    [{ meetingrooms: [] }, 'meetingrooms', messages.selectRequired],
  ])('%o → %s', async (overrides, field, message) => {
    const response = await call(harbourAdmin, 'POST', '/api/package', await newPackage(overrides))
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[field]).toBe(message)
  })

  it('refuses spaces that do not seat the minimum attendees or are in another center', async () => {
    const small = await call(
      harbourAdmin,
      'POST',
      '/api/package',
      await newPackage({ meetingrooms: [await spaceId('Harbour Room A')] }),
    )
    expect(small.json().errors.meetingrooms).toBe(messages.packageSpacesInvalid)
    const elsewhere = await call(
      harbourAdmin,
      'POST',
      '/api/package',
      await newPackage({ meetingrooms: [await spaceId('Training One')] }),
    )
    expect(elsewhere.json().errors.meetingrooms).toBe(messages.packageSpacesInvalid)
  })

  it('activates and de-activates (not csr), deletes for super only, and hides other organizations', async () => {
    const [first] = (await call(harbourAdmin, 'GET', '/api/package')).json() as { id: number }[]
    const off = await call(harbourAdmin, 'PUT', `/api/package/${first?.id}`, {
      id: first?.id,
      code: 'ACTIVE_INACTIVE',
      status: 'disable',
    })
    expect(off.statusCode).toBe(200)
    expect((await call(harbourAdmin, 'GET', `/api/package/${first?.id}?view=1`)).json().status).toBe(
      'disable',
    )
    expect(
      (
        await call(harbourCsr, 'PUT', `/api/package/${first?.id}`, {
          code: 'ACTIVE_INACTIVE',
          status: 'enable',
        })
      ).statusCode,
    ).toBe(403)
    expect((await call(summitAdmin, 'GET', `/api/package/${first?.id}`)).statusCode).toBe(404)
    expect((await call(harbourAdmin, 'DELETE', `/api/package/${first?.id}`)).statusCode).toBe(403)
    expect((await call(superCookie, 'DELETE', `/api/package/${first?.id}`)).statusCode).toBe(200)
  })

  it('refuses to delete a package deal that bookings refer to', async () => {
    const [booked] = await t.database.db
      .select({ id: bookings.packageId })
      .from(bookings)
      .where(isNotNull(bookings.packageId))
      .limit(1)
    const response = await call(superCookie, 'DELETE', `/api/package/${booked?.id}`)
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe(messages.packageHasBookings)
  })

  it('keeps package account codes through the organization form', async () => {
    const codes = (await call(harbourAdmin, 'GET', '/api/package/codes?organization_id=1')).json() as {
      id: number
    }[]
    const view = (await call(harbourAdmin, 'GET', '/api/organization/1')).json()
    const form: Json = { ...view }
    for (const key of [
      'id',
      'color_code',
      'charge_amenities',
      'ms365_client_secret_set',
      'stripe_secret_key_set',
      'api_token_set',
      'web_api_token_set',
      'created_at',
      'deleted_at',
    ]) {
      delete form[key]
    }
    form.thirdPartyCredentials = { customer_name: '', username: '' }
    const id = String(codes[0]?.id)
    const saved = await call(harbourAdmin, 'PUT', '/api/organization/1', {
      ...form,
      packagesAccountCode: { [id]: '400' },
      packagesInventoryItemCode: { [id]: 'PKG-1' },
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().packagesAccountCode[id]).toBe('400')
    expect((await call(harbourAdmin, 'GET', '/api/package/codes?organization_id=1')).json()[0]).toMatchObject(
      {
        account_code: '400',
        inventory_item_code: 'PKG-1',
      },
    )
  })
})
