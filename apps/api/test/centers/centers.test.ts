import { messages } from '@spaceboard/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { centers, organizations } from '../../src/db/schema/index.ts'
import { startGeocoder } from '../geocoder.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

let t: TestApp
let geocoder: Awaited<ReturnType<typeof startGeocoder>>
let superCookie: string
let harbourAdmin: string
let harbourCsr: string
let summitAdmin: string
const thisYear = new Date().getUTCFullYear()

beforeAll(async () => {
  geocoder = await startGeocoder({ '1 Macquarie Place': { lat: '-33.8624', lon: '151.2105' } })
  t = await createTestApp({ geocoderUrl: geocoder.url })
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  harbourCsr = await t.signIn(logins.harbourCsr)
  summitAdmin = await t.signIn(logins.summitAdmin)
})
afterAll(async () => {
  await t.close()
  await geocoder.close()
})

type Json = Record<string, unknown>
const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  })

async function harbourRegionId() {
  const regions = (await call(harbourAdmin, 'GET', '/api/region?all=1')).json() as {
    id: number
    name: string
  }[]
  const region = regions.find((r) => r.name === 'Sydney CBD')
  if (!region) throw new Error('seeded region missing')
  return region.id
}

async function newCenter(overrides: Json = {}): Promise<Json> {
  return {
    name: 'Barangaroo',
    booking_confirm_email: 'bookings@harbour.example',
    booking_confirm_emails: 'a@harbour.example,b@harbour.example',
    contact_email: 'hello@harbour.example',
    contact_number: '+61 (2) 9000-2000',
    street: '200 Barangaroo Avenue',
    city: 'Sydney',
    state: 'New South Wales',
    postcode: '2000',
    country_id: 2,
    timezone_id: 'Australia/Sydney',
    regionId: [await harbourRegionId()],
    ...overrides,
  }
}

describe('center list', () => {
  it("lists an admin's centers only, with Content-Range, and every center for super", async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/center?order=name',
      headers: { cookie: harbourAdmin, range: '0-19' },
    })
    expect(mine.statusCode).toBe(200)
    expect(mine.headers['content-range']).toBe('0-1/2')
    expect(mine.json().map((c: Json) => c.name)).toEqual(['Circular Quay', 'Parramatta'])
    const all = await call(superCookie, 'GET', '/api/center')
    expect(all.json().length).toBe(5)
  })

  it('gives pickers the active centers of the current organization', async () => {
    const options = (await call(summitAdmin, 'GET', '/api/center?all_centers=1&currentOrganization=1')).json()
    expect(options.map((c: Json) => c.name).sort()).toEqual(['Denver Downtown', 'London Bridge'])
  })

  it('refuses anonymous callers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/center' })).statusCode).toBe(401)
  })
})

describe('center detail', () => {
  it('shows the fields of the detail screen and this year’s targets', async () => {
    const view = (await call(harbourAdmin, 'GET', '/api/center/1')).json()
    expect(view).toMatchObject({
      name: 'Circular Quay',
      organizationName: 'Harbour Workspaces',
      countryName: 'Australia',
      open_time: '09:00',
      close_time: '20:00',
      open_after_hours: false,
      timezone_id: 'Australia/Sydney',
      stripe_secret_key_set: false,
    })
    expect(view.monthRevenue).toHaveLength(12)
    expect(view.monthRevenue[0]).toMatchObject({ name: 'January', month_id: 1, revenue: 25000 })
  })

  it('loads the targets of the chosen year', async () => {
    const view = (await call(harbourAdmin, 'GET', `/api/center/1?year=${thisYear - 3}`)).json()
    expect(view.year).toBe(thisYear - 3)
    expect(view.monthRevenue.every((m: Json) => m.revenue === null)).toBe(true)
  })

  it("answers 404 for another organization's center, on reads and writes", async () => {
    expect((await call(summitAdmin, 'GET', '/api/center/1')).statusCode).toBe(404)
    expect((await call(summitAdmin, 'PUT', '/api/center/1', { is_active: 0 })).statusCode).toBe(404)
    expect((await call(summitAdmin, 'PUT', '/api/center/1', await newCenter())).statusCode).toBe(404)
  })
})

