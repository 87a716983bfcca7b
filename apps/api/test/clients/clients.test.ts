import { clientOrderKeys, messages } from '@spaceboard/domain'
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientGratisLog, clients, clientTypes, organizations, users } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

let t: TestApp
let superCookie: string
let harbourAdmin: string
let harbourCsr: string
let summitAdmin: string
let summitCsr: string
let acme: number
let denver: number
let standard: number
let corporate: number
let coworking: number
let government: number
const HARBOUR = 1
const SUMMIT = 2
const LAGOON = 3

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  harbourCsr = await t.signIn(logins.harbourCsr)
  summitAdmin = await t.signIn(logins.summitAdmin)
  summitCsr = await t.signIn(logins.summitCsr)
  acme = await clientId('Acme Consulting')
  denver = await clientId('Denver Design Co')
  standard = await typeId('Standard')
  corporate = await typeId('Corporate')
  coworking = await typeId('Coworking Member')
  government = await typeId('Government')
})
afterAll(() => t.close())

type Json = Record<string, unknown>
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const api = (cookie: string | null, method: Method, url: string, payload?: unknown, range?: string) =>
  t.api(cookie, method, url, payload, range)

const list = (cookie: string, query = '', range?: string) =>
  api(cookie, 'GET', `/api/client${query}`, undefined, range)
const namesOf = async (cookie: string, query = '') =>
  (await list(cookie, query)).json().map((c: Json) => c.name)

async function clientId(name: string) {
  const [row] = await t.database.db.select({ id: clients.id }).from(clients).where(eq(clients.name, name))
  if (!row) throw new Error(`no client ${name}`)
  return row.id
}

async function typeId(name: string) {
  const [row] = await t.database.db
    .select({ id: clientTypes.id })
    .from(clientTypes)
    .where(eq(clientTypes.name, name))
  if (!row) throw new Error(`no client type ${name}`)
  return row.id
}

let serial = 0
function newClient(overrides: Json = {}): Json {
  serial++
  return {
    name: `Orbit Partners ${serial}`,
    payment_method: 'invoice',
    clientClientTypes: [standard],
    ...overrides,
  }
}

