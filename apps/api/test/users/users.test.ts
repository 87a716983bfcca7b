import { messages, permissionRefusal, userOrderKeys } from '@spaceboard/domain'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients, organizations, users } from '../../src/db/schema/index.ts'
import { createTestApp, DEMO_PASSWORD, logins, type TestApp } from '../helpers.ts'

let t: TestApp
let superCookie: string
let harbourAdmin: string
let harbourCsr: string
let summitAdmin: string
const HARBOUR = 1
const SUMMIT = 2
const LAGOON = 3

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  harbourCsr = await t.signIn(logins.harbourCsr)
  summitAdmin = await t.signIn(logins.summitAdmin)
})
afterAll(() => t.close())

type Json = Record<string, unknown>
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const api = (cookie: string | null, method: Method, url: string, payload?: unknown, range?: string) =>
  t.api(cookie, method, url, payload, range)

const list = (cookie: string, query = '', range?: string) =>
  api(cookie, 'GET', `/api/user${query}`, undefined, range)
const names = (rows: Json[]) => rows.map((r) => `${r.first_name} ${r.last_name}`)

async function userId(email: string) {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no user ${email}`)
  return row.id
}

async function clientId(name: string) {
  const [row] = await t.database.db.select({ id: clients.id }).from(clients).where(eq(clients.name, name))
  if (!row) throw new Error(`no client ${name}`)
  return row.id
}

let serial = 0
/** A valid create payload with a unique e-mail. */
function newUser(overrides: Json = {}): Json {
  serial++
  return {
    type: 'basic',
    first_name: 'Nora',
    last_name: 'Quinn',
    email: `nora.quinn.${serial}@example.test`,
    password: 'Secret123!',
    company_name: 'Acme Consulting',
    ...overrides,
  }
}

async function create(cookie: string, overrides: Json = {}) {
  const response = await api(cookie, 'POST', '/api/user', newUser(overrides))
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`)
  return response.json() as Json & { id: number; email: string }
}

const login = (email: string, password = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { backend: 1, email, password } })

async function cookieOf(email: string, password = DEMO_PASSWORD) {
  const response = await login(email, password)
  expect(response.statusCode).toBe(200)
  const cookie = response.cookies.find((c) => c.name === 'sb_session')
  return `sb_session=${cookie?.value}`
}

const profileStatus = async (cookie: string) => (await api(cookie, 'GET', '/api/profile')).statusCode
const setStatus = (cookie: string, id: number, code: string) =>
  api(cookie, 'PUT', `/api/user/${id}/status`, {
    id,
    code,
    ...(code === 'RESTORE' ? { deleted_at: null } : {}),
  })

const harbourNames = [
  'Alice Nguyen',
  'Arjun Mehta',
  'Bella Rossi',
  'Carlos Diaz',
  'Chris Harbour',
  'Hannah Harbour',
]
const everyName = [
  'Adam Summit',
  'Alice Nguyen',
  'Arjun Mehta',
  'Bella Rossi',
  'Carlos Diaz',
  'Chris Harbour',
  'Cora Summit',
  'Dana Lee',
  'Hannah Harbour',
  'Mei Tan',
  'Sam Super',
]

