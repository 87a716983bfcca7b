import { organizationFieldRules } from '@spaceboard/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { organizationForm } from './form.ts'

// Issue 15 items 11 and 12: finance fields are admin and super only; the Org URL is super's.
// Issue 42 item 13: a change to one by a role without it is refused naming the field, never dropped.

let t: TestApp
let superCookie: string
let harbourAdmin: string
let harbourCsr: string
const HARBOUR = 1

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  harbourCsr = await t.signIn(logins.harbourCsr)
})
afterAll(() => t.close())

type Json = Record<string, unknown>
const view = async () => (await t.api(superCookie, 'GET', `/api/organization/${HARBOUR}`)).json() as Json

/** A payload that changes every finance field of the organization. */
function financeChanges(form: Json): Json {
  const amenities = form.orgAmenities as number[]
  const amenity = String(amenities[0])
  const packages = Object.keys(form.packagesAccountCode as Json)
  return {
    taxes_percent: 21,
    taxes_label: 'VAT',
    taxes_type: 'OUTPUT',
    currency_code: form.currency_code === 'usd' ? 'eur' : 'usd',
    month_id: form.month_id === 1 ? 2 : 1,
    banking_details: 'IBAN XX00 0000',
    monthly_billing: true,
    invoice_numbering: 'INV-9',
    orgBillingSheetColumns: { ...(form.orgBillingSheetColumns as Json), EmailAddress: 'Hijacked email' },
    amenitiesCode: { ...(form.amenitiesCode as Json), [amenity]: 'HIJACK' },
    amenitiesAccountCode: { ...(form.amenitiesAccountCode as Json), [amenity]: '9999' },
    orgRoomTypeCodes: Object.fromEntries(
      (form.orgRoomTypes as string[]).map((type) => [type, { account_code: '9999', code: 'HIJACK' }]),
    ),
    packagesAccountCode: Object.fromEntries(packages.map((id) => [id, '9999'])),
    packagesInventoryItemCode: Object.fromEntries(packages.map((id) => [id, 'HIJACK'])),
  }
}

const financeKeys = [
  'taxes_percent',
  'taxes_label',
  'taxes_type',
  'currency_code',
  'month_id',
  'banking_details',
  'monthly_billing',
  'invoice_numbering',
  'orgBillingSheetColumns',
  'amenitiesCode',
  'amenitiesAccountCode',
  'orgRoomTypeCodes',
  'packagesAccountCode',
  'packagesInventoryItemCode',
] as const
const financeOf = (organization: Json) => Object.fromEntries(financeKeys.map((k) => [k, organization[k]]))

describe('finance fields of the organization', () => {
  it('are refused, by name, to a csr who changes one; saved back unchanged they pass (issue 42 item 13)', async () => {
    const before = await view()
    const form = await organizationForm(t, harbourCsr, HARBOUR)
    const changes = financeChanges(form)
    for (const [field, value] of Object.entries(changes)) {
      // Monthly billing asks for invoice numbering too (a rule checked before who may change it).
      const also = field === 'monthly_billing' ? { invoice_numbering: changes.invoice_numbering } : {}
      const response = await t.api(harbourCsr, 'PUT', `/api/organization/${HARBOUR}`, {
        ...form,
        ...also,
        [field]: value,
      })
      const label = organizationFieldRules[field as keyof typeof organizationFieldRules].label
      const message = `Only super and admin users can change ${label}.`
      expect(response.statusCode, field).toBe(403)
      expect(response.json()).toEqual({ message, errors: { [field]: message } })
    }
    expect(financeOf(await view())).toEqual(financeOf(before))
    const saved = await t.api(harbourCsr, 'PUT', `/api/organization/${HARBOUR}`, {
      ...form,
      description: 'Saved by the csr',
    })
    expect(saved.statusCode).toBe(200)
    expect((await view()).description).toBe('Saved by the csr')
  })

  it('are changed by an admin', async () => {
    const form = await organizationForm(t, harbourAdmin, HARBOUR)
    const changes = financeChanges(form)
    const response = await t.api(harbourAdmin, 'PUT', `/api/organization/${HARBOUR}`, { ...form, ...changes })
    expect(response.statusCode).toBe(200)
    const after = await view()
    expect(after).toMatchObject({
      taxes_percent: 21,
      taxes_label: 'VAT',
      currency_code: changes.currency_code,
      month_id: changes.month_id,
      banking_details: 'IBAN XX00 0000',
      invoice_numbering: 'INV-9',
    })
    expect((after.orgBillingSheetColumns as Json).EmailAddress).toBe('Hijacked email')
    expect(Object.values(after.amenitiesCode as Json)).toContain('HIJACK')
  })
})

describe('the Org URL', () => {
  it('is refused, by name, to admin and csr; super changes it', async () => {
    const before = (await view()).org_url
    for (const cookie of [harbourAdmin, harbourCsr]) {
      const form = await organizationForm(t, cookie, HARBOUR)
      const response = await t.api(cookie, 'PUT', `/api/organization/${HARBOUR}`, {
        ...form,
        org_url: 'www.hijack.example',
      })
      expect(response.statusCode).toBe(403)
      expect(response.json().errors).toEqual({ org_url: 'Only super users can change Org URL.' })
      expect((await view()).org_url).toBe(before)
    }
    const form = await organizationForm(t, superCookie, HARBOUR)
    const response = await t.api(superCookie, 'PUT', `/api/organization/${HARBOUR}`, {
      ...form,
      org_url: 'www.harbour-new.example',
    })
    expect(response.statusCode).toBe(200)
    expect((await view()).org_url).toBe('www.harbour-new.example')
  })
})

describe('a new organization’s defaults (issue 15 item 16)', () => {
  it('are offered to the add form: the no-reply address of MAIL_FROM and the default contact number', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json()
    expect(config.organizationDefaults).toEqual({
      booking_email: 'no-reply@spaceboard.test',
      sender_email: 'no-reply@spaceboard.test',
      contact_number: '+61 2 0000 0000',
    })
    const custom = loadConfig(
      {
        APP_SECRET: 'x',
        MAIL_FROM: 'Rooms <bookings@rooms.example>',
        DEFAULT_CONTACT_NUMBER: '+44 20 0000 0000',
      },
      { webDir: undefined },
    )
    expect(custom.organizationDefaults).toEqual({
      booking_email: 'bookings@rooms.example',
      sender_email: 'bookings@rooms.example',
      contact_number: '+44 20 0000 0000',
    })
  })
})
