import { messages, permissionRefusal } from '@spaceboard/domain'
import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { globalRegions, organizations, regions } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

let t: TestApp
let superCookie: string
let harbourAdmin: string
let harbourCsr: string
let summitAdmin: string
let harbourId: number
let summitId: number
let apac: number
let emea: number
let na: number
beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  harbourCsr = await t.signIn(logins.harbourCsr)
  summitAdmin = await t.signIn(logins.summitAdmin)
  harbourId = await organizationId('Harbour Workspaces')
  summitId = await organizationId('Summit Business Centres')
  apac = await globalRegionId('APAC')
  emea = await globalRegionId('EMEA')
  na = await globalRegionId('NA')
})
afterAll(() => t.close())

interface RegionRow {
  id: number
  name: string
  parent_id: number
  parent: string | null
  global_region_id: number
  globalregion: string
  is_default: boolean
  organization_id: number
  organizationName: string
  updated_at: string
}

/** The seeded regions of Harbour Workspaces, in name order. */
const harbourRegions = [
  'All Centres',
  'Australia',
  'New South Wales',
  'New Zealand',
  'Sydney CBD',
  'Victoria',
]

async function organizationId(name: string) {
  const [row] = await t.database.db.select().from(organizations).where(eq(organizations.name, name))
  if (!row) throw new Error(`no organization ${name}`)
  return row.id
}

async function globalRegionId(code: string) {
  const [row] = await t.database.db.select().from(globalRegions).where(eq(globalRegions.code, code))
  if (!row) throw new Error(`no global region ${code}`)
  return row.id
}

async function region(name: string, organization = harbourId) {
  const [row] = await t.database.db
    .select()
    .from(regions)
    .where(and(eq(regions.name, name), eq(regions.organizationId, organization)))
  if (!row) throw new Error(`no region ${name}`)
  return row
}

async function rowCount() {
  const [row] = await t.database.db.select({ n: count() }).from(regions)
  return row?.n ?? 0
}

async function existing(ids: number[]) {
  const rows = await t.database.db.select({ id: regions.id }).from(regions).where(inArray(regions.id, ids))
  return rows.map((r) => r.id).sort((a, b) => a - b)
}

const get = (url: string, cookie = harbourAdmin, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } })

const list = (query = '', cookie = harbourAdmin, headers: Record<string, string> = {}) =>
  get(`/api/region${query}`, cookie, headers)

const names = async (query = '', cookie = harbourAdmin) =>
  ((await list(query, cookie)).json() as RegionRow[]).map((r) => r.name)

const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = harbourAdmin) =>
  t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

async function create(payload: Record<string, unknown>, cookie = harbourAdmin) {
  const response = await write('POST', '/api/region', { global_region_id: apac, ...payload }, cookie)
  expect(response.statusCode).toBe(201)
  return response.json() as RegionRow
}

/** A small tree of Harbour: root > child > grandchild, and a sibling root. */
async function tree(prefix: string) {
  const root = await create({ name: `${prefix} Root` })
  const child = await create({ name: `${prefix} Child`, parent_id: root.id })
  const grandchild = await create({ name: `${prefix} Grandchild`, parent_id: child.id })
  const sibling = await create({ name: `${prefix} Sibling` })
  return { root, child, grandchild, sibling }
}