async function create(cookie: string, overrides: Json = {}) {
  const response = await api(cookie, 'POST', '/api/client', newClient(overrides))
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`)
  return response.json() as Json & { id: number; name: string }
}

/** The edit form's body for a client view. */
function formOf(view: Json, overrides: Json = {}): Json {
  const {
    id: _id,
    organizationName: _organizationName,
    registeredUser: _registeredUser,
    alterUserName: _alterUserName,
    deleted_at: _deletedAt,
    ...form
  } = view
  return { ...form, removedClientType: [], ...overrides }
}

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { backend: 1, email, password } })

const harbourClients = ['Acme Consulting', 'Blue Ocean Legal', 'Coral Tech']

describe('GET /api/client (list)', () => {
  it('gives an admin the clients of their organization with every column, in name order', async () => {
    const response = await list(harbourAdmin, '', '0-19')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-range']).toBe('0-2/3')
    const rows = response.json() as Json[]
    expect(rows.map((r) => r.name)).toEqual(harbourClients)
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      [
        'alterUserName',
        'deleted_at',
        'external_client_id',
        'id',
        'name',
        'organizationName',
        'organization_id',
        'registeredUser',
      ].sort(),
    )
    expect(rows[0]).toMatchObject({
      id: acme,
      external_client_id: 'ACME001',
      organization_id: HARBOUR,
      organizationName: 'Harbour Workspaces',
      registeredUser: 2,
      alterUserName: null,
      deleted_at: null,
    })
  })

  it('pages with Range and answers */total past the end', async () => {
    const page = await list(harbourAdmin, '', '1-1')
    expect(page.headers['content-range']).toBe('1-1/3')
    expect(page.json().map((c: Json) => c.name)).toEqual(['Blue Ocean Legal'])
    const beyond = await list(harbourAdmin, '', '20-39')
    expect(beyond.json()).toEqual([])
    expect(beyond.headers['content-range']).toBe('*/3')
  })

  it('sorts server-side by every column', async () => {
    expect(
      (await list(harbourAdmin, '?order=external_client_id&direct=desc'))
        .json()
        .map((c: Json) => c.external_client_id),
    ).toEqual(['CT003', 'BOL002', 'ACME001'])
    expect(await namesOf(harbourAdmin, '?order=name&direct=desc')).toEqual([...harbourClients].reverse())
    // Acme has two users; the ties (one user each) fall back to the id.
    expect(await namesOf(harbourAdmin, '?order=registeredUser&direct=desc')).toEqual([
      'Acme Consulting',
      'Coral Tech',
      'Blue Ocean Legal',
    ])
    expect(await namesOf(harbourAdmin, '?order=registeredUser&direct=asc')).toEqual([
      'Blue Ocean Legal',
      'Coral Tech',
      'Acme Consulting',
    ])
    const byOrganization = (await list(superCookie, '?order=organizationName&direct=desc')).json()
    expect(byOrganization.map((c: Json) => c.organizationName)).toEqual([
      'Summit Business Centres',
      'Lagoon Coworking',
      'Harbour Workspaces',
      'Harbour Workspaces',
      'Harbour Workspaces',
    ])
    const created = await create(harbourAdmin, { name: 'Registered By Probe' })
    expect(created.alterUserName).toBe('Hannah Harbour')
    const byRegistrar = (await list(harbourAdmin, '?order=alterUserName&direct=asc')).json()
    // PostgreSQL puts NULLs last in ascending order.
    expect(byRegistrar[0]).toMatchObject({ name: 'Registered By Probe', alterUserName: 'Hannah Harbour' })
    for (const order of clientOrderKeys) {
      for (const direct of ['asc', 'desc']) {
        const response = await list(superCookie, `?order=${order}&direct=${direct}`)
        expect(response.statusCode, `${order} ${direct}`).toBe(200)
      }
    }
    await t.database.db.delete(clients).where(eq(clients.id, created.id))
  })

  it('refuses an order outside the whitelist (400)', async () => {
    const response = await list(harbourAdmin, '?order=notes')
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe(messages.invalidOrder(clientOrderKeys))
  })

  it('searches name and Unique Client ID', async () => {
    expect(await namesOf(harbourAdmin, '?search=ocean')).toEqual(['Blue Ocean Legal'])
    expect(await namesOf(harbourAdmin, '?search=ct003')).toEqual(['Coral Tech'])
    const none = await list(harbourAdmin, '?search=Denver')
    expect(none.json()).toEqual([])
    expect(none.headers['content-range']).toBe('*/0')
  })

  it('gives super every organization’s clients, narrowed by organization_id', async () => {
    const all = await list(superCookie)
    expect(all.headers['content-range']).toBe('0-4/5')
    expect(all.json().map((c: Json) => `${c.organizationName}: ${c.name}`)).toEqual([
      'Harbour Workspaces: Acme Consulting',
      'Harbour Workspaces: Blue Ocean Legal',
      'Harbour Workspaces: Coral Tech',
      'Summit Business Centres: Denver Design Co',
      'Lagoon Coworking: Marina Startups',
    ])
    expect(await namesOf(superCookie, `?organization_id=${SUMMIT}`)).toEqual(['Denver Design Co'])
  })

  it('keeps admin and csr to their own organization, whatever they ask for', async () => {
    expect(await namesOf(summitAdmin)).toEqual(['Denver Design Co'])
    expect(await namesOf(summitCsr, `?organization_id=${HARBOUR}`)).toEqual(['Denver Design Co'])
    expect(await namesOf(harbourCsr)).toEqual(harbourClients)
  })

  it('answers the active clients for pickers with all=1', async () => {
    const picker = await list(harbourAdmin, '?all=1')
    expect(picker.statusCode).toBe(200)
    expect(picker.json()).toEqual([
      { id: acme, name: 'Acme Consulting', organization_id: HARBOUR },
      { id: await clientId('Blue Ocean Legal'), name: 'Blue Ocean Legal', organization_id: HARBOUR },
      { id: await clientId('Coral Tech'), name: 'Coral Tech', organization_id: HARBOUR },
    ])
    expect((await list(summitAdmin, `?all=1&organization_id=${HARBOUR}`)).json()).toEqual([
      { id: denver, name: 'Denver Design Co', organization_id: SUMMIT },
    ])
    expect(
      (await list(superCookie, `?all=1&organization_id=${LAGOON}`)).json().map((c: Json) => c.name),
    ).toEqual(['Marina Startups'])
    expect((await list(superCookie, '?all=1')).json()).toHaveLength(5)
  })

  it('answers 401 to an anonymous caller', async () => {
    expect((await api(null, 'GET', '/api/client')).statusCode).toBe(401)
    expect((await api(null, 'GET', '/api/client?all=1')).statusCode).toBe(401)
  })
})

describe('GET /api/client/:id and the gratis log', () => {
  it('gives the whole client form', async () => {
    const response = await api(harbourCsr, 'GET', `/api/client/${acme}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: acme,
      organization_id: HARBOUR,
      organizationName: 'Harbour Workspaces',
      name: 'Acme Consulting',
      external_client_id: 'ACME001',
      city: 'Sydney',
      contact_email: 'accounts@acme.test',
      contact_number: '+61 2 9111 2222',
      payment_method: 'invoice',
      internal_percent_discount_rate: 10,
      additional_discount_rate: 5,
      gartisMinutes: 120,
      clientClientTypes: [standard],
      registeredUser: 2,
      deleted_at: null,
    })
  })

  it('answers the used gratis minutes by month, latest first', async () => {
    // The demo bookings use Acme's gratis minutes: the log is what the table holds, month by month.
    const rows = await t.database.db
      .select({
        usedMonth: clientGratisLog.usedMonth,
        usedMinutes: clientGratisLog.usedMinutes,
        refundedMinutes: clientGratisLog.refundedMinutes,
      })
      .from(clientGratisLog)
      .where(eq(clientGratisLog.clientId, acme))
    expect(rows.length).toBeGreaterThan(0)
    const response = await api(harbourAdmin, 'GET', `/api/client/${acme}/gratis-log`)
    expect(response.statusCode).toBe(200)
    const log = response.json() as { usedMonth: string; usedMinutes: number; refundedMinutes: number }[]
    expect(log).toEqual([...rows].sort((a, b) => b.usedMonth.localeCompare(a.usedMonth)))
    for (const month of log) {
      expect(month.usedMonth).toMatch(/^\d{4}-\d{2}$/)
      // Acme's allowance, net of what cancelled bookings gave back (as createBooking counts it).
      expect(month.usedMinutes - month.refundedMinutes).toBeLessThanOrEqual(120)
    }
  })

  it('answers 404 for a missing id', async () => {
    expect((await api(superCookie, 'GET', '/api/client/999999')).statusCode).toBe(404)
    expect((await api(superCookie, 'GET', '/api/client/999999/gratis-log')).statusCode).toBe(404)
  })
})

