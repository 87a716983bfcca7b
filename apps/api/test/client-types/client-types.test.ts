import { messages, permissionRefusal } from '@spaceboard/domain'
import { and, count, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientTypes, organizationClientTypes, organizations } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

let t: TestApp
let superCookie: string
let harbourAdmin: string
let harbourCsr: string
let summitAdmin: string
let summitCsr: string
let harbourId: number
let summitId: number
beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  harbourCsr = await t.signIn(logins.harbourCsr)
  summitAdmin = await t.signIn(logins.summitAdmin)
  summitCsr = await t.signIn(logins.summitCsr)
  harbourId = await organizationId('Harbour Workspaces')
  summitId = await organizationId('Summit Business Centres')
})
afterAll(() => t.close())

interface ClientTypeRow {
  id: number
  name: string
  is_default: boolean
  organization_id: number | null
  organizationName: string | null
  updated_at: string
}

const defaults = ['Corporate', 'Not for Profit', 'Standard']
const harbourOwn = ['Coworking Member', 'Virtual Office']
const summitOwn = ['Enterprise Partner', 'Government']

async function organizationId(name: string) {
  const [row] = await t.database.db.select().from(organizations).where(eq(organizations.name, name))
  if (!row) throw new Error(`no organization ${name}`)
  return row.id
}

const get = (url: string, cookie = harbourAdmin, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } })

const list = (query = '', cookie = harbourAdmin, headers: Record<string, string> = {}) =>
  get(`/api/client-types${query}`, cookie, headers)

const names = async (query = '', cookie = harbourAdmin) =>
  ((await list(query, cookie)).json() as ClientTypeRow[]).map((r) => r.name)

const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = harbourAdmin) =>
  t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

const remove = (id: number | string, cookie = harbourAdmin) =>
  write('DELETE', `/api/client-types?id=${id}`, undefined, cookie)

async function rowCount() {
  const [row] = await t.database.db.select({ n: count() }).from(clientTypes)
  return row?.n ?? 0
}

async function byName(name: string, organization: number | null) {
  const [row] = await t.database.db
    .select()
    .from(clientTypes)
    .where(
      and(
        eq(clientTypes.name, name),
        organization === null
          ? isNull(clientTypes.organizationId)
          : eq(clientTypes.organizationId, organization),
      ),
    )
  if (!row) throw new Error(`no client type ${name}`)
  return row
}

async function usedBy(clientTypeId: number) {
  const rows = await t.database.db
    .select({ organizationId: organizationClientTypes.organizationId })
    .from(organizationClientTypes)
    .where(eq(organizationClientTypes.clientTypeId, clientTypeId))
  return rows.map((r) => r.organizationId)
}

async function create(name: string, cookie = harbourAdmin, organization?: number) {
  const response = await write('POST', '/api/client-types', { name, organization_id: organization }, cookie)
  expect(response.statusCode).toBe(201)
  return response.json() as ClientTypeRow
}

