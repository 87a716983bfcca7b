import { addDays, messages, todayIn } from '@spaceboard/domain'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { organizations } from '../../src/db/schema/index.ts'
import { createTestApp, DEMO_PASSWORD, logins, type TestApp } from '../helpers.ts'
import { organizationForm } from './form.ts'

let t: TestApp
let superCookie: string
let harbourAdmin: string
let harbourCsr: string
let summitAdmin: string
const HARBOUR = 1
const SUMMIT = 2

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  harbourCsr = await t.signIn(logins.harbourCsr)
  summitAdmin = await t.signIn(logins.summitAdmin)
})
afterAll(() => t.close())

type Json = Record<string, unknown>

async function request(
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  })
}

/** The organization as the form would send it back: the view without its read-only keys. */
const formOf = (cookie: string, id: number) => organizationForm(t, cookie, id)

function newOrganization(overrides: Json = {}): Json {
  return {
    name: 'Orbit Offices',
    mh_url: 'https://orbit.spaceboard.example',
    company_registration_number: 'REG-ORBIT',
    street: '5 Orbit Way',
    country_id: 2,
    time_format: 'dd/mm',
    currency_code: 'aud',
    month_id: 7,
    organization_region_id: 1,
    color: 'Orange-Grey',
    contact_number: '+61 (2) 9000-1234',
    contact_email: 'hello@orbit.example',
    website: 'https://orbit.example',
    contact_us_email: 'contact@orbit.example',
    booking_email: 'bookings@orbit.example',
    sender_email: 'no-reply@orbit.example',
    client_default_payment_method: 'invoice',
    ...overrides,
  }
}

