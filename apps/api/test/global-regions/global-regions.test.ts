import { messages, permissionRefusal } from '@spaceboard/domain'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { globalRegions } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

let t: TestApp
let superCookie: string
let harbourAdmin: string
let harbourCsr: string
let summitAdmin: string
let summitCsr: string
beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  harbourCsr = await t.signIn(logins.harbourCsr)
  summitAdmin = await t.signIn(logins.summitAdmin)
  summitCsr = await t.signIn(logins.summitCsr)
})
afterAll(() => t.close())

interface RegionRow {
  id: number
  name: string
  code: string
  is_default: boolean
  updated_at: string
}

const defaults = [
  { name: 'Asia Pacific', code: 'APAC' },
  { name: 'Europe, Middle East and Africa', code: 'EMEA' },
  { name: 'Latin America', code: 'LATAM' },
  { name: 'North America', code: 'NA' },
]

const get = (url: string, headers: Record<string, string> = {}, cookie = superCookie) =>
  t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } })

const list = (query = '', headers: Record<string, string> = {}, cookie = superCookie) =>
  get(`/api/global-region${query}`, headers, cookie)

const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = superCookie) =>
  t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

async function rowCount() {
  const [row] = await t.database.db.select({ n: count() }).from(globalRegions)
  return row?.n ?? 0
}

async function regionByCode(code: string) {
  const [row] = await t.database.db.select().from(globalRegions).where(eq(globalRegions.code, code))
  if (!row) throw new Error(`no global region ${code}`)
  return row
}

async function create(name: string, code: string) {
  const response = await write('POST', '/api/global-region', { name, code })
  expect(response.statusCode).toBe(201)
  return response.json() as RegionRow
}