describe('GET /api/region (list)', () => {
  it("answers the organization's regions in name order with parent and global region names", async () => {
    const response = await list('?globalRegion=1', harbourAdmin, { range: '0-19' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-range']).toBe('0-5/6')
    const rows = response.json() as RegionRow[]
    expect(rows.map((r) => r.name)).toEqual(harbourRegions)
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
      'global_region_id',
      'globalregion',
      'id',
      'is_default',
      'name',
      'organizationName',
      'organization_id',
      'parent',
      'parent_id',
      'updated_at',
    ])
    const australia = await region('Australia')
    expect(rows.find((r) => r.name === 'All Centres')).toMatchObject({
      parent_id: 0,
      parent: null,
      is_default: true,
      globalregion: 'Asia Pacific',
    })
    expect(rows.find((r) => r.name === 'Victoria')).toMatchObject({
      parent_id: australia.id,
      parent: 'Australia',
      global_region_id: apac,
      globalregion: 'Asia Pacific',
      is_default: false,
      organization_id: harbourId,
      organizationName: 'Harbour Workspaces',
    })
  })

  it("never shows another organization's regions to admin or csr, whatever organization_id says", async () => {
    expect(await names('', harbourCsr)).toEqual(harbourRegions)
    expect(await names(`?organization_id=${summitId}`)).toEqual(harbourRegions)
    const summit = await names('', summitAdmin)
    expect(summit).toContain('London')
    expect(summit).not.toContain('Australia')
  })

  it("answers super every organization's regions, or one organization's", async () => {
    const all = (await list('?all=1', superCookie)).json() as RegionRow[]
    expect(all.map((r) => r.organizationName)).toEqual(
      expect.arrayContaining(['Harbour Workspaces', 'Summit Business Centres']),
    )
    expect(await names(`?organization_id=${harbourId}`, superCookie)).toEqual(harbourRegions)
  })

  it('lists parent candidates: with except, the region and its descendants are left out', async () => {
    const australia = await region('Australia')
    expect(await names('?parents=1&all=1')).toEqual(harbourRegions)
    expect(await names(`?parents=1&all=1&except=${australia.id}`)).toEqual(['All Centres', 'New Zealand'])
    const nsw = await region('New South Wales')
    expect(await names(`?parents=1&all=1&except=${nsw.id}`)).toEqual([
      'All Centres',
      'Australia',
      'New Zealand',
      'Victoria',
    ])
    // Super names the organization of the form.
    expect(
      await names(`?parents=1&all=1&organization_id=${harbourId}&except=${australia.id}`, superCookie),
    ).toEqual(['All Centres', 'New Zealand'])
    // Another organization's region as except leaves out nothing.
    const london = await region('London', summitId)
    expect(await names(`?parents=1&all=1&except=${london.id}`)).toEqual(harbourRegions)
  })

  it('searches name, parent and global region; orders by each column; refuses other orders', async () => {
    expect(await names('?search=south')).toEqual(['New South Wales', 'Sydney CBD'])
    expect(await names('?search=pacific')).toEqual(harbourRegions)
    expect(await names('?search=zealand')).toEqual(['New Zealand'])
    expect(await names('?order=name&direct=desc&random=123')).toEqual([...harbourRegions].reverse())
    const byParent = await names('?order=parent&direct=asc')
    expect(byParent.slice(0, 3)).toEqual(['New South Wales', 'Victoria', 'Sydney CBD'])
    const summitByGlobal = await names('?order=globalregion&direct=asc', summitAdmin)
    // The EMEA regions first (before North America); ties in id order.
    expect(summitByGlobal.slice(0, 2)).toEqual(['United Kingdom', 'London'])
    expect(await names('?order=updated_at&direct=desc')).toHaveLength(6)
    const bad = await list('?order=is_default')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.order).toBe(
      messages.invalidOrder(['name', 'parent', 'globalregion', 'updated_at']),
    )
    expect((await list('?except=abc&parents=1')).statusCode).toBe(400)
  })

  it('pages with Range and Content-Range', async () => {
    const first = await list('', harbourAdmin, { range: '0-1' })
    expect(first.headers['content-range']).toBe('0-1/6')
    expect((first.json() as RegionRow[]).map((r) => r.name)).toEqual(harbourRegions.slice(0, 2))
    const past = await list('', harbourAdmin, { range: '40-59' })
    expect(past.json()).toEqual([])
    expect(past.headers['content-range']).toBe('*/6')
    expect((await list('', harbourAdmin, { range: '5-1' })).statusCode).toBe(400)
  })

  it('answers 401 to an anonymous caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/region?globalRegion=1' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: messages.notSignedIn })
  })
})

describe('GET /api/region/:id', () => {
  it('answers one region of the organization, to admin and csr', async () => {
    const sydney = await region('Sydney CBD')
    for (const cookie of [harbourAdmin, harbourCsr]) {
      const response = await get(`/api/region/${sydney.id}`, cookie)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ id: sydney.id, name: 'Sydney CBD', parent: 'New South Wales' })
    }
  })

  it("answers 404 for another organization's region, as for an unknown one; super reads it", async () => {
    const london = await region('London', summitId)
    for (const cookie of [harbourAdmin, harbourCsr]) {
      const response = await get(`/api/region/${london.id}`, cookie)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: messages.notFound })
    }
    expect((await get('/api/region/999999')).statusCode).toBe(404)
    expect((await get(`/api/region/${london.id}`, superCookie)).json()).toMatchObject({
      name: 'London',
      organizationName: 'Summit Business Centres',
      globalregion: 'Europe, Middle East and Africa',
    })
  })

  it('answers 400 for a non-numeric id and 401 to an anonymous caller', async () => {
    expect((await get('/api/region/x1')).json().errors.id).toBe('The id must be a whole number.')
    const sydney = await region('Sydney CBD')
    expect((await t.app.inject({ method: 'GET', url: `/api/region/${sydney.id}` })).statusCode).toBe(401)
  })
})