describe('GET /api/client-types (list)', () => {
  it("answers an admin the shared defaults and their organization's own types, in name order", async () => {
    const response = await list('', harbourAdmin, { range: '0-19' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-range']).toBe('0-4/5')
    const rows = response.json() as ClientTypeRow[]
    expect(rows.map((r) => r.name)).toEqual([...defaults, ...harbourOwn].sort())
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
      'id',
      'is_default',
      'name',
      'organizationName',
      'organization_id',
      'updated_at',
    ])
    const standard = rows.find((r) => r.name === 'Standard')
    expect(standard).toMatchObject({ is_default: true, organization_id: null, organizationName: null })
    const own = rows.find((r) => r.name === 'Virtual Office')
    expect(own).toMatchObject({
      is_default: false,
      organization_id: harbourId,
      organizationName: 'Harbour Workspaces',
    })
  })

  it("never shows another organization's types, whatever organization_id says", async () => {
    expect(await names('', harbourCsr)).toEqual([...defaults, ...harbourOwn].sort())
    expect(await names('', summitAdmin)).toEqual([...defaults, ...summitOwn].sort())
    expect(await names('', summitCsr)).toEqual([...defaults, ...summitOwn].sort())
    expect(await names(`?organization_id=${summitId}`, harbourAdmin)).toEqual(
      [...defaults, ...harbourOwn].sort(),
    )
  })

  it("answers super every organization's types, or what one organization sees", async () => {
    const all = (await list('?all=1', superCookie)).json() as ClientTypeRow[]
    expect(all.map((r) => r.name)).toEqual(expect.arrayContaining([...defaults, ...harbourOwn, ...summitOwn]))
    expect(all.find((r) => r.name === 'Government')?.organizationName).toBe('Summit Business Centres')
    expect(await names(`?organization_id=${summitId}`, superCookie)).toEqual(
      [...defaults, ...summitOwn].sort(),
    )
  })

  it('searches, orders by name or updated_at, ignores random and refuses other orders', async () => {
    expect(await names('?search=office')).toEqual(['Virtual Office'])
    expect(await names('?search=OR')).toEqual(['Corporate', 'Coworking Member', 'Not for Profit'])
    expect(await names('?order=name&direct=desc&random=0.42')).toEqual(
      [...defaults, ...harbourOwn].sort().reverse(),
    )
    expect(await names('?order=updated_at&direct=asc')).toHaveLength(5)
    const bad = await list('?order=organization_id')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.order).toBe(messages.invalidOrder(['name', 'updated_at']))
    const injection = await list(`?search=${encodeURIComponent("' or 1=1 --")}`)
    expect(injection.statusCode).toBe(200)
    expect(injection.json()).toEqual([])
  })

  it('pages with Range and Content-Range; all=1 answers every row', async () => {
    const first = await list('', harbourAdmin, { range: '0-1' })
    expect(first.headers['content-range']).toBe('0-1/5')
    expect(first.json()).toHaveLength(2)
    const past = await list('', harbourAdmin, { range: '20-39' })
    expect(past.json()).toEqual([])
    expect(past.headers['content-range']).toBe('*/5')
    const all = await list('?all=1', harbourAdmin, { range: '0-1' })
    expect(all.json()).toHaveLength(5)
    const bad = await list('', harbourAdmin, { range: 'all' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe(messages.invalidRange)
  })

  it('answers 401 to an anonymous caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/client-types' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: messages.notSignedIn })
  })
})