describe('organization list (super only)', () => {
  it('lists with Content-Range, search and sort', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/organization?order=name&direct=desc',
      headers: { cookie: superCookie, range: '0-19' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-range']).toBe('0-2/3')
    expect(response.json().map((o: Json) => o.name)).toEqual([
      'Summit Business Centres',
      'Lagoon Coworking',
      'Harbour Workspaces',
    ])
    const found = await request(superCookie, 'GET', '/api/organization?search=lagoon')
    expect(found.json()).toHaveLength(1)
  })

  it('refuses admins and csr (403) and anonymous callers (401)', async () => {
    expect((await request(harbourAdmin, 'GET', '/api/organization')).statusCode).toBe(403)
    expect((await request(harbourCsr, 'GET', '/api/organization')).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/organization' })).statusCode).toBe(401)
  })
})

describe('reading an organization', () => {
  it('gives an admin their own organization without any secret', async () => {
    const response = await request(harbourAdmin, 'GET', `/api/organization/${HARBOUR}`)
    expect(response.statusCode).toBe(200)
    const view = response.json()
    expect(view).toMatchObject({
      name: 'Harbour Workspaces',
      charge_amenities: 1,
      color_code: '#F06627',
      stripe_secret_key_set: false,
    })
    expect(view).not.toHaveProperty('stripe_secret_key')
    expect(view).not.toHaveProperty('api_token')
  })

  it("answers 404 for another organization's record, on reads and writes", async () => {
    expect((await request(summitAdmin, 'GET', `/api/organization/${HARBOUR}`)).statusCode).toBe(404)
    const form = await formOf(superCookie, HARBOUR)
    expect((await request(summitAdmin, 'PUT', `/api/organization/${HARBOUR}`, form)).statusCode).toBe(404)
    expect((await request(harbourCsr, 'GET', `/api/organization/${SUMMIT}`)).statusCode).toBe(404)
  })
})

describe('creating an organization', () => {
  it('gives every required field its spec message', async () => {
    const response = await request(superCookie, 'POST', '/api/organization', {})
    expect(response.statusCode).toBe(400)
    const { errors } = response.json()
    for (const field of [
      'name',
      'mh_url',
      'street',
      'contact_number',
      'contact_email',
      'website',
      'contact_us_email',
      'booking_email',
      'sender_email',
    ]) {
      expect(errors[field], field).toBe('Please fill out this field')
    }
    for (const field of [
      'country_id',
      'time_format',
      'currency_code',
      'client_default_payment_method',
      'month_id',
      'organization_region_id',
    ]) {
      expect(errors[field], field).toBe('Please select an item in the list')
    }
  })

  it.each([
    [{ street: 'x'.repeat(101) }, 'street', 'Max 100 chars'],
    [{ city: 'Sydney 2000' }, 'city', 'Only Alphabets Allowed. Max 100 chars'],
    [{ state: 'N$W' }, 'state', 'Only Alphabets Allowed. Max 100 chars'],
    [{ postcode: '20-00' }, 'postcode', 'Only numbers and characters are allowed'],
    [{ postcode: '1'.repeat(21) }, 'postcode', 'Max 20 chars'],
    [
      { contact_number: '02 9000 abc' },
      'contact_number',
      'Only numbers and special characters  are Allowed.',
    ],
    [{ contact_email: 'nope' }, 'contact_email', 'Invalid email format. E.g: jane.doe@example.com'],
    [{ website: 'orbit.example' }, 'website', 'Url must start with http E.g: https://www.example.com'],
    [
      { facebook_url: 'facebook.com/orbit' },
      'facebook_url',
      'Url must start with http E.g: https://www.example.com',
    ],
    [{ org_url: 'orbit.example' }, 'org_url', messages.orgUrlMustStartWithWww],
    [{ taxes_percent: 98.75 }, null, null],
    [{ taxes_percent: 100 }, 'taxes_percent', 'Only decimal value allowed between 0-99.'],
    [{ taxes_percent: 10.123 }, 'taxes_percent', 'Only decimal value allowed between 0-99.'],
    [{ monthly_billing: true, invoice_numbering: '' }, 'invoice_numbering', 'Enter Invoice Numbering.'],
    [{ minimum_notice_period: 11 }, 'minimum_notice_period', messages.noticePeriodRange],
    [{ features: { enable_ms_365: true } }, 'ms365_client_id', 'Please, enter MS 365 client id.'],
    [{ features: { enable_ms_365: true } }, 'ms365_tenant_id', 'Please, enter MS 365 tenant id.'],
    [
      { features: { enable_ms_365: true } },
      'ms365_default_client_name',
      'Please, enter MS 365 default client name.',
    ],
  ])('%o → %s', async (overrides, field, message) => {
    const response = await request(
      superCookie,
      'POST',
      '/api/organization',
      newOrganization({ name: `Rules ${Math.random()}`, ...overrides }),
    )
    if (field === null) {
      expect(response.statusCode).toBe(201)
      return
    }
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[field]).toBe(message)
  })

  it('fills the prefixes from the name and applies the defaults', async () => {
    const response = await request(
      superCookie,
      'POST',
      '/api/organization',
      newOrganization({ name: 'Nova Hub' }),
    )
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      booking_prefix: 'MH-NOV',
      refund_prefix: 'CRMH-NOV',
      taxes_label: 'GST',
      taxes_percent: 10,
      month_id: 7,
      mh_plan: 'custom',
      charge_amenities: 1,
    })
    expect(response.json().orgClientTypes).toContain(1)
  })

  it('clears the tax label and type when the percent is empty', async () => {
    const response = await request(
      superCookie,
      'POST',
      '/api/organization',
      newOrganization({ name: 'Taxless Ltd', taxes_label: 'VAT', taxes_type: 'OUTPUT', taxes_percent: '' }),
    )
    expect(response.json()).toMatchObject({ taxes_label: '', taxes_type: '', taxes_percent: null })
  })

  it('refuses a customer id another organization has, and answers the check call', async () => {
    expect(
      (
        await request(
          superCookie,
          'POST',
          '/api/organization',
          newOrganization({ name: 'Cust A', mh_customer_id: 'CUST-1' }),
        )
      ).statusCode,
    ).toBe(201)
    const duplicate = await request(
      superCookie,
      'POST',
      '/api/organization',
      newOrganization({ name: 'Cust B', mh_customer_id: 'CUST-1' }),
    )
    expect(duplicate.statusCode).toBe(400)
    expect(duplicate.json().errors.mh_customer_id).toBe('Customer ID already exists')
    expect(
      (await request(superCookie, 'GET', '/api/organization/customer-id?mh_customer_id=CUST-1')).json(),
    ).toBe('1')
    expect(
      (await request(superCookie, 'GET', '/api/organization/customer-id?mh_customer_id=CUST-2')).json(),
    ).toBe('0')
  })

  it('is for super only', async () => {
    expect((await request(harbourAdmin, 'POST', '/api/organization', newOrganization())).statusCode).toBe(403)
  })

  it('refuses unknown fields', async () => {
    const response = await request(
      superCookie,
      'POST',
      '/api/organization',
      newOrganization({ password: 'x' }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.password).toBe(messages.unknownField('password'))
  })
})