describe('creating a center', () => {
  it('creates with regions, taxes and targets, defaulting the hours', async () => {
    const response = await call(
      harbourAdmin,
      'POST',
      '/api/center',
      await newCenter({
        taxes_label: 'GST',
        taxes_percent: 10,
        monthRevenue: [{ month_id: 12, revenue: 1234.5 }],
        year: thisYear,
      }),
    )
    expect(response.statusCode).toBe(201)
    const view = response.json()
    expect(view).toMatchObject({
      open_time: '09:00',
      close_time: '20:00',
      taxes_percent: 10,
      organization_id: 1,
    })
    expect(view.monthRevenue[11].revenue).toBe(1234.5)
  })

  it.each([
    [{ name: '' }, 'name', 'Please fill out this field'],
    [{ name: 'Quay & Co' }, 'name', 'Only Alphabets and Numbers are Allowed'],
    [{ booking_confirm_email: 'x' }, 'booking_confirm_email', 'Invalid email format'],
    [{ contact_email: '' }, 'contact_email', 'Please fill out this field'],
    [
      { booking_confirm_emails: 'a@x.example; b@x.example' },
      'booking_confirm_emails',
      messages.ccEmailsSeparated,
    ],
    [
      { booking_confirm_emails: 'a@x.example, b@x.example' },
      'booking_confirm_emails',
      messages.ccEmailsSeparated,
    ],
    [{ contact_number: '9000 CALL' }, 'contact_number', 'Only numbers and special characters are Allowed.'],
    [{ street: 'x'.repeat(101) }, 'street', 'Max 100 chars'],
    [{ city: '' }, 'city', 'Please fill out this field'],
    [{ postcode: '12345678901' }, 'postcode', 'Only numbers and characters are allowed. Max 10 Chars.'],
    [{ postcode: '20-00' }, 'postcode', 'Only numbers and characters are allowed. Max 10 Chars.'],
    [{ country_id: null }, 'country_id', 'Please select an item in the list'],
    [{ timezone_id: 'Mars/Olympus' }, 'timezone_id', 'Please select an item in the list'],
    [{ regionId: [] }, 'regionId', 'Please select an item in the list'],
    [{ open_time: '18:00', close_time: '09:00' }, 'close_time', 'Invalid Date Range.'],
    [{ open_time: '09:00', close_time: '09:00' }, 'close_time', 'Invalid Date Range.'],
  ])('%o → %s', async (overrides, field, message) => {
    const response = await call(harbourAdmin, 'POST', '/api/center', await newCenter(overrides))
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[field]).toBe(message)
  })

  it('needs an organization from super ("Error: Select an Organization.")', async () => {
    const response = await call(superCookie, 'POST', '/api/center', await newCenter())
    expect(response.json().errors.organization_id).toBe('Error: Select an Organization.')
  })

  it("refuses another organization's region", async () => {
    const summitRegions = (await call(summitAdmin, 'GET', '/api/region?all=1')).json() as { id: number }[]
    const response = await call(
      harbourAdmin,
      'POST',
      '/api/center',
      await newCenter({ regionId: [summitRegions[0]?.id] }),
    )
    expect(response.statusCode).toBe(400)
  })

  it('needs native_center_id when the organization is linked to a third party', async () => {
    await t.database.db
      .update(organizations)
      .set({ thirdPartyOrgCode: 'NEXUDUS' })
      .where(eq(organizations.id, 3))
    const regions = (await call(superCookie, 'GET', '/api/region?all=1&organization_id=3')).json() as {
      id: number
    }[]
    const response = await call(
      superCookie,
      'POST',
      '/api/center',
      await newCenter({ organization_id: 3, regionId: [regions[0]?.id] }),
    )
    expect(response.json().errors.native_center_id).toBe('Please fill out this field')
  })

  it('is refused to csr (403)', async () => {
    expect((await call(harbourCsr, 'POST', '/api/center', await newCenter())).statusCode).toBe(403)
  })
})