describe('GET /api/client/exists', () => {
  const exists = (cookie: string, query: string) => api(cookie, 'GET', `/api/client/exists?${query}`)

  it('answers the JSON string "1" or "0" for a name in the organization', async () => {
    const yes = await exists(harbourAdmin, 'name=acme%20consulting')
    expect(yes.statusCode).toBe(200)
    expect(yes.headers['content-type']).toMatch(/^application\/json/)
    expect(yes.body).toBe('"1"')
    expect(yes.json()).toBe('1')
    expect((await exists(harbourAdmin, 'name=Nobody%20Ltd')).body).toBe('"0"')
    // Editing a client: its own name does not count.
    expect((await exists(harbourAdmin, `name=Acme%20Consulting&id=${acme}`)).body).toBe('"0"')
    expect((await exists(summitAdmin, `name=Acme%20Consulting&organization_id=${HARBOUR}`)).body).toBe('"0"')
    expect((await exists(superCookie, `name=Acme%20Consulting&organization_id=${HARBOUR}`)).body).toBe('"1"')
    expect((await exists(superCookie, `name=Acme%20Consulting&organization_id=${SUMMIT}`)).body).toBe('"0"')
    expect((await exists(harbourAdmin, 'name=')).statusCode).toBe(400)
    expect((await api(null, 'GET', '/api/client/exists?name=Acme')).statusCode).toBe(401)
  })
})