describe('editing an organization', () => {
  it('lets an admin save their organization but refuses, by name, a change to super-only fields (issue 42 item 13)', async () => {
    const form = await formOf(harbourAdmin, HARBOUR)
    const refusals = {
      mh_plan: ['enterprise', 'Plan'],
      licensed_spaces: [999, 'Licensed Spaces'],
      mh_url: ['https://hijack.example', 'Spaceboard URL'],
      features: [{ direct_marketing: false }, 'Features'],
    } as const
    for (const [field, [value, label]] of Object.entries(refusals)) {
      const response = await request(harbourAdmin, 'PUT', `/api/organization/${HARBOUR}`, {
        ...form,
        [field]: value,
      })
      const message = `Only super users can change ${label}.`
      expect(response.statusCode, field).toBe(403)
      expect(response.json()).toEqual({ message, errors: { [field]: message } })
    }
    const response = await request(harbourAdmin, 'PUT', `/api/organization/${HARBOUR}`, {
      ...form,
      description: 'Waterfront meeting rooms',
      features: { direct_marketing: true },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      description: 'Waterfront meeting rooms',
      mh_plan: 'pro',
      licensed_spaces: 25,
      mh_url: 'https://harbour.spaceboard.example',
    })
    expect(response.json().features.direct_marketing).toBe(true)
  })

  it('keeps the prefixes of an admin once they are set', async () => {
    const form = await formOf(harbourAdmin, HARBOUR)
    const response = await request(harbourAdmin, 'PUT', `/api/organization/${HARBOUR}`, {
      ...form,
      booking_prefix: 'HB-',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.booking_prefix).toBe(messages.prefixLocked)
  })

  it('refuses credit card as default payment method to a free-plan admin', async () => {
    const form = await formOf(summitAdmin, SUMMIT)
    const response = await request(summitAdmin, 'PUT', `/api/organization/${SUMMIT}`, {
      ...form,
      client_default_payment_method: 'credit_card',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.client_default_payment_method).toBe(messages.creditCardNotOnFreePlan)
    const bySuper = await request(superCookie, 'PUT', `/api/organization/${SUMMIT}`, {
      ...form,
      client_default_payment_method: 'credit_card',
    })
    expect(bySuper.statusCode).toBe(200)
  })

  it('saves blackout periods, records deleted ones and applies their rules', async () => {
    const form = await formOf(harbourAdmin, HARBOUR)
    const saved = form.blackoutPeriods as Json[]
    const response = await request(harbourAdmin, 'PUT', `/api/organization/${HARBOUR}`, {
      ...form,
      blackoutPeriods: [
        saved[0],
        { blackout_period_start_date: '2030-03-01', blackout_period_end_date: '2030-03-02' },
      ],
      deletedBlackoutPeriods: [saved[1]?.id],
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().blackoutPeriods).toEqual([
      saved[0],
      {
        id: expect.any(Number),
        blackout_period_start_date: '2030-03-01',
        blackout_period_end_date: '2030-03-02',
      },
    ])

    const rule = async (rows: Json[]) =>
      (
        await request(harbourAdmin, 'PUT', `/api/organization/${HARBOUR}`, {
          ...form,
          blackoutPeriods: rows,
          deletedBlackoutPeriods: [],
        })
      ).json()
    expect(
      (await rule([{ blackout_period_start_date: '2030-01-05', blackout_period_end_date: '2030-01-01' }]))
        .errors,
    ).toEqual({
      'blackoutPeriods.0.blackout_period_end_date': 'Start date should be less than end date.',
    })
    expect((await rule([{ blackout_period_end_date: '2030-01-01' }])).errors).toEqual({
      'blackoutPeriods.0.blackout_period_start_date': 'Select blackout period start date.',
    })
    expect((await rule([{ blackout_period_start_date: '2020-01-01' }])).errors).toEqual({
      'blackoutPeriods.0.blackout_period_start_date': messages.blackoutInPast,
    })
    // "Before today" is on the organization's clock (its first location, Sydney), not UTC's: Sydney's
    // today is allowed, its yesterday is past (item 5; between 13:00 and 24:00 UTC the two differ).
    const sydneyToday = todayIn('Australia/Sydney')
    expect((await rule([{ blackout_period_start_date: addDays(sydneyToday, -1) }])).errors).toEqual({
      'blackoutPeriods.0.blackout_period_start_date': messages.blackoutInPast,
    })
    expect((await rule([{ blackout_period_start_date: sydneyToday }])).errors).toBeUndefined()
    const many = Array.from({ length: 21 }, (_, i) => ({
      blackout_period_start_date: `2031-01-${String(i + 1).padStart(2, '0')}`,
    }))
    expect((await rule(many)).errors.blackoutPeriods).toBe(
      'Maximum Blackout Dates reached, please edit an existing date/date range.',
    )
  })

  it('adds and removes client types, amenities and space types as diffs', async () => {
    const form = await formOf(harbourAdmin, HARBOUR)
    const response = await request(harbourAdmin, 'PUT', `/api/organization/${HARBOUR}`, {
      ...form,
      orgAmenities: [6],
      amenitiesCode: { '6': 'LUNCH' },
      amenitiesAccountCode: { '6': '220' },
      removedAmenity: [1],
      orgRoomTypes: ['kitchen'],
      orgRoomTypeCodes: {
        kitchen: { account_code: '230', code: 'KIT' },
        trainingroom: { account_code: '240', code: 'TRN' },
      },
      removedOrgRoomTypes: ['hotdesk'],
    })
    expect(response.statusCode).toBe(200)
    const view = response.json()
    expect(view.orgAmenities).toEqual(expect.arrayContaining([2, 3, 4, 5, 6]))
    expect(view.orgAmenities).not.toContain(1)
    expect(view.amenitiesAccountCode['6']).toBe('220')
    expect(view.orgRoomTypes).toEqual(
      expect.arrayContaining(['meetingroom', 'boardroom', 'trainingroom', 'kitchen']),
    )
    expect(view.orgRoomTypes).not.toContain('hotdesk')
    expect(view.orgRoomTypeCodes.kitchen).toEqual({ account_code: '230', code: 'KIT' })
  })

  it('keeps secrets write-only and encrypted at rest', async () => {
    const form = await formOf(superCookie, HARBOUR)
    const saved = await request(superCookie, 'PUT', `/api/organization/${HARBOUR}`, {
      ...form,
      stripe_secret_key: 'sk_test_secret_value',
      thirdPartyCredentials: { customer_name: 'Harbour', username: 'harbour-api', password: 'tp-password' },
      third_party_org_code: 'NEXUDUS',
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.body).not.toContain('sk_test_secret_value')
    expect(saved.body).not.toContain('tp-password')
    expect(saved.json()).toMatchObject({
      stripe_secret_key_set: true,
      thirdPartyCredentials: { password_set: true },
    })
    const [row] = await t.database.db.select().from(organizations).where(eq(organizations.id, HARBOUR))
    expect(row?.stripeSecretKeyEnc).toBeTruthy()
    expect(row?.stripeSecretKeyEnc).not.toContain('sk_test_secret_value')

    const kept = await request(
      superCookie,
      'PUT',
      `/api/organization/${HARBOUR}`,
      await formOf(superCookie, HARBOUR),
    )
    expect(kept.json().stripe_secret_key_set).toBe(true)
    const cleared = await request(superCookie, 'PUT', `/api/organization/${HARBOUR}`, {
      ...(await formOf(superCookie, HARBOUR)),
      stripe_secret_key: '',
    })
    expect(cleared.json().stripe_secret_key_set).toBe(false)
  })

  it('shows a generated API token once and keeps only its hash', async () => {
    const form = await formOf(superCookie, HARBOUR)
    const response = await request(superCookie, 'PUT', `/api/organization/${HARBOUR}`, {
      ...form,
      generateToken: true,
    })
    const token = response.json().api_token
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    const again = await request(superCookie, 'GET', `/api/organization/${HARBOUR}`)
    expect(again.json()).toMatchObject({ api_token_set: true })
    expect(again.body).not.toContain(token)
  })
})

describe('archive and restore', () => {
  it('archives (users can no longer sign in) and restores with the time format', async () => {
    const archived = await request(superCookie, 'DELETE', `/api/organization/${SUMMIT}`)
    expect(archived.json()).toEqual({ message: 'Success: Organization deactivated successfully.' })
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { backend: 1, email: logins.summitCsr, password: DEMO_PASSWORD },
    })
    expect(signIn.statusCode).toBe(401)
    expect((await request(summitAdmin, 'GET', '/api/profile')).statusCode).toBe(401)

    const restored = await request(superCookie, 'PUT', `/api/organization/${SUMMIT}/restore`, {
      time_format: '',
    })
    expect(restored.statusCode).toBe(200)
    const view = (await request(superCookie, 'GET', `/api/organization/${SUMMIT}`)).json()
    expect(view).toMatchObject({ deleted_at: null, time_format: 'dd/mm' })
    // The archive ended its users' sessions (and so their live streams): restored, they sign in again.
    expect((await request(summitAdmin, 'GET', '/api/profile')).statusCode).toBe(401)
    summitAdmin = await t.signIn(logins.summitAdmin)
    expect((await request(summitAdmin, 'GET', '/api/profile')).statusCode).toBe(200)
  })

  it('is for super only', async () => {
    expect((await request(harbourAdmin, 'DELETE', `/api/organization/${HARBOUR}`)).statusCode).toBe(403)
  })
})

describe('logo upload', () => {
  async function upload(cookie: string, files: { name: string; body: Buffer; type: string }[]) {
    const boundary = '----spaceboard-test'
    const parts = [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fileType"\r\n\r\nthumb\r\n`),
      ...files.map((file) =>
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
          ),
          file.body,
          Buffer.from('\r\n'),
        ]),
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ]
    return t.app.inject({
      method: 'POST',
      url: '/api/organization/logo',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat(parts),
    })
  }
  const png = () =>
    sharp({ create: { width: 300, height: 200, channels: 3, background: '#F06627' } })
      .png()
      .toBuffer()

  it('stores a png as 100×100 and serves it with its real type and nosniff', async () => {
    const response = await upload(harbourAdmin, [{ name: 'logo.png', body: await png(), type: 'image/png' }])
    expect(response.statusCode).toBe(200)
    const url = response.json().file[0].url as string
    expect(url).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.png$/)
    const served = await t.app.inject({ method: 'GET', url })
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 100, height: 100 })
    const form = await formOf(harbourAdmin, HARBOUR)
    const saved = await request(harbourAdmin, 'PUT', `/api/organization/${HARBOUR}`, { ...form, logo: url })
    expect(saved.json().logo).toBe(url)
  })

  it('judges the type by content, not by name', async () => {
    const response = await upload(harbourAdmin, [
      { name: 'logo.png', body: Buffer.from('not an image at all'), type: 'image/png' },
    ])
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ file: [{ error: 'Only png/jpg/jpeg allowed' }] })
  })

  it('refuses more than 1 MB and more than one image', async () => {
    const big = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#123456' } })
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(big.length).toBeGreaterThan(1024 * 1024)
    expect(
      (await upload(harbourAdmin, [{ name: 'big.png', body: big, type: 'image/png' }])).json().file[0].error,
    ).toBe('Photos size cannot exceed 1MB')
    const two = await upload(harbourAdmin, [
      { name: 'a.png', body: await png(), type: 'image/png' },
      { name: 'b.png', body: await png(), type: 'image/png' },
    ])
    expect(two.json().file[0].error).toBe('Maximum of image is 1!!')
  })

  it('refuses a free-plan admin, and a logo URL that is not an upload', async () => {
    expect(
      (await upload(summitAdmin, [{ name: 'logo.png', body: await png(), type: 'image/png' }])).json().file[0]
        .error,
    ).toBe('Upload logo is not allowed in free plan.')
    const form = await formOf(superCookie, HARBOUR)
    const response = await request(superCookie, 'PUT', `/api/organization/${HARBOUR}`, {
      ...form,
      logo: 'https://evil.example/x.png',
    })
    expect(response.statusCode).toBe(400)
  })

  it('never serves a file outside the upload folder', async () => {
    for (const url of ['/uploads/../app-secret', '/uploads/%2e%2e/app-secret', '/uploads/..%2fapp-secret']) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
    }
  })
})

describe('dashboard', () => {
  it("summarises the admin's organization and the platform for super", async () => {
    const admin = (await request(summitAdmin, 'GET', '/api/dashboard')).json()
    expect(admin.organization).toMatchObject({
      name: 'Summit Business Centres',
      mh_plan: 'free',
      licensed_spaces: 3,
    })
    expect(admin.counts).toMatchObject({ users: 3, clients: 1, centers: 2, spaces: 3 })
    const platform = (await request(superCookie, 'GET', '/api/dashboard')).json()
    expect(platform.organization).toBeNull()
    expect(platform.counts.organizations).toBeGreaterThanOrEqual(3)
  })
})