describe('GET /api/global-region (list)', () => {
  it('answers the default regions for the first range 0-3, in name order', async () => {
    const response = await list('', { range: '0-3' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-range']).toBe('0-3/4')
    const rows = response.json() as RegionRow[]
    expect(rows.map(({ name, code }) => ({ name, code }))).toEqual(defaults)
    expect(rows.every((r) => r.is_default)).toBe(true)
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['code', 'id', 'is_default', 'name', 'updated_at'])
  })

  it('answers a smaller range and an empty list past the end', async () => {
    const two = await list('', { range: '1-2' })
    expect(two.headers['content-range']).toBe('1-2/4')
    expect((two.json() as RegionRow[]).map((r) => r.code)).toEqual(['EMEA', 'LATAM'])
    const past = await list('', { range: '20-39' })
    expect(past.statusCode).toBe(200)
    expect(past.json()).toEqual([])
    expect(past.headers['content-range']).toBe('*/4')
  })

  it('refuses a malformed Range with 400', async () => {
    for (const range of ['0to3', '3-0', '0-1000']) {
      const response = await list('', { range })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe(messages.invalidRange)
    }
  })

  it('searches name and code case-insensitively', async () => {
    const america = await list('?search=AMERICA')
    expect((america.json() as RegionRow[]).map((r) => r.code)).toEqual(['LATAM', 'NA'])
    expect(america.headers['content-range']).toBe('0-1/2')
    const byCode = await list('?search=emea')
    expect((byCode.json() as RegionRow[]).map((r) => r.code)).toEqual(['EMEA'])
    const withComma = await list(`?search=${encodeURIComponent('Europe, Middle')}`)
    expect((withComma.json() as RegionRow[]).map((r) => r.code)).toEqual(['EMEA'])
    const underscore = await list('?search=_')
    expect(underscore.json()).toEqual([])
    expect(underscore.headers['content-range']).toBe('*/0')
  })

  it('searches SQL metacharacters as plain text and leaves the table intact', async () => {
    const response = await list(`?search=${encodeURIComponent("'; drop table global_regions; --")}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([])
    expect(await rowCount()).toBeGreaterThanOrEqual(4)
  })

  it('orders by name, code or updated_at, asc or desc; ignores random; refuses other orders', async () => {
    const codes = async (query: string) => ((await list(query)).json() as RegionRow[]).map((r) => r.code)
    expect(await codes('?order=name&direct=asc')).toEqual(['APAC', 'EMEA', 'LATAM', 'NA'])
    expect(await codes('?order=name&direct=desc')).toEqual(['NA', 'LATAM', 'EMEA', 'APAC'])
    expect(await codes('?order=code&direct=asc')).toEqual(['APAC', 'EMEA', 'LATAM', 'NA'])
    expect(await codes('?order=code&direct=desc')).toEqual(['NA', 'LATAM', 'EMEA', 'APAC'])
    expect(await codes('?order=updated_at&direct=asc')).toHaveLength(4)
    expect(await codes('?order=code&direct=desc&random=12345')).toEqual(['NA', 'LATAM', 'EMEA', 'APAC'])
    const bad = await list('?order=is_default')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.order).toBe(messages.invalidOrder(['name', 'code', 'updated_at']))
    const badDirect = await list('?direct=up')
    expect(badDirect.statusCode).toBe(400)
    expect(badDirect.json().errors.direct).toBe(messages.invalidDirect)
  })

  it('answers all rows without Range for all=1 and for /api/global-region/?all, but pages otherwise', async () => {
    const created: RegionRow[] = []
    for (let i = 0; i < 22; i++) {
      created.push(await create(`Zone ${String.fromCharCode(65 + i)}`, `Z${String.fromCharCode(65 + i)}`))
    }
    const total = 4 + created.length

    const paged = await list()
    expect(paged.json()).toHaveLength(20)
    expect(paged.headers['content-range']).toBe(`0-19/${total}`)
    const page2 = await list('?page=2')
    expect(page2.json()).toHaveLength(total - 20)
    expect(page2.headers['content-range']).toBe(`20-${total - 1}/${total}`)

    const all = await list('?all=1')
    expect(all.statusCode).toBe(200)
    expect(all.json()).toHaveLength(total)
    expect(all.headers['content-range']).toBe(`0-${total - 1}/${total}`)

    const trailing = await get('/api/global-region/?all')
    expect(trailing.statusCode).toBe(200)
    expect(trailing.json()).toEqual(all.json())

    // all lifts the window even when a Range is sent.
    const allWithRange = await list('?all=1', { range: '0-3' })
    expect(allWithRange.json()).toHaveLength(total)

    // Search and order still apply to all.
    const zones = await list('?all=1&search=zone&order=code&direct=desc')
    expect((zones.json() as RegionRow[]).map((r) => r.code)).toEqual(
      created
        .map((r) => r.code)
        .sort()
        .reverse(),
    )

    for (const region of created) {
      expect((await write('DELETE', `/api/global-region/${region.id}`)).statusCode).toBe(200)
    }
    expect((await list('?all=1')).json()).toHaveLength(4)
  })

  it('is readable by admin and csr of every organization', async () => {
    const reference = (await list()).json()
    for (const cookie of [harbourAdmin, harbourCsr, summitAdmin, summitCsr]) {
      const response = await list('', { range: '0-3' }, cookie)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual(reference)
      expect((await get('/api/global-region/?all', {}, cookie)).statusCode).toBe(200)
    }
  })

  it('answers 401 to an anonymous caller', async () => {
    for (const url of ['/api/global-region', '/api/global-region/?all', '/api/global-region?all=1']) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ message: messages.notSignedIn })
    }
  })
})

describe('GET /api/global-region/:id', () => {
  it('answers one region, with is_default', async () => {
    const apac = await regionByCode('APAC')
    const response = await get(`/api/global-region/${apac.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: apac.id,
      name: 'Asia Pacific',
      code: 'APAC',
      is_default: true,
    })
  })

  it('is readable by admin and csr', async () => {
    const apac = await regionByCode('APAC')
    for (const cookie of [harbourAdmin, summitCsr]) {
      expect((await get(`/api/global-region/${apac.id}`, {}, cookie)).statusCode).toBe(200)
    }
  })

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    const unknown = await get('/api/global-region/999999')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: messages.notFound })
    const bad = await get('/api/global-region/apac')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.id).toBe('The id must be a whole number.')
  })

  it('answers 401 to an anonymous caller', async () => {
    const apac = await regionByCode('APAC')
    expect((await t.app.inject({ method: 'GET', url: `/api/global-region/${apac.id}` })).statusCode).toBe(401)
  })
})

