import { messages } from '@spaceboard/domain'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

// Issue 15 item 2: three organizations called "Blue Ocean Hub" all got MH-BLU / CRMH-BLU, so booking
// numbers collided. Names are unique (any case) among active organizations, prefixes platform-wide,
// and the add form is proposed the next free prefix.

type Json = Record<string, unknown>
let t: TestApp
let superCookie: string
beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
})
afterAll(() => t.close())

const organization = (overrides: Json = {}): Json => ({
  name: 'Blue Ocean Hub',
  mh_url: 'https://blue.spaceboard.example',
  company_registration_number: 'REG-BLUE',
  street: '5 Ocean Way',
  country_id: 2,
  time_format: 'dd/mm',
  currency_code: 'aud',
  month_id: 7,
  organization_region_id: 1,
  color: 'Orange-Grey',
  contact_number: '+61 (2) 9000-1234',
  contact_email: 'hello@blue.example',
  website: 'https://blue.example',
  contact_us_email: 'contact@blue.example',
  booking_email: 'bookings@blue.example',
  sender_email: 'no-reply@blue.example',
  client_default_payment_method: 'invoice',
  ...overrides,
})
const create = (body: Json) => t.api(superCookie, 'POST', '/api/organization', body)
const proposal = async (name: string) =>
  (await t.api(superCookie, 'GET', `/api/organization/prefixes?name=${encodeURIComponent(name)}`)).json()

describe('organization names and prefixes are unique', () => {
  it('proposes MH-BLU, then the next free MH-BL2 and says so; a second "blue ocean hub" is refused', async () => {
    expect(await proposal('Blue Ocean Hub')).toEqual({
      booking_prefix: 'MH-BLU',
      refund_prefix: 'CRMH-BLU',
      default_booking_prefix: 'MH-BLU',
      note: '',
    })
    const first = await create(organization({ booking_prefix: 'MH-BLU', refund_prefix: 'CRMH-BLU' }))
    expect(first.statusCode, first.body).toBe(201)

    const next = await proposal('Blue Ocean Hub')
    expect(next).toMatchObject({ booking_prefix: 'MH-BL2', refund_prefix: 'CRMH-BL2' })
    expect(next.note).toBe(
      'MH-BLU is already used by another organization, so the next free prefix MH-BL2 is proposed.',
    )

    const sameName = await create(organization({ name: 'blue ocean HUB' }))
    expect(sameName.statusCode).toBe(400)
    expect(sameName.json().errors).toMatchObject({ name: messages.organizationNameTaken })

    const samePrefix = await create(
      organization({ name: 'Blue Lagoon', booking_prefix: 'mh-blu', refund_prefix: 'CRMH-BLU' }),
    )
    expect(samePrefix.statusCode).toBe(400)
    expect(samePrefix.json().errors).toMatchObject({
      booking_prefix: messages.bookingPrefixTaken,
      refund_prefix: messages.refundPrefixTaken,
    })

    // Prefixes left empty get the next free ones, never another organization's.
    const second = await create(organization({ name: 'Blue Lagoon', booking_prefix: '', refund_prefix: '' }))
    expect(second.statusCode, second.body).toBe(201)
    expect(second.json()).toMatchObject({ booking_prefix: 'MH-BL2', refund_prefix: 'CRMH-BL2' })
  })

  it('an archived organization frees its name (not its prefixes), and cannot be restored over a new one', async () => {
    const old = await create(organization({ name: 'Coral Point', booking_prefix: '', refund_prefix: '' }))
    expect(old.statusCode, old.body).toBe(201)
    const oldId = old.json().id as number
    expect((await t.api(superCookie, 'DELETE', `/api/organization/${oldId}`)).statusCode).toBe(200)
    const again = await create(organization({ name: 'CORAL POINT', booking_prefix: '', refund_prefix: '' }))
    expect(again.statusCode, again.body).toBe(201)
    expect(again.json().booking_prefix).toBe('MH-CO2')
    const restore = await t.api(superCookie, 'PUT', `/api/organization/${oldId}/restore`, { time_format: '' })
    expect(restore.statusCode).toBe(409)
    expect(restore.json().message).toBe(messages.organizationNameTaken)
  })

  it('renaming onto another active organization’s name is refused; the database refuses duplicates too', async () => {
    const harbour = (
      await t.api(superCookie, 'GET', '/api/organization?search=Harbour', undefined, '0-19')
    ).json()[0]
    const form = (await t.api(superCookie, 'GET', `/api/organization/${harbour.id}`)).json()
    const renamed = await t.api(superCookie, 'PUT', `/api/organization/${harbour.id}`, {
      ...organization(),
      name: 'summit business centres',
      booking_prefix: form.booking_prefix,
      refund_prefix: form.refund_prefix,
    })
    expect(renamed.statusCode).toBe(400)
    expect(renamed.json().errors).toMatchObject({ name: messages.organizationNameTaken })
    await expect(
      t.database.db.execute(sql`update organizations set booking_prefix = 'MH-SUM' where id = ${harbour.id}`),
    ).rejects.toThrow()
    await expect(
      t.database.db.execute(
        sql`update organizations set name = 'SUMMIT BUSINESS CENTRES' where id = ${harbour.id}`,
      ),
    ).rejects.toThrow()
  })

  it('the proposal is for super only', async () => {
    const admin = await t.signIn(logins.harbourAdmin)
    expect((await t.api(admin, 'GET', '/api/organization/prefixes?name=Blue')).statusCode).toBe(403)
  })
})

describe('organization options carry the currency (issue 15 item 9)', () => {
  it('so that every amount is shown with the organization’s currency symbol', async () => {
    const admin = await t.signIn(logins.harbourAdmin)
    const own = (await t.api(admin, 'GET', '/api/organization/options')).json()
    expect(own).toEqual([expect.objectContaining({ name: 'Harbour Workspaces', currency_code: 'aud' })])
    const all = (await t.api(superCookie, 'GET', '/api/organization/options')).json()
    expect(all).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Summit Business Centres', currency_code: 'usd' }),
      ]),
    )
  })

  it('and the reporting flags the reports screen needs (issue 20): exclusion and industry benchmarking', async () => {
    const all = (await t.api(superCookie, 'GET', '/api/organization/options')).json()
    const harbour = all.find((o: { name: string }) => o.name === 'Harbour Workspaces')
    await t.database.db.execute(
      sql`update organizations set exclude_from_reporting = true, features = features || '{"industry_benchmarking_report": true}'::jsonb where id = ${harbour.id}`,
    )
    const admin = await t.signIn(logins.harbourAdmin)
    expect((await t.api(admin, 'GET', '/api/organization/options')).json()).toEqual([
      expect.objectContaining({
        name: 'Harbour Workspaces',
        exclude_from_reporting: true,
        industry_benchmarking_report: true,
      }),
    ])
    const again = (await t.api(superCookie, 'GET', '/api/organization/options')).json()
    expect(again.find((o: { name: string }) => o.name === 'Summit Business Centres')).toMatchObject({
      exclude_from_reporting: false,
      industry_benchmarking_report: false,
    })
  })
})