describe('GET /api/user (list)', () => {
  it('gives an admin the users of their organization only, first name then last name, with Content-Range', async () => {
    const response = await list(harbourAdmin, '', '0-19')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-range']).toBe('0-5/6')
    const rows = response.json() as Json[]
    expect(names(rows)).toEqual(harbourNames)
    expect(rows.every((r) => r.organization_id === HARBOUR)).toBe(true)
    expect(rows.some((r) => r.type === 'super')).toBe(false)
    expect(rows[0]).toMatchObject({
      email: 'alice@acme.test',
      type: 'basic',
      clientName: 'Acme Consulting',
      organizationName: 'Harbour Workspaces',
      status: 'Active',
      deleted_at: null,
    })
    expect(rows[0]).not.toHaveProperty('password_hash')
    expect(rows[0]).not.toHaveProperty('passwordHash')
  })

  it('answers pages through Range and page, and */total past the end', async () => {
    const second = await list(harbourAdmin, '', '2-3')
    expect(second.headers['content-range']).toBe('2-3/6')
    expect(names(second.json())).toEqual(harbourNames.slice(2, 4))
    const beyond = await list(harbourAdmin, '?page=2')
    expect(beyond.json()).toEqual([])
    expect(beyond.headers['content-range']).toBe('*/6')
  })

  it('ignores the organization a non-super user asks for, and their super filters', async () => {
    const response = await list(harbourCsr, `?organization_id=${SUMMIT}&excludeSuper=0`)
    expect(names(response.json())).toEqual(harbourNames)
    const summit = await list(summitAdmin)
    expect(names(summit.json())).toEqual(['Adam Summit', 'Cora Summit', 'Dana Lee'])
    expect(summit.headers['content-range']).toBe('0-2/3')
  })

  it('filters by clientId (the View Users action of the client list)', async () => {
    const acme = await clientId('Acme Consulting')
    const response = await list(harbourAdmin, `?clientId=${acme}`)
    expect(response.headers['content-range']).toBe('0-1/2')
    expect(names(response.json())).toEqual(['Alice Nguyen', 'Arjun Mehta'])
    // Another organization's client gives nothing away.
    const other = await list(summitAdmin, `?clientId=${acme}`)
    expect(other.json()).toEqual([])
    expect(other.headers['content-range']).toBe('*/0')
  })

  it('searches first name, last name, full name, e-mail and client name', async () => {
    expect(names((await list(harbourAdmin, '?search=acme')).json())).toEqual(['Alice Nguyen', 'Arjun Mehta'])
    expect(names((await list(harbourAdmin, '?search=alice%20nguyen')).json())).toEqual(['Alice Nguyen'])
    expect(names((await list(harbourAdmin, '?search=ROSSI')).json())).toEqual(['Bella Rossi'])
    expect(names((await list(harbourAdmin, '?search=coraltech.test')).json())).toEqual(['Carlos Diaz'])
    const none = await list(harbourAdmin, '?search=Dana')
    expect(none.json()).toEqual([])
  })

  it('gives super every user with the organization name, and its filters', async () => {
    const all = await list(superCookie)
    expect(all.headers['content-range']).toBe(`0-10/${everyName.length}`)
    const rows = all.json() as Json[]
    expect(names(rows)).toEqual(everyName)
    expect(rows.find((r) => r.email === 'dana@denverdesign.test')?.organizationName).toBe(
      'Summit Business Centres',
    )
    expect(rows.find((r) => r.email === logins.super)).toMatchObject({
      type: 'super',
      organization_id: null,
      organizationName: null,
    })

    expect(names((await list(superCookie, '?excludeSuper=1')).json())).toEqual(
      everyName.filter((n) => n !== 'Sam Super'),
    )
    expect(names((await list(superCookie, '?userType=csr')).json())).toEqual(['Chris Harbour', 'Cora Summit'])
    expect(names((await list(superCookie, '?userType=admin')).json())).toEqual([
      'Adam Summit',
      'Hannah Harbour',
    ])
    expect(names((await list(superCookie, `?organization_id=${SUMMIT}`)).json())).toEqual([
      'Adam Summit',
      'Cora Summit',
      'Dana Lee',
    ])
    const refused = await list(superCookie, '?userType=owner')
    expect(refused.statusCode).toBe(400)
  })

  it('lets super leave out archived users and users of archived organizations', async () => {
    const bella = await userId('bella@blueocean.test')
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, bella))
    await t.database.db
      .update(organizations)
      .set({ deletedAt: new Date() })
      .where(eq(organizations.id, LAGOON))
    try {
      const withArchived = names((await list(superCookie)).json())
      expect(withArchived).toEqual(everyName)
      const archived = (await list(superCookie)).json().find((r: Json) => r.id === bella)
      expect(archived.status).toBe('Archived')
      expect(names((await list(superCookie, '?excludeArchived=1')).json())).toEqual(
        everyName.filter((n) => n !== 'Bella Rossi'),
      )
      // The super user belongs to no organization and stays.
      expect(names((await list(superCookie, '?excludeInactiveOrganizations=1')).json())).toEqual(
        everyName.filter((n) => n !== 'Mei Tan'),
      )
      const both = await list(
        superCookie,
        '?excludeInactiveOrganizations=true&excludeArchived=true&excludeSuper=true',
      )
      expect(names(both.json())).toEqual(
        everyName.filter((n) => !['Mei Tan', 'Bella Rossi', 'Sam Super'].includes(n)),
      )
      // An admin's list keeps showing archived users (the Restore action needs them).
      expect(names((await list(harbourAdmin, '?excludeArchived=1')).json())).toEqual(harbourNames)
    } finally {
      await t.database.db.update(users).set({ deletedAt: null }).where(eq(users.id, bella))
      await t.database.db.update(organizations).set({ deletedAt: null }).where(eq(organizations.id, LAGOON))
    }
  })

  it('sorts by every whitelisted column in both directions', async () => {
    const byEmail = await list(harbourAdmin, '?order=email&direct=desc')
    expect(byEmail.json().map((r: Json) => r.email)).toEqual([
      'csr@harbour.test',
      'carlos@coraltech.test',
      'bella@blueocean.test',
      'arjun@acme.test',
      'alice@acme.test',
      'admin@harbour.test',
    ])
    const byLast = await list(harbourAdmin, '?order=last_name')
    expect(byLast.json().map((r: Json) => r.last_name)).toEqual([
      'Diaz',
      'Harbour',
      'Harbour',
      'Mehta',
      'Nguyen',
      'Rossi',
    ])
    const byType = await list(harbourAdmin, '?order=type')
    expect(byType.json().map((r: Json) => r.type)).toEqual([
      'admin',
      'basic',
      'basic',
      'basic',
      'basic',
      'csr',
    ])
    const byClient = await list(harbourAdmin, '?order=clientName&direct=asc&search=test')
    expect(
      byClient
        .json()
        .slice(0, 4)
        .map((r: Json) => r.clientName),
    ).toEqual(['Acme Consulting', 'Acme Consulting', 'Blue Ocean Legal', 'Coral Tech'])
    const byOrganization = await list(superCookie, '?order=organizationName&direct=asc')
    const orgNames = byOrganization.json().map((r: Json) => r.organizationName)
    expect(orgNames.slice(0, 6)).toEqual(Array(6).fill('Harbour Workspaces'))
    expect(orgNames.at(-1)).toBeNull()
    const desc = await list(harbourAdmin, '?direct=desc')
    expect(names(desc.json())).toEqual([...harbourNames].reverse())
    for (const order of userOrderKeys) {
      for (const direct of ['asc', 'desc']) {
        const response = await list(superCookie, `?order=${order}&direct=${direct}`)
        expect(response.statusCode, `${order} ${direct}`).toBe(200)
        expect(response.json()).toHaveLength(everyName.length)
      }
    }
  })

  it('refuses an order outside the whitelist and a bad direction (400)', async () => {
    const order = await list(superCookie, '?order=password_hash')
    expect(order.statusCode).toBe(400)
    expect(order.json()).toEqual({
      message: messages.invalidOrder(userOrderKeys),
      errors: { order: messages.invalidOrder(userOrderKeys) },
    })
    const direct = await list(superCookie, '?direct=sideways')
    expect(direct.statusCode).toBe(400)
    expect(direct.json().message).toBe(messages.invalidDirect)
  })

  it('breaks first-name ties by last name', async () => {
    await create(harbourAdmin, { first_name: 'Zara', last_name: 'Young' })
    await create(harbourAdmin, { first_name: 'Zara', last_name: 'Adams' })
    await create(harbourAdmin, { first_name: 'Zac', last_name: 'Zulu' })
    const response = await list(harbourAdmin, '?search=Z')
    expect(names(response.json()).filter((n) => n.startsWith('Za'))).toEqual([
      'Zac Zulu',
      'Zara Adams',
      'Zara Young',
    ])
  })

  it('answers 401 to an anonymous caller', async () => {
    const response = await api(null, 'GET', '/api/user')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: messages.notSignedIn })
  })
})