describe('POST /api/client (create)', () => {
  it('creates a client in the admin’s own organization with every field', async () => {
    const response = await api(
      harbourAdmin,
      'POST',
      '/api/client',
      newClient({
        name: 'Harbourside Dental',
        organization_id: SUMMIT,
        external_client_id: 'HD 42',
        street: '12 Pier Street',
        city: 'Sydney',
        state: 'New South Wales',
        country_id: 1,
        postcode: '2000',
        contact_email: 'front@harbourside.test',
        contact_number: '+61 (2) 9000-1111',
        website: 'https://harbourside.test',
        payment_method: 'credit_card',
        company_number: 'ABN 123',
        send_confirmation_only: true,
        access_to_private_room: true,
        notes: 'Prefers the boardroom.',
        internal_percent_discount_rate: 33.333,
        additional_discount_rate: '7.5',
        gartisMinutes: '90',
        clientClientTypes: [standard, coworking],
      }),
    )
    expect(response.statusCode).toBe(201)
    const view = response.json()
    expect(view).toMatchObject({
      organization_id: HARBOUR,
      organizationName: 'Harbour Workspaces',
      name: 'Harbourside Dental',
      external_client_id: 'HD 42',
      city: 'Sydney',
      postcode: '2000',
      payment_method: 'credit_card',
      company_number: 'ABN 123',
      send_confirmation_only: true,
      access_to_private_room: true,
      internal_percent_discount_rate: 33.33,
      additional_discount_rate: 7.5,
      gartisMinutes: 90,
      registeredUser: 0,
      alterUserName: 'Hannah Harbour',
      deleted_at: null,
    })
    expect([...view.clientClientTypes].sort()).toEqual([standard, coworking].sort())
    const [stored] = await t.database.db.select().from(clients).where(eq(clients.id, view.id))
    expect(stored?.internalPercentDiscountRate).toBe('33.33')
    expect(stored?.additionalDiscountRate).toBe('7.50')
  })

  it('rounds discount rates to 2 decimals and takes empty values as 0', async () => {
    const view = await create(harbourAdmin, {
      internal_percent_discount_rate: 12.346,
      additional_discount_rate: '',
      gartisMinutes: '',
    })
    expect(view).toMatchObject({
      internal_percent_discount_rate: 12.35,
      additional_discount_rate: 0,
      gartisMinutes: 0,
    })
    const bounds = await create(harbourAdmin, {
      internal_percent_discount_rate: 100,
      additional_discount_rate: 0,
      gartisMinutes: null,
    })
    expect(bounds).toMatchObject({
      internal_percent_discount_rate: 100,
      additional_discount_rate: 0,
      gartisMinutes: 0,
    })
  })

  it('requires super to choose an organization', async () => {
    const response = await api(superCookie, 'POST', '/api/client', newClient())
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: messages.selectOrganization,
      errors: { organization_id: messages.selectOrganization },
    })
    const unknown = await api(superCookie, 'POST', '/api/client', newClient({ organization_id: 999 }))
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors).toEqual({ organization_id: messages.selectOrganization })
    await t.database.db
      .update(organizations)
      .set({ deletedAt: new Date() })
      .where(eq(organizations.id, LAGOON))
    try {
      const archived = await api(superCookie, 'POST', '/api/client', newClient({ organization_id: LAGOON }))
      expect(archived.statusCode).toBe(400)
      expect(archived.json().errors).toEqual({ organization_id: messages.selectOrganization })
    } finally {
      await t.database.db.update(organizations).set({ deletedAt: null }).where(eq(organizations.id, LAGOON))
    }
    const view = await create(superCookie, { organization_id: LAGOON, name: 'Lagoon Makers' })
    expect(view).toMatchObject({
      organization_id: LAGOON,
      organizationName: 'Lagoon Coworking',
      alterUserName: 'Sam Super',
    })
  })

  const invalid: [field: string, value: unknown, message: string][] = [
    ['name', '', messages.fieldRequired],
    ['name', '   ', messages.fieldRequired],
    ['payment_method', '', messages.selectRequired],
    ['payment_method', 'cash', messages.selectRequired],
    ['external_client_id', 'AB-12', messages.externalClientIdCharacters],
    ['external_client_id', 'A'.repeat(256), messages.externalClientIdCharacters],
    ['city', 'Sydney 2000', messages.alphabetsMax100],
    ['city', 'a'.repeat(101), messages.alphabetsMax100],
    ['state', 'NSW!', messages.alphabetsMax100],
    ['postcode', 'AB 12', messages.postcodeCharacters],
    ['postcode', '2000-1', messages.postcodeCharacters],
    ['postcode', '1'.repeat(21), messages.postcodeMax20],
    ['contact_email', 'accounts@', messages.invalidEmailEg('jane.doe@example.com')],
    ['contact_number', 'call us', messages.contactNumberCharacters],
    ['internal_percent_discount_rate', 100.01, messages.valueAtMost100],
    ['internal_percent_discount_rate', -0.5, messages.valueAtLeast0],
    ['additional_discount_rate', '101', messages.valueAtMost100],
    ['additional_discount_rate', -1, messages.valueAtLeast0],
    ['clientClientTypes', [], messages.checkOneClientType],
    ['gartisMinutes', '12a', messages.gratisDigits],
    ['gartisMinutes', '-15', messages.gratisDigits],
    ['gartisMinutes', '1.5', messages.gratisDigits],
    ['gartisMinutes', '12345678900', messages.gratisDigits],
    ['gartisMinutes', 20, messages.gratisMultipleOf15],
    ['gartisMinutes', '50', messages.gratisMultipleOf15],
  ]
  it.each(invalid)('refuses %s = %j with its spec message', async (field, value, message) => {
    const response = await api(harbourAdmin, 'POST', '/api/client', newClient({ [field]: value }))
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[field]).toBe(message)
  })

  it('requires name and payment method when they are missing', async () => {
    const response = await api(harbourAdmin, 'POST', '/api/client', { clientClientTypes: [standard] })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({
      name: messages.fieldRequired,
      payment_method: messages.selectRequired,
    })
  })

  it('refuses client types the organization cannot use ("Check one Client Type.") and saves nothing', async () => {
    const response = await api(
      harbourAdmin,
      'POST',
      '/api/client',
      newClient({ name: 'Typeless Co', clientClientTypes: [government] }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: messages.checkOneClientType,
      errors: { clientClientTypes: messages.checkOneClientType },
    })
    expect((await api(harbourAdmin, 'GET', '/api/client/exists?name=Typeless%20Co')).body).toBe('"0"')
  })

  it('refuses a name already used in the organization (409), but not in another organization', async () => {
    const duplicate = await api(harbourAdmin, 'POST', '/api/client', newClient({ name: 'ACME consulting' }))
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json()).toEqual({
      message: messages.clientAlreadyExist,
      errors: { name: 'Error: Client already exist.' },
    })
    const elsewhere = await create(summitAdmin, { name: 'Acme Consulting' })
    expect(elsewhere).toMatchObject({ organization_id: SUMMIT, name: 'Acme Consulting' })
  })

  it('refuses, by name, the discounts, Unique Client ID and company number a csr sends (issue 42 item 13)', async () => {
    const refusals = {
      external_client_id: ['CSR1', 'Only super and admin users can change Unique Client ID.'],
      internal_percent_discount_rate: [
        50,
        'Only super and admin users can change Internal Percent Discount Rate.',
      ],
      company_number: ['ABN 999', 'Only super and admin users can change Company Registration Number.'],
    } as const
    for (const [field, [value, message]] of Object.entries(refusals)) {
      const response = await api(
        harbourCsr,
        'POST',
        '/api/client',
        newClient({ name: `Csr ${field}`, [field]: value }),
      )
      expect(response.statusCode, field).toBe(403)
      expect(response.json()).toEqual({ message, errors: { [field]: message } })
    }
    // The form's own starting values (empty, 0) are no change: the create goes through.
    const view = await create(harbourCsr, {
      external_client_id: '',
      internal_percent_discount_rate: 0,
      additional_discount_rate: 0,
      company_number: '',
      gartisMinutes: 30,
    })
    expect(view).toMatchObject({ external_client_id: '', gartisMinutes: 30, organization_id: HARBOUR })
  })

  it('refuses unknown fields and anonymous callers', async () => {
    const unknown = await api(harbourAdmin, 'POST', '/api/client', newClient({ created_by: 1 }))
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors).toEqual({ created_by: messages.unknownField('created_by') })
    expect((await api(null, 'POST', '/api/client', newClient())).statusCode).toBe(401)
  })
})