describe('GET /api/client-types/:id', () => {
  it("answers an organization's own type and a shared default", async () => {
    const own = await byName('Virtual Office', harbourId)
    const response = await get(`/api/client-types/${own.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ id: own.id, name: 'Virtual Office', is_default: false })
    const standard = await byName('Standard', null)
    expect((await get(`/api/client-types/${standard.id}`, harbourCsr)).json()).toMatchObject({
      name: 'Standard',
      is_default: true,
    })
  })

  it("answers 404 for another organization's type, as for an unknown one; super reads it", async () => {
    const government = await byName('Government', summitId)
    for (const cookie of [harbourAdmin, harbourCsr]) {
      const response = await get(`/api/client-types/${government.id}`, cookie)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: messages.notFound })
    }
    expect((await get('/api/client-types/999999')).json()).toEqual({ message: messages.notFound })
    const bySuper = await get(`/api/client-types/${government.id}`, superCookie)
    expect(bySuper.json()).toMatchObject({ name: 'Government', organizationName: 'Summit Business Centres' })
  })

  it('answers 400 for a non-numeric id and 401 to an anonymous caller', async () => {
    const bad = await get('/api/client-types/abc')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.id).toBe('The id must be a whole number.')
    const own = await byName('Virtual Office', harbourId)
    expect((await t.app.inject({ method: 'GET', url: `/api/client-types/${own.id}` })).statusCode).toBe(401)
  })
})

describe('POST /api/client-types', () => {
  it("creates a type in the admin's organization, which then uses it", async () => {
    const response = await write('POST', '/api/client-types', { name: '  Event Organiser ' })
    expect(response.statusCode).toBe(201)
    const created = response.json() as ClientTypeRow
    expect(created).toMatchObject({
      name: 'Event Organiser',
      is_default: false,
      organization_id: harbourId,
      organizationName: 'Harbour Workspaces',
    })
    expect(await usedBy(created.id)).toEqual([harbourId])
    expect((await get(`/api/client-types/${created.id}`)).json()).toEqual(created)
    expect(await names('?search=Event')).toEqual(['Event Organiser'])
    // Summit neither lists nor reads it.
    expect(await names('?search=Event', summitAdmin)).toEqual([])
    expect((await get(`/api/client-types/${created.id}`, summitAdmin)).statusCode).toBe(404)
    await remove(created.id)
  })

  it("ignores a non-super user's organization_id: the type is their own organization's", async () => {
    const created = await create('Harbour Only', harbourAdmin, summitId)
    expect(created.organization_id).toBe(harbourId)
    await remove(created.id)
  })

  it('lets super create for the organization they select, and asks for one otherwise', async () => {
    const created = await create('Summit Alumni', superCookie, summitId)
    expect(created).toMatchObject({ organization_id: summitId, organizationName: 'Summit Business Centres' })
    expect(await usedBy(created.id)).toEqual([summitId])
    expect(await names('?search=Alumni', summitAdmin)).toEqual(['Summit Alumni'])
    await remove(created.id, superCookie)

    const before = await rowCount()
    for (const payload of [{ name: 'No Org' }, { name: 'No Org', organization_id: 999999 }]) {
      const response = await write('POST', '/api/client-types', payload, superCookie)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        message: messages.selectOrganization,
        errors: { organization_id: messages.selectOrganization },
      })
    }
    expect(await rowCount()).toBe(before)
  })

  it.each([
    ['an empty name', { name: '' }],
    ['a blank name', { name: '   ' }],
    ['a missing name', {}],
    ['a numeric name', { name: 7 }],
    ['a null name', { name: null }],
  ])('refuses %s with "Please fill out this field" and writes nothing', async (_case, payload) => {
    const before = await rowCount()
    const response = await write('POST', '/api/client-types', payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: messages.fieldRequired,
      errors: { name: messages.fieldRequired },
    })
    expect(await rowCount()).toBe(before)
  })

  it('refuses a name over 255 characters, an unknown field and a NUL character with 400', async () => {
    const before = await rowCount()
    const long = await write('POST', '/api/client-types', { name: 'N'.repeat(256) })
    expect(long.statusCode).toBe(400)
    expect(long.json().errors.name).toEqual(expect.any(String))
    const unknown = await write('POST', '/api/client-types', { name: 'Extra', is_default: true })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors.is_default).toBe(messages.unknownField('is_default'))
    const nul = await write('POST', '/api/client-types', { name: 'A\u0000B' })
    expect(nul.statusCode).toBe(400)
    expect(await rowCount()).toBe(before)
  })

  it('refuses, with 409, a name the organization already sees: its own or a default, in any case', async () => {
    const before = await rowCount()
    for (const name of ['Virtual Office', 'virtual office', 'STANDARD', 'Not For Profit']) {
      const response = await write('POST', '/api/client-types', { name })
      expect(response.statusCode).toBe(409)
      expect(response.json()).toEqual({
        message: messages.clientTypeAlreadyExists,
        errors: { name: messages.clientTypeAlreadyExists },
      })
    }
    expect(await rowCount()).toBe(before)
    // Another organization's name is free.
    const government = await create('Government')
    expect(government.organization_id).toBe(harbourId)
    await remove(government.id)
  })

  it('refuses csr with 403 and an anonymous caller with 401, writing nothing', async () => {
    const before = await rowCount()
    for (const cookie of [harbourCsr, summitCsr]) {
      const response = await write('POST', '/api/client-types', { name: 'By Csr' }, cookie)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: permissionRefusal('client-types.create') })
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/client-types',
      payload: { name: 'Anon' },
    })
    expect(anonymous.statusCode).toBe(401)
    expect(await rowCount()).toBe(before)
  })
})

describe('PUT /api/client-types/:id', () => {
  it("renames an organization's own type; csr may too", async () => {
    const type = await create('Freelancer')
    const response = await write('PUT', `/api/client-types/${type.id}`, { name: 'Freelancers' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ id: type.id, name: 'Freelancers', organization_id: harbourId })
    const byCsr = await write('PUT', `/api/client-types/${type.id}`, { name: 'Sole Traders' }, harbourCsr)
    expect(byCsr.statusCode).toBe(200)
    expect((await get(`/api/client-types/${type.id}`)).json()).toMatchObject({ name: 'Sole Traders' })
    // Its own name in another case is no duplicate; another type's name is.
    expect((await write('PUT', `/api/client-types/${type.id}`, { name: 'SOLE TRADERS' })).statusCode).toBe(
      200,
    )
    for (const name of ['Coworking Member', 'corporate']) {
      const clash = await write('PUT', `/api/client-types/${type.id}`, { name })
      expect(clash.statusCode).toBe(409)
      expect(clash.json().message).toBe(messages.clientTypeAlreadyExists)
    }
    const invalid = await write('PUT', `/api/client-types/${type.id}`, { name: ' ' })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().errors).toEqual({ name: messages.fieldRequired })
    expect((await get(`/api/client-types/${type.id}`)).json()).toMatchObject({ name: 'SOLE TRADERS' })
    await remove(type.id)
  })

  it('keeps the type in its organization: organization_id of the payload is ignored, also for super', async () => {
    const type = await create('Agency')
    const bySuper = await write(
      'PUT',
      `/api/client-types/${type.id}`,
      { name: 'Agencies', organization_id: summitId },
      superCookie,
    )
    expect(bySuper.statusCode).toBe(200)
    expect(bySuper.json()).toMatchObject({ name: 'Agencies', organization_id: harbourId })
    await remove(type.id)
  })

  it.each(defaults)('refuses to change the default type %s (403), also for super', async (name) => {
    const before = await byName(name, null)
    for (const cookie of [harbourAdmin, harbourCsr, superCookie]) {
      const response = await write('PUT', `/api/client-types/${before.id}`, { name: 'Renamed' }, cookie)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: messages.defaultClientTypeLocked })
    }
    expect(await byName(name, null)).toEqual(before)
  })

  it("answers 404 for another organization's type and changes nothing", async () => {
    const government = await byName('Government', summitId)
    for (const cookie of [harbourAdmin, harbourCsr]) {
      const response = await write('PUT', `/api/client-types/${government.id}`, { name: 'Hijacked' }, cookie)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: messages.notFound })
    }
    expect(await byName('Government', summitId)).toEqual(government)
    expect((await write('PUT', '/api/client-types/999999', { name: 'Nowhere' })).statusCode).toBe(404)
  })

  it('answers 401 to an anonymous caller and changes nothing', async () => {
    const own = await byName('Virtual Office', harbourId)
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/client-types/${own.id}`,
      payload: { name: 'Anon' },
    })
    expect(response.statusCode).toBe(401)
    expect(await byName('Virtual Office', harbourId)).toEqual(own)
  })
})