describe('POST /api/global-region', () => {
  it('creates a non-default region (201)', async () => {
    const response = await write('POST', '/api/global-region', { name: '  Middle East ', code: ' ME ' })
    expect(response.statusCode).toBe(201)
    const created = response.json() as RegionRow
    expect(created).toMatchObject({
      name: 'Middle East',
      code: 'ME',
      is_default: false,
      id: expect.any(Number),
    })
    expect((await get(`/api/global-region/${created.id}`)).json()).toEqual(created)
    expect((await list()).headers['content-range']).toBe('0-4/5')
    await write('DELETE', `/api/global-region/${created.id}`)
  })

  it.each([
    ['an empty name', { name: '', code: 'XX' }, 'name', 'Name is required.'],
    ['a blank name', { name: '  ', code: 'XX' }, 'name', 'Name is required.'],
    ['a missing name', { code: 'XX' }, 'name', 'Name is required.'],
    ['a numeric name', { name: 42, code: 'XX' }, 'name', 'Name is required.'],
    ['an empty code', { name: 'Oceania', code: '' }, 'code', 'Code is required.'],
    ['a missing code', { name: 'Oceania' }, 'code', 'Code is required.'],
  ])('refuses %s with the spec message and writes nothing', async (_case, payload, field, message) => {
    const before = await rowCount()
    const response = await write('POST', '/api/global-region', payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[field]).toBe(message)
    expect(response.json().message).toBe(message)
    expect(await rowCount()).toBe(before)
  })

  it('refuses a name over 255 or a code over 50 characters', async () => {
    const before = await rowCount()
    const longName = await write('POST', '/api/global-region', { name: 'N'.repeat(256), code: 'LN' })
    expect(longName.statusCode).toBe(400)
    expect(longName.json().errors.name).toEqual(expect.any(String))
    const longCode = await write('POST', '/api/global-region', { name: 'Long', code: 'C'.repeat(51) })
    expect(longCode.statusCode).toBe(400)
    expect(longCode.json().errors.code).toEqual(expect.any(String))
    expect(await rowCount()).toBe(before)
  })

  it('refuses a duplicate code, in any case, with 409 and writes nothing', async () => {
    const before = await rowCount()
    for (const code of ['APAC', 'apac', 'Emea']) {
      const response = await write('POST', '/api/global-region', { name: 'Another', code })
      expect(response.statusCode).toBe(409)
      expect(response.json()).toEqual({ message: messages.globalRegionAlreadyExists })
    }
    expect(await rowCount()).toBe(before)
  })

  it('refuses admin and csr with 403 and writes nothing', async () => {
    const before = await rowCount()
    for (const cookie of [harbourAdmin, harbourCsr, summitAdmin, summitCsr]) {
      const response = await write('POST', '/api/global-region', { name: 'Oceania', code: 'OC' }, cookie)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: permissionRefusal('global-regions.write') })
    }
    expect(await rowCount()).toBe(before)
  })

  it('answers 401 to an anonymous caller and writes nothing', async () => {
    const before = await rowCount()
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/global-region',
      payload: { name: 'Oceania', code: 'OC' },
    })
    expect(response.statusCode).toBe(401)
    expect(await rowCount()).toBe(before)
  })
})