describe('POST /api/region', () => {
  it('creates a top-level region (parent 0) and a child region', async () => {
    const response = await write('POST', '/api/region', {
      name: ' Queensland ',
      parent_id: 0,
      global_region_id: apac,
    })
    expect(response.statusCode).toBe(201)
    const queensland = response.json() as RegionRow
    expect(queensland).toMatchObject({
      name: 'Queensland',
      parent_id: 0,
      parent: null,
      global_region_id: apac,
      globalregion: 'Asia Pacific',
      is_default: false,
      organization_id: harbourId,
    })
    expect((await get(`/api/region/${queensland.id}`)).json()).toEqual(queensland)
    // A string id, as a select sends it, and a missing parent_id (none) are accepted too.
    const brisbane = await create({
      name: 'Brisbane',
      parent_id: String(queensland.id),
      global_region_id: String(apac),
    })
    expect(brisbane).toMatchObject({ parent_id: queensland.id, parent: 'Queensland' })
    const tasmania = await create({ name: 'Tasmania' })
    expect(tasmania.parent_id).toBe(0)
    await write('DELETE', `/api/region/${queensland.id}`)
    await write('DELETE', `/api/region/${tasmania.id}`)
  })

  it('lets csr create a region', async () => {
    const created = await create({ name: 'Csr Region' }, harbourCsr)
    expect(created.organization_id).toBe(harbourId)
    await write('DELETE', `/api/region/${created.id}`)
  })

  it('lets super create for the selected organization and asks for one otherwise', async () => {
    const us = await region('United States', summitId)
    const created = await create(
      { name: 'Texas', parent_id: us.id, global_region_id: na, organization_id: summitId },
      superCookie,
    )
    expect(created).toMatchObject({ organization_id: summitId, parent: 'United States' })
    expect(await names('?search=Texas', summitAdmin)).toEqual(['Texas'])
    await write('DELETE', `/api/region/${created.id}`, undefined, superCookie)

    const before = await rowCount()
    for (const organization of [undefined, 999999]) {
      const response = await write(
        'POST',
        '/api/region',
        { name: 'Nowhere', global_region_id: apac, organization_id: organization },
        superCookie,
      )
      expect(response.statusCode).toBe(400)
      expect(response.json().errors).toEqual({ organization_id: messages.selectOrganization })
    }
    // The parent must be in the selected organization.
    const australia = await region('Australia')
    const wrongParent = await write(
      'POST',
      '/api/region',
      { name: 'Mixed', parent_id: australia.id, global_region_id: apac, organization_id: summitId },
      superCookie,
    )
    expect(wrongParent.statusCode).toBe(400)
    expect(wrongParent.json().errors).toEqual({ parent_id: messages.regionParentInvalid })
    expect(await rowCount()).toBe(before)
  })

  it("ignores a non-super user's organization_id: the region is their own organization's", async () => {
    const created = await create({ name: 'Mine', organization_id: summitId })
    expect(created.organization_id).toBe(harbourId)
    await write('DELETE', `/api/region/${created.id}`)
  })

  it.each([
    ['an empty name', { name: '', global_region_id: 1 }, 'name', messages.fieldRequired],
    ['a blank name', { name: '  ', global_region_id: 1 }, 'name', messages.fieldRequired],
    ['a missing name', { global_region_id: 1 }, 'name', messages.fieldRequired],
    ['a missing global region', { name: 'Perth' }, 'global_region_id', messages.selectRequired],
    [
      'an empty global region',
      { name: 'Perth', global_region_id: '' },
      'global_region_id',
      messages.selectRequired,
    ],
    [
      'a zero global region',
      { name: 'Perth', global_region_id: 0 },
      'global_region_id',
      messages.selectRequired,
    ],
    [
      'a text global region',
      { name: 'Perth', global_region_id: 'apac' },
      'global_region_id',
      messages.selectRequired,
    ],
    [
      'an unknown global region',
      { name: 'Perth', global_region_id: 999999 },
      'global_region_id',
      messages.selectRequired,
    ],
    [
      'an unknown parent',
      { name: 'Perth', global_region_id: 1, parent_id: 999999 },
      'parent_id',
      messages.regionParentInvalid,
    ],
  ])('refuses %s with the spec message and writes nothing', async (_case, payload, field, message) => {
    const before = await rowCount()
    const response = await write('POST', '/api/region', payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[field]).toBe(message)
    expect(await rowCount()).toBe(before)
  })

  it("refuses another organization's region as parent, saying no more than for an unknown one", async () => {
    const before = await rowCount()
    const london = await region('London', summitId)
    const response = await write('POST', '/api/region', {
      name: 'Perth',
      global_region_id: apac,
      parent_id: london.id,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: messages.regionParentInvalid,
      errors: { parent_id: messages.regionParentInvalid },
    })
    expect(await rowCount()).toBe(before)
  })

  it('refuses both missing fields at once, a negative parent, an unknown field and a long name', async () => {
    const before = await rowCount()
    const empty = await write('POST', '/api/region', {})
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors).toEqual({
      name: messages.fieldRequired,
      global_region_id: messages.selectRequired,
    })
    for (const payload of [
      { name: 'Perth', global_region_id: apac, parent_id: -1 },
      { name: 'Perth', global_region_id: apac, is_default: true },
      { name: 'P'.repeat(256), global_region_id: apac },
    ]) {
      expect((await write('POST', '/api/region', payload)).statusCode).toBe(400)
    }
    expect(await rowCount()).toBe(before)
  })

  it('answers 401 to an anonymous caller and writes nothing', async () => {
    const before = await rowCount()
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/region',
      payload: { name: 'Anon', global_region_id: apac },
    })
    expect(response.statusCode).toBe(401)
    expect(await rowCount()).toBe(before)
  })
})