describe('DELETE /api/client-types?id={id}', () => {
  it("deletes an organization's own type with the spec message; the organization no longer uses it", async () => {
    const type = await create('Pop-up')
    const before = await rowCount()
    const response = await remove(type.id)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Success: Record successfully deleted' })
    expect(await rowCount()).toBe(before - 1)
    expect(await usedBy(type.id)).toEqual([])
    expect((await get(`/api/client-types/${type.id}`)).statusCode).toBe(404)
    expect((await remove(type.id)).statusCode).toBe(404)
  })

  it('lets super delete any organization type', async () => {
    const type = await create('Summit Temp', superCookie, summitId)
    expect((await remove(type.id, superCookie)).statusCode).toBe(200)
    expect((await get(`/api/client-types/${type.id}`, summitAdmin)).statusCode).toBe(404)
  })

  it.each(defaults)('refuses to delete the default type %s (403)', async (name) => {
    const standard = await byName(name, null)
    for (const cookie of [harbourAdmin, superCookie]) {
      const response = await remove(standard.id, cookie)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: messages.defaultClientTypeLocked })
    }
    expect(await byName(name, null)).toEqual(standard)
  })

  it("answers 404 for another organization's type and deletes nothing", async () => {
    const government = await byName('Government', summitId)
    const response = await remove(government.id, harbourAdmin)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: messages.notFound })
    expect(await byName('Government', summitId)).toEqual(government)
  })

  it('refuses csr with 403, even for their own type', async () => {
    const own = await byName('Virtual Office', harbourId)
    const response = await remove(own.id, harbourCsr)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ message: permissionRefusal('client-types.create') })
    expect(await byName('Virtual Office', harbourId)).toEqual(own)
  })

  it('answers 400 without a whole-number id and 401 to an anonymous caller', async () => {
    for (const url of [
      '/api/client-types',
      '/api/client-types?id=',
      '/api/client-types?id=abc',
      '/api/client-types?id=-1',
    ]) {
      const response = await write('DELETE', url)
      expect(response.statusCode).toBe(400)
      expect(response.json().errors.id).toBe('The id must be a whole number.')
    }
    const own = await byName('Virtual Office', harbourId)
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/client-types?id=${own.id}` })
    expect(anonymous.statusCode).toBe(401)
    expect(await byName('Virtual Office', harbourId)).toEqual(own)
  })
})