describe('PUT /api/global-region/:id', () => {
  it('updates a non-default region', async () => {
    const region = await create('Oceania', 'OC')
    const response = await write('PUT', `/api/global-region/${region.id}`, {
      name: 'Oceania Pacific',
      code: 'OCP',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: region.id,
      name: 'Oceania Pacific',
      code: 'OCP',
      is_default: false,
    })
    expect((await get(`/api/global-region/${region.id}`)).json()).toMatchObject({ code: 'OCP' })

    // Its own code (in another case) is not a duplicate; another region's code is.
    expect(
      (await write('PUT', `/api/global-region/${region.id}`, { name: 'Oceania', code: 'ocp' })).statusCode,
    ).toBe(200)
    const clash = await write('PUT', `/api/global-region/${region.id}`, { name: 'Oceania', code: 'NA' })
    expect(clash.statusCode).toBe(409)
    expect(clash.json().message).toBe(messages.globalRegionAlreadyExists)

    const invalid = await write('PUT', `/api/global-region/${region.id}`, { name: '', code: '' })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().errors).toEqual({
      name: messages.globalRegionNameRequired,
      code: messages.globalRegionCodeRequired,
    })
    expect((await get(`/api/global-region/${region.id}`)).json()).toMatchObject({
      name: 'Oceania',
      code: 'ocp',
    })
    await write('DELETE', `/api/global-region/${region.id}`)
  })

  it.each(defaults.map((d) => d.code))(
    'refuses to change the default region %s (403) and leaves it unchanged',
    async (code) => {
      const before = await regionByCode(code)
      const response = await write('PUT', `/api/global-region/${before.id}`, { name: 'Renamed', code: 'RN' })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: messages.defaultGlobalRegionLocked })
      expect(await regionByCode(code)).toEqual(before)
    },
  )

  it('answers 404 for an unknown id', async () => {
    const response = await write('PUT', '/api/global-region/999999', { name: 'Nowhere', code: 'NW' })
    expect(response.statusCode).toBe(404)
  })

  it('refuses admin and csr with 403 (before the default check) and changes nothing', async () => {
    const region = await create('Arctic', 'ARC')
    for (const cookie of [harbourAdmin, harbourCsr, summitAdmin, summitCsr]) {
      const response = await write(
        'PUT',
        `/api/global-region/${region.id}`,
        { name: 'Polar', code: 'POL' },
        cookie,
      )
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: permissionRefusal('global-regions.write') })
    }
    expect(await regionByCode('ARC')).toMatchObject({ name: 'Arctic' })
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/global-region/${region.id}`,
      payload: { name: 'Polar', code: 'POL' },
    })
    expect(anonymous.statusCode).toBe(401)
    expect(await regionByCode('ARC')).toMatchObject({ name: 'Arctic' })
    await write('DELETE', `/api/global-region/${region.id}`)
  })
})

describe('DELETE /api/global-region/:id', () => {
  it('deletes a non-default region with the spec message', async () => {
    const region = await create('Antarctica', 'ANT')
    const before = await rowCount()
    const response = await write('DELETE', `/api/global-region/${region.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Success: Record successfully deleted' })
    expect(await rowCount()).toBe(before - 1)
    expect((await get(`/api/global-region/${region.id}`)).statusCode).toBe(404)
    expect((await list('?search=Antarctica')).json()).toEqual([])
    expect((await write('DELETE', `/api/global-region/${region.id}`)).statusCode).toBe(404)
    // The code is free again.
    const again = await create('Antarctica', 'ANT')
    await write('DELETE', `/api/global-region/${again.id}`)
  })

  it.each(defaults.map((d) => d.code))('refuses to delete the default region %s (403)', async (code) => {
    const region = await regionByCode(code)
    const response = await write('DELETE', `/api/global-region/${region.id}`)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ message: messages.defaultGlobalRegionLocked })
    expect(await regionByCode(code)).toEqual(region)
  })

  it('answers 404 for an unknown id', async () => {
    expect((await write('DELETE', '/api/global-region/999999')).statusCode).toBe(404)
  })

  it('refuses admin and csr with 403, an anonymous caller with 401, and deletes nothing', async () => {
    const region = await create('Sahara', 'SAH')
    for (const cookie of [harbourAdmin, harbourCsr, summitAdmin, summitCsr]) {
      const response = await write('DELETE', `/api/global-region/${region.id}`, undefined, cookie)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: permissionRefusal('global-regions.write') })
    }
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/global-region/${region.id}` })
    expect(anonymous.statusCode).toBe(401)
    expect((await get(`/api/global-region/${region.id}`)).statusCode).toBe(200)
    await write('DELETE', `/api/global-region/${region.id}`)
  })
})