describe('PUT /api/client/:id (edit)', () => {
  it('saves the form, swaps client types and sends empty gratis minutes as 0', async () => {
    const view = await create(harbourAdmin, { gartisMinutes: 45, clientClientTypes: [standard] })
    const response = await api(
      harbourAdmin,
      'PUT',
      `/api/client/${view.id}`,
      formOf(view, {
        name: `${view.name} Renamed`,
        city: 'Perth',
        gartisMinutes: '',
        clientClientTypes: [corporate],
        removedClientType: [standard],
        internal_percent_discount_rate: 2.5,
      }),
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      name: `${view.name} Renamed`,
      city: 'Perth',
      gartisMinutes: 0,
      clientClientTypes: [corporate],
      internal_percent_discount_rate: 2.5,
    })
  })

  it('refuses removing the last client type', async () => {
    const view = await create(harbourAdmin, { clientClientTypes: [standard] })
    const response = await api(
      harbourAdmin,
      'PUT',
      `/api/client/${view.id}`,
      formOf(view, { clientClientTypes: [government], removedClientType: [standard] }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({ clientClientTypes: messages.checkOneClientType })
    expect((await api(harbourAdmin, 'GET', `/api/client/${view.id}`)).json().clientClientTypes).toEqual([
      standard,
    ])
  })

  it('refuses another client’s name (409) and keeps its own', async () => {
    const view = await create(harbourAdmin)
    const taken = await api(
      harbourAdmin,
      'PUT',
      `/api/client/${view.id}`,
      formOf(view, { name: 'coral tech' }),
    )
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toEqual({
      message: messages.clientAlreadyExist,
      errors: { name: messages.clientAlreadyExist },
    })
    const own = await api(harbourAdmin, 'PUT', `/api/client/${view.id}`, formOf(view, { notes: 'Same name' }))
    expect(own.statusCode).toBe(200)
  })

  it('validates the edit form with the spec messages', async () => {
    const view = await create(harbourAdmin)
    const response = await api(
      harbourAdmin,
      'PUT',
      `/api/client/${view.id}`,
      formOf(view, { additional_discount_rate: 150, gartisMinutes: 10 }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({
      additional_discount_rate: messages.valueAtMost100,
      gartisMinutes: messages.gratisMultipleOf15,
    })
  })

  it('refuses a csr’s change to the discounts, Unique Client ID or company number, by name; unchanged they pass', async () => {
    const view = (await api(harbourAdmin, 'GET', `/api/client/${acme}`)).json()
    const refused = await api(
      harbourCsr,
      'PUT',
      `/api/client/${acme}`,
      formOf(view, { additional_discount_rate: 99, notes: 'Edited by csr' }),
    )
    expect(refused.statusCode).toBe(403)
    expect(refused.json().errors).toEqual({
      additional_discount_rate: 'Only super and admin users can change Additional Discount Rate.',
    })
    const response = await api(
      harbourCsr,
      'PUT',
      `/api/client/${acme}`,
      formOf(view, { notes: 'Edited by csr' }),
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      external_client_id: 'ACME001',
      internal_percent_discount_rate: 10,
      additional_discount_rate: 5,
      company_number: view.company_number,
      notes: 'Edited by csr',
    })
  })
})

describe('archive (DELETE) and restore', () => {
  it('archives the client and all its users, whose sessions end at once; restore brings them all back', async () => {
    const client = await create(harbourAdmin, { name: 'Cascade Holdings' })
    const staff = await api(harbourAdmin, 'POST', '/api/user', {
      type: 'csr',
      first_name: 'Cass',
      last_name: 'Cade',
      email: 'cass.cade@example.test',
      password: 'Secret123!',
      client_id: client.id,
    })
    expect(staff.statusCode).toBe(201)
    const booker = await api(harbourAdmin, 'POST', '/api/user', {
      type: 'basic',
      first_name: 'Bo',
      last_name: 'Cade',
      email: 'bo.cade@example.test',
      password: 'Secret123!',
      company_name: 'Cascade Holdings',
    })
    expect(booker.json().client_id).toBe(client.id)
    const signIn = await login('cass.cade@example.test', 'Secret123!')
    const cookie = `sb_session=${signIn.cookies.find((c) => c.name === 'sb_session')?.value}`
    expect((await api(cookie, 'GET', '/api/profile')).statusCode).toBe(200)
    expect((await api(harbourAdmin, 'GET', `/api/client/${client.id}`)).json().registeredUser).toBe(2)

    const archived = await api(harbourAdmin, 'DELETE', `/api/client/${client.id}`)
    expect(archived.statusCode).toBe(200)
    expect(archived.json()).toEqual({ message: messages.recordArchived })
    expect((await api(cookie, 'GET', '/api/profile')).statusCode).toBe(401)
    expect((await login('cass.cade@example.test', 'Secret123!')).statusCode).toBe(401)
    const view = (await api(harbourAdmin, 'GET', `/api/client/${client.id}`)).json()
    expect(view.deleted_at).not.toBeNull()
    expect(view.registeredUser).toBe(0)
    const members = (await api(harbourAdmin, 'GET', `/api/user?clientId=${client.id}`)).json()
    expect(members.map((u: Json) => u.status)).toEqual(['Archived', 'Archived'])
    // Still listed (for Restore), but gone from the pickers.
    expect(await namesOf(harbourAdmin, '?search=Cascade')).toEqual(['Cascade Holdings'])
    expect((await list(harbourAdmin, '?all=1')).json().map((c: Json) => c.name)).not.toContain(
      'Cascade Holdings',
    )

    const restored = await api(harbourAdmin, 'PUT', `/api/client/${client.id}/restore`, {
      id: client.id,
      code: 'RESTORE',
      deleted_at: null,
    })
    expect(restored.statusCode).toBe(200)
    expect(restored.json()).toEqual({ message: messages.clientRestored })
    expect(messages.clientRestored).toBe(
      'Success: Client activated successfully. All associated users of this client are now active again. If you would like to archive a particular user, please navigate to the user menu and archive each user separately.',
    )
    expect((await api(harbourAdmin, 'GET', `/api/client/${client.id}`)).json()).toMatchObject({
      deleted_at: null,
      registeredUser: 2,
    })
    const after = (await api(harbourAdmin, 'GET', `/api/user?clientId=${client.id}`)).json()
    expect(after.map((u: Json) => u.status)).toEqual(['Active', 'Active'])
    expect((await login('cass.cade@example.test', 'Secret123!')).statusCode).toBe(200)
  })

  it('leaves the users of other clients alone', async () => {
    const client = await create(harbourCsr, { name: 'Solo Works' })
    expect((await api(harbourCsr, 'DELETE', `/api/client/${client.id}`)).statusCode).toBe(200)
    const active = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organizationId, HARBOUR), isNull(users.deletedAt)))
    expect(active.length).toBeGreaterThanOrEqual(6)
    expect((await api(harbourAdmin, 'GET', `/api/client/${acme}`)).json().registeredUser).toBe(2)
  })

  it('refuses a restore body other than {id, code: RESTORE, deleted_at: null}', async () => {
    const client = await create(harbourAdmin)
    await api(harbourAdmin, 'DELETE', `/api/client/${client.id}`)
    for (const body of [
      { id: client.id, code: 'ARCHIVE', deleted_at: null },
      { id: client.id, code: 'RESTORE' },
      { code: 'RESTORE', deleted_at: null },
    ]) {
      const response = await api(harbourAdmin, 'PUT', `/api/client/${client.id}/restore`, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
    }
    expect((await api(harbourAdmin, 'GET', `/api/client/${client.id}`)).json().deleted_at).not.toBeNull()
  })
})