describe('GET /api/user/:id (detail)', () => {
  it('shows name, e-mail, role, register date, status, phone, client and organization', async () => {
    const alice = await userId('alice@acme.test')
    const response = await api(harbourCsr, 'GET', `/api/user/${alice}`)
    expect(response.statusCode).toBe(200)
    const view = response.json()
    expect(view).toMatchObject({
      id: alice,
      type: 'basic',
      first_name: 'Alice',
      last_name: 'Nguyen',
      email: 'alice@acme.test',
      mobile: '',
      client_id: await clientId('Acme Consulting'),
      clientName: 'Acme Consulting',
      clientEmail: 'accounts@acme.test',
      company_name: 'Acme Consulting',
      organization_id: HARBOUR,
      organizationName: 'Harbour Workspaces',
      status: 'Active',
      deleted_at: null,
      lastLogin: null,
      exclude_from_reporting: false,
    })
    expect(Number.isNaN(Date.parse(view.created_at))).toBe(false)
    expect(view).not.toHaveProperty('password_hash')
    expect(view).not.toHaveProperty('clientDeletedAt')
  })

  it("answers 404 for another organization's user, the super user and a missing id", async () => {
    const alice = await userId('alice@acme.test')
    expect((await api(summitAdmin, 'GET', `/api/user/${alice}`)).statusCode).toBe(404)
    expect((await api(harbourAdmin, 'GET', `/api/user/${await userId(logins.super)}`)).statusCode).toBe(404)
    const missing = await api(superCookie, 'GET', '/api/user/999999')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: messages.notFound })
    expect((await api(superCookie, 'GET', '/api/user/1e3')).statusCode).toBe(400)
    expect((await api(superCookie, 'GET', `/api/user/${alice}`)).statusCode).toBe(200)
  })
})

describe('GET /api/user/email-exists', () => {
  it('tells whether the e-mail is taken, case-insensitively, except by the edited user', async () => {
    const check = async (query: string) =>
      (await api(harbourAdmin, 'GET', `/api/user/email-exists?${query}`)).json()
    expect(await check('email=ALICE@acme.test')).toEqual({ exists: true })
    expect(await check('email=nobody@example.test')).toEqual({ exists: false })
    const alice = await userId('alice@acme.test')
    expect(await check(`email=alice@acme.test&id=${alice}`)).toEqual({ exists: false })
    expect(await check(`email=arjun@acme.test&id=${alice}`)).toEqual({ exists: true })
    expect((await api(harbourAdmin, 'GET', '/api/user/email-exists')).statusCode).toBe(400)
    expect((await api(null, 'GET', '/api/user/email-exists?email=a@b.co')).statusCode).toBe(401)
  })

  it("answers within the caller's organization only; super about every user (issue 15 item 23)", async () => {
    const check = async (cookie: string, email: string) =>
      (await api(cookie, 'GET', `/api/user/email-exists?email=${encodeURIComponent(email)}`)).json()
    // Another organization's user and the super user are not the admin's to know about.
    expect(await check(summitAdmin, 'alice@acme.test')).toEqual({ exists: false })
    expect(await check(summitAdmin, logins.harbourAdmin)).toEqual({ exists: false })
    expect(await check(harbourCsr, logins.super)).toEqual({ exists: false })
    expect(await check(summitAdmin, logins.summitCsr)).toEqual({ exists: true })
    expect(await check(superCookie, 'alice@acme.test')).toEqual({ exists: true })
    expect(await check(superCookie, logins.super)).toEqual({ exists: true })
  })
})