describe('editing a center', () => {
  it('refuses changed targets of a past year, and accepts this year’s', async () => {
    const view = (await call(harbourAdmin, 'GET', '/api/center/2')).json()
    const form = { ...(await newCenter()), name: view.name, regionId: view.regionId }
    const past = await call(harbourAdmin, 'PUT', '/api/center/2', {
      ...form,
      year: thisYear - 1,
      monthRevenue: [{ month_id: 1, revenue: 999 }],
    })
    expect(past.statusCode).toBe(400)
    expect(past.json().errors.monthRevenue).toBe(messages.pastRevenueTargetsLocked)
    const current = await call(harbourAdmin, 'PUT', '/api/center/2', {
      ...form,
      year: thisYear,
      monthRevenue: [{ month_id: 1, revenue: 999 }],
    })
    expect(current.statusCode).toBe(200)
    expect(current.json().monthRevenue[0].revenue).toBe(999)
  })

  it('keeps the Stripe secret key write-only and encrypted, for super only', async () => {
    const form = await newCenter()
    const saved = await call(superCookie, 'PUT', '/api/center/1', {
      ...form,
      name: 'Circular Quay',
      stripe_secret_key: 'sk_live_center',
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.body).not.toContain('sk_live_center')
    expect(saved.json().stripe_secret_key_set).toBe(true)
    const [row] = await t.database.db.select().from(centers).where(eq(centers.id, 1))
    expect(row?.stripeSecretKeyEnc).not.toContain('sk_live_center')
    // An admin's change to a Stripe key is refused by name, not dropped (issue 42 item 13).
    for (const [field, value, label] of [
      ['stripe_secret_key', '', 'Stripe Secret Key'],
      ['stripe_publishable_key', 'pk_live_hijack', 'Stripe Publishable Key'],
    ]) {
      const byAdmin = await call(harbourAdmin, 'PUT', '/api/center/1', {
        ...form,
        name: 'Circular Quay',
        [field as string]: value,
      })
      const message = `Only super users can change ${label}.`
      expect(byAdmin.statusCode, field).toBe(403)
      expect(byAdmin.json()).toEqual({ message, errors: { [field as string]: message } })
    }
    const unchanged = await call(harbourAdmin, 'PUT', '/api/center/1', { ...form, name: 'Circular Quay' })
    expect(unchanged.statusCode).toBe(200)
    expect(unchanged.json().stripe_secret_key_set).toBe(true)
  })
})

describe('status changes through PUT /api/center/{id}', () => {
  it('deactivates and activates (is_active)', async () => {
    expect((await call(harbourAdmin, 'PUT', '/api/center/2', { id: 2, is_active: 0 })).statusCode).toBe(200)
    expect((await call(harbourAdmin, 'GET', '/api/center/2')).json().is_active).toBe(0)
    const options = (await call(harbourAdmin, 'GET', '/api/center?all=1')).json()
    expect(options.map((c: Json) => c.id)).not.toContain(2)
    await call(harbourAdmin, 'PUT', '/api/center/2', { id: 2, is_active: 1 })
    expect((await call(harbourAdmin, 'GET', '/api/center/2')).json().is_active).toBe(1)
  })

  it('archives and restores (deleted_at) with the spec messages', async () => {
    const archived = await call(harbourAdmin, 'PUT', '/api/center/2', {
      id: 2,
      deleted_at: new Date().toISOString(),
    })
    expect(archived.json()).toEqual({ message: 'Success: Center deactivated successfully' })
    const restored = await call(harbourAdmin, 'PUT', '/api/center/2', { id: 2, deleted_at: null })
    expect(restored.json()).toEqual({ message: 'Success: Center activated successfully' })
  })

  it('refuses csr every status change', async () => {
    expect((await call(harbourCsr, 'PUT', '/api/center/2', { id: 2, is_active: 0 })).statusCode).toBe(403)
  })

  it('deletes permanently for super only (code PERMENANT and DELETE)', async () => {
    const created = (
      await call(harbourAdmin, 'POST', '/api/center', await newCenter({ name: 'Temporary' }))
    ).json()
    expect(
      (await call(harbourAdmin, 'PUT', `/api/center/${created.id}`, { code: 'PERMENANT' })).statusCode,
    ).toBe(403)
    expect((await call(harbourAdmin, 'DELETE', `/api/center/${created.id}`)).statusCode).toBe(403)
    expect(
      (await call(superCookie, 'PUT', `/api/center/${created.id}`, { code: 'PERMENANT' })).statusCode,
    ).toBe(200)
    expect((await call(superCookie, 'GET', `/api/center/${created.id}`)).statusCode).toBe(404)
  })

  it('refuses to delete a center that still has spaces, with a clear message', async () => {
    const response = await call(superCookie, 'DELETE', '/api/center/1')
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe(messages.centerHasSpaces)
  })
})

describe('time zones, months and geocoding', () => {
  it('lists IANA zones with their current offsets', async () => {
    const zones = (await call(harbourCsr, 'GET', '/api/timezone')).json() as { id: string; offset: string }[]
    expect(zones.length).toBeGreaterThan(300)
    expect(zones.find((z) => z.id === 'Asia/Singapore')?.offset).toBe('+08:00')
    expect(zones.find((z) => z.id === 'Australia/Sydney')?.offset).toMatch(/^\+1[01]:00$/)
  })

  it('lists the months', async () => {
    const list = (await call(harbourCsr, 'GET', '/api/month/')).json()
    expect(list[6]).toEqual({ id: 7, name: 'July' })
  })

  it('geocodes through the configured service, and reports its failures in plain words (issue 15 item 17)', async () => {
    const found = await call(
      harbourAdmin,
      'GET',
      `/api/geocode?q=${encodeURIComponent('1 Macquarie Place, Sydney')}`,
    )
    expect(found.json()).toEqual({ lat: -33.8624, lon: 151.2105 })
    const none = await call(harbourAdmin, 'GET', '/api/geocode?q=nowhere%20at%20all')
    expect(none.statusCode).toBe(422)
    expect(none.json()).toEqual({
      message: 'The address could not be located; place the pin by hand or enter the coordinates',
      status: 'ZERO_RESULTS',
    })
    const broken = await call(harbourAdmin, 'GET', '/api/geocode?q=explode%20please')
    expect(broken.json()).toEqual({ message: messages.addressNotLocated, status: 'ERROR_500' })
  })
})