describe('another organization and anonymous callers', () => {
  it("answers 404 on every read and write of another organization's client, and changes nothing", async () => {
    const view = (await api(harbourAdmin, 'GET', `/api/client/${acme}`)).json()
    for (const cookie of [summitAdmin, summitCsr]) {
      expect((await api(cookie, 'GET', `/api/client/${acme}`)).statusCode).toBe(404)
      expect((await api(cookie, 'GET', `/api/client/${acme}/gratis-log`)).statusCode).toBe(404)
      const put = await api(cookie, 'PUT', `/api/client/${acme}`, formOf(view, { name: 'Stolen' }))
      expect(put.statusCode).toBe(404)
      expect(put.json()).toEqual({ message: messages.notFound })
      expect((await api(cookie, 'DELETE', `/api/client/${acme}`)).statusCode).toBe(404)
      const restore = await api(cookie, 'PUT', `/api/client/${acme}/restore`, {
        id: acme,
        code: 'RESTORE',
        deleted_at: null,
      })
      expect(restore.statusCode).toBe(404)
    }
    const after = (await api(harbourAdmin, 'GET', `/api/client/${acme}`)).json()
    expect(after).toMatchObject({ name: 'Acme Consulting', deleted_at: null, registeredUser: 2 })
    expect((await api(harbourAdmin, 'GET', `/api/client/${denver}`)).statusCode).toBe(404)
  })

  it('answers 401 on every route without a session', async () => {
    const calls: [Method, string, unknown?][] = [
      ['GET', `/api/client/${acme}`],
      ['GET', `/api/client/${acme}/gratis-log`],
      ['PUT', `/api/client/${acme}`, newClient()],
      ['DELETE', `/api/client/${acme}`],
      ['PUT', `/api/client/${acme}/restore`, { id: acme, code: 'RESTORE', deleted_at: null }],
    ]
    for (const [method, url, payload] of calls) {
      const response = await api(null, method, url, payload)
      expect(response.statusCode, `${method} ${url}`).toBe(401)
      expect(response.json()).toEqual({ message: messages.notSignedIn })
    }
  })
})