describe('POST /api/user (create)', () => {
  it('creates a user in the admin’s own organization, linked to the existing client of that name', async () => {
    const response = await api(
      harbourAdmin,
      'POST',
      '/api/user',
      newUser({ company_name: 'acme consulting', organization_id: SUMMIT, mobile: '+61 (2) 9000-1234' }),
    )
    expect(response.statusCode).toBe(201)
    const view = response.json()
    expect(view).toMatchObject({
      type: 'basic',
      first_name: 'Nora',
      organization_id: HARBOUR,
      client_id: await clientId('Acme Consulting'),
      clientName: 'Acme Consulting',
      mobile: '+61 (2) 9000-1234',
      createdByName: 'Hannah Harbour',
      status: 'Active',
      exclude_from_reporting: false,
    })
    expect(view).not.toHaveProperty('password')
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, view.id))
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/)
  })

  it('creates a new client from company_name only when asked to, never a second one of a name (issue 15 item 3)', async () => {
    // A typed name that matches no client is refused: no silent duplicate client from a typo.
    const typo = await api(harbourAdmin, 'POST', '/api/user', newUser({ company_name: 'Nimbus Labs' }))
    expect(typo.statusCode).toBe(400)
    expect(typo.json()).toEqual({
      message: messages.userClientNotFound,
      errors: { company_name: messages.userClientNotFound },
    })
    expect(
      await t.database.db.select().from(clients).where(sql`lower(${clients.name}) = 'nimbus labs'`),
    ).toEqual([])
    const view = await create(harbourAdmin, { company_name: 'Nimbus Labs', new_client: true })
    const [client] = await t.database.db.select().from(clients).where(eq(clients.name, 'Nimbus Labs'))
    expect(client).toMatchObject({ organizationId: HARBOUR, paymentMethod: 'invoice', deletedAt: null })
    expect(view.client_id).toBe(client?.id)
    const picker = await api(harbourAdmin, 'GET', '/api/client?all=1')
    expect(picker.json().map((c: Json) => c.name)).toContain('Nimbus Labs')
    // A second user naming it joins the same client.
    const second = await create(harbourAdmin, { company_name: 'NIMBUS LABS' })
    expect(second.client_id).toBe(client?.id)
    // Asking for a new client of a name the organization has (any case) is refused.
    const duplicate = await api(
      harbourAdmin,
      'POST',
      '/api/user',
      newUser({ company_name: 'nimbus labs', new_client: true }),
    )
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json()).toEqual({
      message: messages.clientAlreadyExist,
      errors: { company_name: messages.clientAlreadyExist },
    })
    const [{ n } = { n: 0 }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(clients)
      .where(sql`lower(${clients.name}) = 'nimbus labs'`)
    expect(n).toBe(1)
  })

  it('takes a client_id of the organization, and refuses one of another organization', async () => {
    const coral = await clientId('Coral Tech')
    const view = await create(harbourCsr, { client_id: coral, company_name: '' })
    expect(view).toMatchObject({ client_id: coral, clientName: 'Coral Tech', organization_id: HARBOUR })
    const denver = await clientId('Denver Design Co')
    const refused = await api(harbourAdmin, 'POST', '/api/user', newUser({ client_id: denver }))
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({
      message: messages.clientNotInOrganization,
      errors: { client_id: messages.clientNotInOrganization },
    })
  })

  it('refuses to give a new user an archived client, by id or by name', async () => {
    const archived = await create(harbourAdmin, { company_name: 'Dormant Holdings', new_client: true })
    expect((await api(harbourAdmin, 'DELETE', `/api/client/${archived.client_id}`)).statusCode).toBe(200)
    const byId = await api(harbourAdmin, 'POST', '/api/user', newUser({ client_id: archived.client_id }))
    expect(byId.statusCode).toBe(400)
    expect(byId.json()).toEqual({
      message: messages.userClientArchived,
      errors: { client_id: messages.userClientArchived },
    })
    const byName = await api(harbourAdmin, 'POST', '/api/user', newUser({ company_name: 'dormant holdings' }))
    expect(byName.statusCode).toBe(400)
    expect(byName.json().errors).toEqual({ company_name: messages.userClientArchived })
    const active = await create(harbourAdmin)
    const moved = await api(harbourAdmin, 'PUT', `/api/user/${active.id}`, {
      type: 'basic',
      first_name: 'Nora',
      last_name: 'Quinn',
      email: active.email,
      company_name: 'Dormant Holdings',
    })
    expect(moved.statusCode).toBe(400)
    expect(moved.json().errors).toEqual({ company_name: messages.userClientArchived })
  })

  it('requires super to choose an organization, and an active one', async () => {
    const missing = await api(superCookie, 'POST', '/api/user', newUser({ type: 'admin' }))
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({
      message: messages.selectOrganization,
      errors: { organization_id: messages.selectOrganization },
    })
    const unknown = await api(
      superCookie,
      'POST',
      '/api/user',
      newUser({ type: 'admin', organization_id: 999 }),
    )
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors).toEqual({ organization_id: messages.selectOrganization })
    const view = await create(superCookie, {
      type: 'admin',
      organization_id: LAGOON,
      company_name: 'Marina Startups',
      exclude_from_reporting: true,
    })
    expect(view).toMatchObject({
      organization_id: LAGOON,
      organizationName: 'Lagoon Coworking',
      clientName: 'Marina Startups',
      exclude_from_reporting: true,
    })
    const superUser = await create(superCookie, { type: 'super', company_name: 'Ignored' })
    expect(superUser).toMatchObject({ type: 'super', organization_id: null, client_id: null })
  })

  it('refuses exclude_from_reporting from anyone but super, by name (issue 42 item 13)', async () => {
    const response = await api(harbourAdmin, 'POST', '/api/user', newUser({ exclude_from_reporting: true }))
    const message = 'Only super users can change Exclude from Reporting.'
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ message, errors: { exclude_from_reporting: message } })
    const view = await create(harbourAdmin, { exclude_from_reporting: false })
    expect(view.exclude_from_reporting).toBe(false)
  })

  it('answers 409 "User already exist" for an e-mail already used, whatever its case', async () => {
    const response = await api(
      harbourAdmin,
      'POST',
      '/api/user',
      newUser({ email: 'Dana@DenverDesign.test' }),
    )
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      message: messages.userAlreadyExist,
      errors: { email: messages.userAlreadyExist },
    })
  })

  it('lets a csr create basic users only (admin or csr → 403)', async () => {
    for (const type of ['admin', 'csr']) {
      const response = await api(harbourCsr, 'POST', '/api/user', newUser({ type }))
      expect(response.statusCode, type).toBe(403)
      expect(response.json().message).toBe(messages.csrCannotCreateStaff)
    }
    const superByCsr = await api(harbourCsr, 'POST', '/api/user', newUser({ type: 'super' }))
    expect(superByCsr.json()).toEqual({ message: messages.onlySuperCreatesSuper })
    const basic = await create(harbourCsr, { type: 'basic' })
    expect(basic.organization_id).toBe(HARBOUR)
    // An admin creates admins and csr, but no super user.
    expect((await create(harbourAdmin, { type: 'csr' })).type).toBe('csr')
    expect((await create(harbourAdmin, { type: 'admin' })).type).toBe('admin')
    expect((await api(harbourAdmin, 'POST', '/api/user', newUser({ type: 'super' }))).statusCode).toBe(403)
  })

  it('names the real rule in every refusal of a user type (issue 15 item 13)', async () => {
    // An admin creating a super user was told about CSRs.
    const superByAdmin = await api(harbourAdmin, 'POST', '/api/user', newUser({ type: 'super' }))
    expect(superByAdmin.statusCode).toBe(403)
    expect(superByAdmin.json()).toEqual({ message: messages.onlySuperCreatesSuper })

    const csr = await create(harbourAdmin, { type: 'csr' })
    const edit = (cookie: string, type: string) =>
      api(cookie, 'PUT', `/api/user/${csr.id}`, {
        type,
        first_name: 'Nora',
        last_name: 'Quinn',
        email: csr.email,
        client_id: csr.client_id,
      })
    expect((await edit(harbourAdmin, 'super')).json()).toEqual({ message: messages.onlySuperCreatesSuper })
    expect((await edit(superCookie, 'super')).json()).toEqual({ message: messages.superTypeLocked })
    // A csr managing a csr (another staff user) is told a CSR manages basic users only.
    expect((await edit(harbourCsr, 'csr')).json()).toEqual({ message: messages.csrManagesBasicOnly })
    const own = await cookieOf(csr.email, 'Secret123!')
    expect((await edit(own, 'admin')).json()).toEqual({ message: messages.ownTypeLocked })
    const remove = await api(harbourAdmin, 'PUT', `/api/user/${csr.id}/status`, { code: 'PERMENANT' })
    expect(remove.json()).toEqual({ message: permissionRefusal('users.delete') })
  })

  const invalid: [field: string, value: unknown, message: string][] = [
    ['first_name', '', messages.fieldRequired],
    ['first_name', 'J0hn', messages.alphabetsMax255],
    ['first_name', 'a'.repeat(256), messages.alphabetsMax255],
    ['last_name', "O'Brien", messages.alphabetsMax255],
    ['last_name', '', messages.fieldRequired],
    ['email', '', messages.fieldRequired],
    ['email', 'not-an-email', messages.invalidEmail],
    ['mobile', '12ab', messages.invalidPhone],
    ['company_phone', 'call me', messages.invalidPhone],
    ['company_email', 'bad@', messages.invalidEmail],
    ['street', 'x'.repeat(101), messages.max100],
    ['city', 'Sydney 2000', messages.alphabetsMax255],
    ['city', 'a'.repeat(256), messages.alphabetsMax255],
    ['state', 'N5W', messages.alphabetsMax100],
    ['state', 'a'.repeat(101), messages.alphabetsMax100],
    ['postcode', '20-00', messages.postcodeCharacters],
    ['postcode', '1'.repeat(21), messages.postcodeMax20],
    ['password', '', messages.fieldRequired],
    ['type', 'owner', messages.selectRequired],
  ]
  it.each(invalid)('refuses %s = %j with its spec message', async (field, value, message) => {
    const response = await api(harbourAdmin, 'POST', '/api/user', newUser({ [field]: value }))
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[field]).toBe(message)
  })

  it('requires type, password and company_name (or a client) on create', async () => {
    const { type: _type, password: _password, ...rest } = newUser()
    const response = await api(harbourAdmin, 'POST', '/api/user', rest)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({
      type: messages.selectRequired,
      password: messages.fieldRequired,
    })
    const noCompany = await api(harbourAdmin, 'POST', '/api/user', newUser({ company_name: '' }))
    expect(noCompany.statusCode).toBe(400)
    expect(noCompany.json()).toEqual({
      message: messages.fieldRequired,
      errors: { company_name: messages.fieldRequired },
    })
    const unknown = await api(harbourAdmin, 'POST', '/api/user', newUser({ password_hash: 'x' }))
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors).toEqual({ password_hash: messages.unknownField('password_hash') })
  })

  it('accepts the edges of every rule', async () => {
    const view = await create(harbourAdmin, {
      first_name: 'José María',
      last_name: 'a'.repeat(255),
      street: 'x'.repeat(100),
      city: 'São Paulo',
      state: 'b'.repeat(100),
      postcode: 'SW1A 1AA',
      mobile: '+61 (2) 9000-1234',
      company_email: 'accounts@example.test',
      company_phone: '02 9000 1234',
      country_id: 1,
    })
    expect(view).toMatchObject({
      first_name: 'José María',
      city: 'São Paulo',
      postcode: 'SW1A 1AA',
      country_id: 1,
    })
    expect(view.countryName).toEqual(expect.any(String))
  })

  it('answers 401 to an anonymous caller', async () => {
    expect((await api(null, 'POST', '/api/user', newUser())).statusCode).toBe(401)
  })
})