describe('PUT /api/region/:id', () => {
  it('changes name, global region and parent; csr may too', async () => {
    const { root, child, sibling } = await tree('Edit')
    const response = await write('PUT', `/api/region/${child.id}`, {
      name: 'Edit Moved',
      parent_id: sibling.id,
      global_region_id: emea,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: child.id,
      name: 'Edit Moved',
      parent_id: sibling.id,
      parent: 'Edit Sibling',
      global_region_id: emea,
      globalregion: 'Europe, Middle East and Africa',
    })
    const byCsr = await write(
      'PUT',
      `/api/region/${child.id}`,
      { name: 'Edit Top', parent_id: 0, global_region_id: apac },
      harbourCsr,
    )
    expect(byCsr.statusCode).toBe(200)
    expect(byCsr.json()).toMatchObject({ parent_id: 0, parent: null })
    for (const r of [root, sibling, child]) await write('DELETE', `/api/region/${r.id}`)
  })

  it('refuses the region itself or one of its descendants as parent (no cycle)', async () => {
    const { root, child, grandchild, sibling } = await tree('Cycle')
    for (const parent of [root, child, grandchild]) {
      const response = await write('PUT', `/api/region/${root.id}`, {
        name: 'Cycle Root',
        parent_id: parent.id,
        global_region_id: apac,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        message: messages.regionParentInvalid,
        errors: { parent_id: messages.regionParentInvalid },
      })
    }
    expect((await region('Cycle Root')).parentId).toBeNull()
    // Moving it under an unrelated region is fine, and keeping its own parent too.
    const moved = await write('PUT', `/api/region/${root.id}`, {
      name: 'Cycle Root',
      parent_id: sibling.id,
      global_region_id: apac,
    })
    expect(moved.statusCode).toBe(200)
    const same = await write('PUT', `/api/region/${child.id}`, {
      name: 'Cycle Child 2',
      parent_id: root.id,
      global_region_id: apac,
    })
    expect(same.statusCode).toBe(200)
    await write('DELETE', `/api/region/${sibling.id}`)
  })

  it('never lets two concurrent moves make a cycle', async () => {
    const a = await create({ name: 'Race A' })
    const b = await create({ name: 'Race B' })
    const [one, two] = await Promise.all([
      write('PUT', `/api/region/${a.id}`, { name: 'Race A', parent_id: b.id, global_region_id: apac }),
      write('PUT', `/api/region/${b.id}`, { name: 'Race B', parent_id: a.id, global_region_id: apac }),
    ])
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 400])
    const rows = await t.database.db
      .select()
      .from(regions)
      .where(inArray(regions.id, [a.id, b.id]))
    expect(rows.filter((r) => r.parentId !== null)).toHaveLength(1)
    for (const r of [a, b]) await write('DELETE', `/api/region/${r.id}`)
  })

  it('refuses to change a default region (403), also for super', async () => {
    const before = await region('All Centres')
    for (const cookie of [harbourAdmin, harbourCsr, superCookie]) {
      const response = await write(
        'PUT',
        `/api/region/${before.id}`,
        { name: 'Renamed', global_region_id: emea },
        cookie,
      )
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: messages.defaultRegionLocked })
    }
    expect(await region('All Centres')).toEqual(before)
  })

  it('checks the fields as on create', async () => {
    const victoria = await region('Victoria')
    const response = await write('PUT', `/api/region/${victoria.id}`, {
      name: '',
      parent_id: victoria.parentId,
      global_region_id: '',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({
      name: messages.fieldRequired,
      global_region_id: messages.selectRequired,
    })
    const unknown = await write('PUT', `/api/region/${victoria.id}`, {
      name: 'Victoria',
      global_region_id: 999999,
    })
    expect(unknown.json().errors).toEqual({ global_region_id: messages.selectRequired })
    expect(await region('Victoria')).toEqual(victoria)
  })

  it("answers 404 for another organization's region and changes nothing", async () => {
    const london = await region('London', summitId)
    for (const cookie of [harbourAdmin, harbourCsr]) {
      const response = await write(
        'PUT',
        `/api/region/${london.id}`,
        { name: 'Hijacked', global_region_id: apac },
        cookie,
      )
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: messages.notFound })
    }
    expect(await region('London', summitId)).toEqual(london)
    expect(
      (await write('PUT', '/api/region/999999', { name: 'Nowhere', global_region_id: apac })).statusCode,
    ).toBe(404)
  })

  it('answers 401 to an anonymous caller and changes nothing', async () => {
    const victoria = await region('Victoria')
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/region/${victoria.id}`,
      payload: { name: 'Anon', global_region_id: apac },
    })
    expect(response.statusCode).toBe(401)
    expect(await region('Victoria')).toEqual(victoria)
  })
})

describe('DELETE /api/region/:id', () => {
  it('deletes a region with its children and their children; the rest stays', async () => {
    const { root, child, grandchild, sibling } = await tree('Delete')
    const before = await rowCount()
    const response = await write('DELETE', `/api/region/${root.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Success: Record successfully deleted' })
    expect(await existing([root.id, child.id, grandchild.id, sibling.id])).toEqual([sibling.id])
    expect(await rowCount()).toBe(before - 3)
    expect((await get(`/api/region/${child.id}`)).statusCode).toBe(404)
    expect((await write('DELETE', `/api/region/${root.id}`)).statusCode).toBe(404)
    await write('DELETE', `/api/region/${sibling.id}`)
  })

  it('lets super delete any organization region', async () => {
    const created = await create(
      { name: 'Summit Temp', global_region_id: na, organization_id: summitId },
      superCookie,
    )
    expect((await write('DELETE', `/api/region/${created.id}`, undefined, superCookie)).statusCode).toBe(200)
    expect(await existing([created.id])).toEqual([])
  })

  it('refuses to delete a default region (403), also for super', async () => {
    const before = await region('All Centres')
    for (const cookie of [harbourAdmin, superCookie]) {
      const response = await write('DELETE', `/api/region/${before.id}`, undefined, cookie)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: messages.defaultRegionLocked })
    }
    expect(await region('All Centres')).toEqual(before)
  })

  it('refuses csr with 403 and deletes nothing', async () => {
    const zealand = await region('New Zealand')
    const response = await write('DELETE', `/api/region/${zealand.id}`, undefined, harbourCsr)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ message: permissionRefusal('regions.delete') })
    expect(await existing([zealand.id])).toEqual([zealand.id])
  })

  it("answers 404 for another organization's region and deletes nothing (nor its children)", async () => {
    const uk = await region('United Kingdom', summitId)
    const london = await region('London', summitId)
    const response = await write('DELETE', `/api/region/${uk.id}`)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: messages.notFound })
    expect(await existing([uk.id, london.id])).toEqual([uk.id, london.id].sort((a, b) => a - b))
  })

  it('answers 400 for a non-numeric id and 401 to an anonymous caller', async () => {
    expect((await write('DELETE', '/api/region/abc')).statusCode).toBe(400)
    const zealand = await region('New Zealand')
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/region/${zealand.id}` })
    expect(anonymous.statusCode).toBe(401)
    expect(await existing([zealand.id])).toEqual([zealand.id])
  })
})