describe('free plan and default client types', () => {
  it('refuses Credit Card to a free-plan admin but not to super', async () => {
    const t2 = await createTestApp()
    const summit = await t2.signIn('admin@summit.test')
    const superUser = await t2.signIn('super@spaceboard.test')
    const payload = { name: 'Card Co', payment_method: 'credit_card', clientClientTypes: [1] }
    const refused = await t2.app.inject({
      method: 'POST',
      url: '/api/client',
      headers: { cookie: summit },
      payload,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors.payment_method).toBe(messages.creditCardNotOnFreePlan)
    const bySuper = await t2.app.inject({
      method: 'POST',
      url: '/api/client',
      headers: { cookie: superUser },
      payload: { ...payload, organization_id: 2 },
    })
    expect(bySuper.statusCode).toBe(201)
    await t2.close()
  })

  it('gives a client made from a new user’s company name the default client types', async () => {
    const t2 = await createTestApp()
    const admin = await t2.signIn('admin@harbour.test')
    const created = await t2.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { cookie: admin },
      payload: {
        type: 'basic',
        first_name: 'Nina',
        last_name: 'New',
        email: 'nina@newco.test',
        password: 'Secret12!',
        company_name: 'NewCo',
        new_client: true,
      },
    })
    expect(created.statusCode).toBe(201)
    const client = await t2.app.inject({
      method: 'GET',
      url: `/api/client/${created.json().client_id}`,
      headers: { cookie: admin },
    })
    expect(client.json().clientClientTypes.length).toBeGreaterThan(0)
    await t2.close()
  })
})