describe('PUT /api/user/:id (edit)', () => {
  /** The create payload of a view, without the password (the edit form's body). */
  const formOf = (view: Json, overrides: Json = {}) => ({
    type: view.type,
    first_name: view.first_name,
    last_name: view.last_name,
    email: view.email,
    mobile: view.mobile,
    client_id: view.client_id,
    company_name: view.company_name,
    company_email: view.company_email,
    company_phone: view.company_phone,
    street: view.street,
    city: view.city,
    state: view.state,
    country_id: view.country_id,
    postcode: view.postcode,
    ...overrides,
  })

  it('saves every field and keeps the user’s own e-mail', async () => {
    const view = await create(harbourAdmin)
    const response = await api(
      harbourAdmin,
      'PUT',
      `/api/user/${view.id}`,
      formOf(view, { first_name: 'Norah', mobile: '0400 000 000', city: 'Hobart', state: 'Tasmania' }),
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: view.id,
      first_name: 'Norah',
      email: view.email,
      mobile: '0400 000 000',
      city: 'Hobart',
      state: 'Tasmania',
    })
  })

  it('moves the user to another client of the organization by company_name', async () => {
    const view = await create(harbourAdmin)
    const response = await api(
      harbourAdmin,
      'PUT',
      `/api/user/${view.id}`,
      formOf(view, { client_id: null, company_name: 'Blue Ocean Legal' }),
    )
    expect(response.json().clientName).toBe('Blue Ocean Legal')
    const denver = await clientId('Denver Design Co')
    const refused = await api(
      harbourAdmin,
      'PUT',
      `/api/user/${view.id}`,
      formOf(view, { client_id: denver }),
    )
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toEqual({ client_id: messages.clientNotInOrganization })
  })

  it('answers 409 "Email already exist" for the e-mail of another user', async () => {
    const view = await create(harbourAdmin)
    const response = await api(
      harbourAdmin,
      'PUT',
      `/api/user/${view.id}`,
      formOf(view, { email: 'ARJUN@acme.test' }),
    )
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      message: messages.emailAlreadyExist,
      errors: { email: messages.emailAlreadyExist },
    })
  })

  it.each([
    ['first_name', 'R2D2', messages.alphabetsMax255],
    ['email', 'nope', messages.invalidEmail],
    ['mobile', 'abc', messages.invalidPhone],
    ['street', 'y'.repeat(101), messages.max100],
    ['state', 'Q1d', messages.alphabetsMax100],
    ['postcode', '4000!', messages.postcodeCharacters],
  ])('refuses %s = %j with its spec message on edit too', async (field, value, message) => {
    const view = await create(harbourAdmin)
    const response = await api(harbourAdmin, 'PUT', `/api/user/${view.id}`, formOf(view, { [field]: value }))
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[field]).toBe(message)
  })

  it('refuses a password in the edit form (it has its own dialog)', async () => {
    const view = await create(harbourAdmin)
    const response = await api(harbourAdmin, 'PUT', `/api/user/${view.id}`, formOf(view, { password: 'x' }))
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.password).toBe(messages.unknownField('password'))
  })

  it('keeps a csr to basic users: no editing staff, no promotion (403)', async () => {
    const admin = await create(harbourAdmin, { type: 'admin' })
    const editAdmin = await api(
      harbourCsr,
      'PUT',
      `/api/user/${admin.id}`,
      formOf(admin, { first_name: 'Eve' }),
    )
    expect(editAdmin.statusCode).toBe(403)
    const basic = await create(harbourCsr)
    const promote = await api(harbourCsr, 'PUT', `/api/user/${basic.id}`, formOf(basic, { type: 'admin' }))
    expect(promote.statusCode).toBe(403)
    const fine = await api(harbourCsr, 'PUT', `/api/user/${basic.id}`, formOf(basic, { last_name: 'Quill' }))
    expect(fine.statusCode).toBe(200)
  })

  it('does not let a user change their own type', async () => {
    const hannah = (await api(harbourAdmin, 'GET', `/api/user/${await userId(logins.harbourAdmin)}`)).json()
    const response = await api(harbourAdmin, 'PUT', `/api/user/${hannah.id}`, formOf(hannah, { type: 'csr' }))
    expect(response.statusCode).toBe(403)
    const same = await api(
      harbourAdmin,
      'PUT',
      `/api/user/${hannah.id}`,
      formOf(hannah, { mobile: '0411 111 111' }),
    )
    expect(same.statusCode).toBe(200)
  })

  it("answers 404 for another organization's user and leaves it untouched", async () => {
    const alice = (await api(superCookie, 'GET', `/api/user/${await userId('alice@acme.test')}`)).json()
    const response = await api(
      summitAdmin,
      'PUT',
      `/api/user/${alice.id}`,
      formOf(alice, { first_name: 'Mallory' }),
    )
    expect(response.statusCode).toBe(404)
    const after = (await api(superCookie, 'GET', `/api/user/${alice.id}`)).json()
    expect(after.first_name).toBe('Alice')
  })
})

describe('PUT /api/user/:id/password (Change password dialog)', () => {
  it('refuses a mismatch with "Password does not match." and empty fields', async () => {
    const view = await create(harbourAdmin, { type: 'csr' })
    const mismatch = await api(harbourAdmin, 'PUT', `/api/user/${view.id}/password`, {
      password: 'NewSecret1!',
      confirm_password: 'NewSecret2!',
    })
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json()).toEqual({
      message: messages.passwordDoesNotMatch,
      errors: { confirm_password: messages.passwordDoesNotMatch },
    })
    const empty = await api(harbourAdmin, 'PUT', `/api/user/${view.id}/password`, {
      password: '',
      confirm_password: '',
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors).toMatchObject({ password: messages.fieldRequired })
  })

  it('sets the new password: it signs in, the old one no longer does', async () => {
    const view = await create(harbourAdmin, { type: 'csr', password: 'OldSecret1!' })
    expect((await login(view.email, 'OldSecret1!')).statusCode).toBe(200)
    const response = await api(harbourAdmin, 'PUT', `/api/user/${view.id}/password`, {
      password: 'NewSecret1!',
      confirm_password: 'NewSecret1!',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: messages.passwordUpdated })
    expect((await login(view.email, 'NewSecret1!')).statusCode).toBe(200)
    const old = await login(view.email, 'OldSecret1!')
    expect(old.statusCode).toBe(401)
    expect(old.json()).toEqual({ message: messages.invalidCredentials })
  })

  it("answers 404 for another organization's user and 403 for a csr on an admin", async () => {
    const alice = await userId('alice@acme.test')
    const body = { password: 'Hacked1!', confirm_password: 'Hacked1!' }
    expect((await api(summitAdmin, 'PUT', `/api/user/${alice}/password`, body)).statusCode).toBe(404)
    const admin = await userId(logins.harbourAdmin)
    expect((await api(harbourCsr, 'PUT', `/api/user/${admin}/password`, body)).statusCode).toBe(403)
    expect((await login(logins.harbourAdmin)).statusCode).toBe(200)
  })
})

describe('PUT /api/user/:id/status (archive, restore, permanent delete)', () => {
  it('archives: the user’s sessions end at once and they cannot sign in; restore lets them back', async () => {
    const view = await create(harbourAdmin, { type: 'csr' })
    const cookie = await cookieOf(view.email, 'Secret123!')
    expect(await profileStatus(cookie)).toBe(200)

    const archived = await setStatus(harbourAdmin, view.id, 'ARCHIVE')
    expect(archived.statusCode).toBe(200)
    expect(archived.json()).toEqual({ message: messages.userDeactivated })
    expect(await profileStatus(cookie)).toBe(401)
    const refused = await login(view.email, 'Secret123!')
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toEqual({ message: messages.invalidCredentials })
    const detail = (await api(harbourAdmin, 'GET', `/api/user/${view.id}`)).json()
    expect(detail.status).toBe('Archived')
    expect(detail.deleted_at).not.toBeNull()

    const restored = await setStatus(harbourAdmin, view.id, 'RESTORE')
    expect(restored.json()).toEqual({ message: messages.userActivated })
    expect((await api(harbourAdmin, 'GET', `/api/user/${view.id}`)).json()).toMatchObject({
      status: 'Active',
      deleted_at: null,
    })
    expect((await login(view.email, 'Secret123!')).statusCode).toBe(200)
  })

  it('refuses to restore a user whose client is archived', async () => {
    const view = await create(harbourAdmin, { company_name: 'Sunset Partners', new_client: true })
    const archiveClient = await api(harbourAdmin, 'DELETE', `/api/client/${view.client_id}`)
    expect(archiveClient.statusCode).toBe(200)
    const response = await setStatus(harbourAdmin, view.id, 'RESTORE')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: messages.userClientArchived })
    expect(messages.userClientArchived).toBe(
      'The client for this user is archived. Please, restore the client or change the client.',
    )
    const archived = (await api(harbourAdmin, 'GET', `/api/user/${view.id}`)).json()
    expect(archived.status).toBe('Archived')

    // The user keeps the archived client through an edit; changing the client makes the restore possible.
    const edit = (overrides: Json) =>
      api(harbourAdmin, 'PUT', `/api/user/${view.id}`, {
        type: 'basic',
        first_name: archived.first_name,
        last_name: archived.last_name,
        email: archived.email,
        client_id: archived.client_id,
        company_name: archived.company_name,
        ...overrides,
      })
    expect((await edit({ mobile: '0400 222 333' })).statusCode).toBe(200)
    const moved = await edit({ client_id: await clientId('Coral Tech'), company_name: 'Coral Tech' })
    expect(moved.json().clientName).toBe('Coral Tech')
    expect((await setStatus(harbourAdmin, view.id, 'RESTORE')).json()).toEqual({
      message: messages.userActivated,
    })
  })

  it('deletes permanently for super only (admin → 403)', async () => {
    const view = await create(harbourAdmin, { type: 'csr' })
    const cookie = await cookieOf(view.email, 'Secret123!')
    const byAdmin = await setStatus(harbourAdmin, view.id, 'PERMENANT')
    expect(byAdmin.statusCode).toBe(403)
    expect((await api(harbourAdmin, 'GET', `/api/user/${view.id}`)).statusCode).toBe(200)
    const bySuper = await setStatus(superCookie, view.id, 'PERMENANT')
    expect(bySuper.statusCode).toBe(200)
    expect(bySuper.json()).toEqual({ message: messages.recordDeleted })
    expect((await api(superCookie, 'GET', `/api/user/${view.id}`)).statusCode).toBe(404)
    expect(await profileStatus(cookie)).toBe(401)
  })

  it('lets nobody archive or delete themselves (400)', async () => {
    for (const [cookie, email] of [
      [harbourAdmin, logins.harbourAdmin],
      [superCookie, logins.super],
    ] as const) {
      const id = await userId(email)
      for (const code of ['ARCHIVE', 'PERMENANT']) {
        const response = await setStatus(cookie, id, code)
        expect(response.statusCode, `${email} ${code}`).toBe(400)
        expect(response.json()).toEqual({ message: messages.cannotArchiveSelf })
      }
    }
    expect(await profileStatus(harbourAdmin)).toBe(200)
    expect(await profileStatus(superCookie)).toBe(200)
  })

  it('keeps a csr to basic users and answers 404 across organizations', async () => {
    const admin = await userId(logins.harbourAdmin)
    expect((await setStatus(harbourCsr, admin, 'ARCHIVE')).statusCode).toBe(403)
    const basic = await create(harbourAdmin)
    expect((await setStatus(harbourCsr, basic.id, 'ARCHIVE')).statusCode).toBe(200)
    expect((await setStatus(harbourCsr, basic.id, 'RESTORE')).statusCode).toBe(200)
    const dana = await userId('dana@denverdesign.test')
    for (const code of ['ARCHIVE', 'RESTORE', 'PERMENANT']) {
      expect((await setStatus(harbourAdmin, dana, code)).statusCode, code).toBe(404)
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, dana))
    expect(row?.deletedAt).toBeNull()
  })

  it('refuses an unknown code (400) and anonymous callers (401)', async () => {
    const basic = await create(harbourAdmin)
    expect((await setStatus(harbourAdmin, basic.id, 'DELETE')).statusCode).toBe(400)
    expect((await setStatus('', basic.id, 'ARCHIVE')).statusCode).toBe(401)
  })

  it('records lastLogin at sign-in', async () => {
    const view = await create(harbourAdmin, { type: 'csr' })
    expect(view.lastLogin).toBeNull()
    const before = Date.now()
    await cookieOf(view.email, 'Secret123!')
    const after = (await api(harbourAdmin, 'GET', `/api/user/${view.id}`)).json()
    expect(after.lastLogin).not.toBeNull()
    // Database and test clocks are the same machine's; allow a little skew.
    expect(Date.parse(after.lastLogin)).toBeGreaterThanOrEqual(before - 5_000)
    expect(Date.parse(after.lastLogin)).toBeLessThanOrEqual(Date.now() + 5_000)
  })
})
