import { messages, permissionRefusal } from '@spaceboard/domain'
import { count, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countries } from '../../src/db/schema/index.ts'
import { countryList } from '../../src/db/seed/countries.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

const TOTAL = 57

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

interface CountryRow {
  id: number
  name: string
  code: string
  updated_at: string
}

function list(query = '', headers: Record<string, string> = {}, cookie = superCookie) {
  return t.app.inject({ method: 'GET', url: `/api/country${query}`, headers: { cookie, ...headers } })
}

const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = superCookie) =>
  t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

async function liveCount() {
  const [row] = await t.database.db.select({ n: count() }).from(countries).where(isNull(countries.deletedAt))
  return row?.n ?? 0
}

async function allCount() {
  const [row] = await t.database.db.select({ n: count() }).from(countries)
  return row?.n ?? 0
}

async function idOf(code: string) {
  const [row] = await t.database.db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.code, code))
  if (!row) throw new Error(`no country ${code}`)
  return row.id
}

const seededNames = countryList.map(([name]) => name).sort()
const seededCodes = countryList.map(([, code]) => code).sort()

describe('GET /api/country (list)', () => {
  it('answers the first page in name order with Content-Range for Range 0-19', async () => {
    const response = await list('', { range: '0-19' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-range']).toBe(`0-19/${TOTAL}`)
    const rows = response.json() as CountryRow[]
    expect(rows).toHaveLength(20)
    expect(rows.map((r) => r.name)).toEqual(seededNames.slice(0, 20))
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['code', 'id', 'name', 'updated_at'])
    expect(rows[0]).toMatchObject({ name: 'Argentina', code: 'AR' })
  })

  it('answers the last, partial page and accepts the items= form', async () => {
    const response = await list('', { range: '40-59' })
    expect(response.headers['content-range']).toBe(`40-56/${TOTAL}`)
    expect(response.json()).toHaveLength(17)
    const items = await list('', { range: 'items=0-9' })
    expect(items.headers['content-range']).toBe(`0-9/${TOTAL}`)
    expect(items.json()).toHaveLength(10)
  })

  it('answers an empty list with Content-Range */total for a Range past the end', async () => {
    const response = await list('', { range: '100-119' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([])
    expect(response.headers['content-range']).toBe(`*/${TOTAL}`)
  })

  it('pages with the page parameter when no Range is sent (20 a page)', async () => {
    const first = await list()
    expect(first.headers['content-range']).toBe(`0-19/${TOTAL}`)
    const second = await list('?page=2')
    expect(second.headers['content-range']).toBe(`20-39/${TOTAL}`)
    expect((second.json() as CountryRow[]).map((r) => r.name)).toEqual(seededNames.slice(20, 40))
    const third = await list('?page=3')
    expect(third.headers['content-range']).toBe(`40-56/${TOTAL}`)
    expect(third.json()).toHaveLength(17)
    const beyond = await list('?page=4')
    expect(beyond.json()).toEqual([])
    expect(beyond.headers['content-range']).toBe(`*/${TOTAL}`)
  })

  it('lets Range win over page', async () => {
    const response = await list('?page=3', { range: '0-4' })
    expect(response.headers['content-range']).toBe(`0-4/${TOTAL}`)
  })

  it.each(['abc', '19-0', '0-5000', 'bytes=0-19', '-5', '0-', '0-19,20-39', '1e3-2e3'])(
    'refuses the malformed Range %j with 400',
    async (range) => {
      const response = await list('', { range })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        message: messages.invalidRange,
        errors: { range: messages.invalidRange },
      })
    },
  )

  it.each(['0', '-1', 'abc', '1.5'])('refuses page=%s with 400', async (page) => {
    const response = await list(`?page=${page}`)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.page).toEqual(expect.any(String))
  })

  it('searches name and code, case-insensitively, with the total of the matches', async () => {
    const united = await list('?search=UNITED', { range: '0-19' })
    expect((united.json() as CountryRow[]).map((r) => r.code)).toEqual(['AE', 'GB', 'US'])
    expect(united.headers['content-range']).toBe('0-2/3')
    const byCode = await list('?search=gb')
    expect((byCode.json() as CountryRow[]).map((r) => r.name)).toEqual(['United Kingdom'])
    const spaced = await list(`?search=${encodeURIComponent('new zealand')}`)
    expect((spaced.json() as CountryRow[]).map((r) => r.code)).toEqual(['NZ'])
    const none = await list('?search=Atlantis', { range: '0-19' })
    expect(none.json()).toEqual([])
    expect(none.headers['content-range']).toBe('*/0')
  })

  it('pages through search results', async () => {
    const all = (await list('?search=a', { range: '0-99' })).json() as CountryRow[]
    const expected = countryList.filter(([name, code]) => /a/i.test(name) || /a/i.test(code)).length
    expect(all).toHaveLength(expected)
    const page = await list('?search=a', { range: '20-39' })
    expect(page.headers['content-range']).toBe(`20-39/${expected}`)
    expect((page.json() as CountryRow[]).map((r) => r.id)).toEqual(all.slice(20, 40).map((r) => r.id))
  })

  it("treats '_' and '%' literally, never as wildcards", async () => {
    const underscore = await list('?search=_')
    expect(underscore.statusCode).toBe(200)
    expect(underscore.json()).toEqual([])
    expect(underscore.headers['content-range']).toBe('*/0')
    const twoUnderscores = await list('?search=U_')
    expect(twoUnderscores.json()).toEqual([])
    const percent = await list(`?search=${encodeURIComponent('%')}`)
    expect(percent.statusCode).toBe(200)
    expect(percent.json()).toEqual([])
  })

  it.each([
    "'; drop table countries; --",
    "' OR '1'='1",
    'a"b',
    'x; select 1',
    'name -- comment',
    String.raw`back\slash`,
  ])('searches %j as plain text (a bound parameter) and leaves the table intact', async (search) => {
    const response = await list(`?search=${encodeURIComponent(search)}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([])
    expect(await allCount()).toBeGreaterThanOrEqual(TOTAL)
    expect((await list()).headers['content-range']).toMatch(/\/\d+$/)
  })

  it('refuses a search longer than 200 characters', async () => {
    const response = await list(`?search=${'a'.repeat(201)}`)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.search).toEqual(expect.any(String))
  })

  it('orders by name, code or updated_at, ascending or descending', async () => {
    const names = async (query: string) =>
      ((await list(query, { range: '0-99' })).json() as CountryRow[]).map((r) => r.name)
    const codes = async (query: string) =>
      ((await list(query, { range: '0-99' })).json() as CountryRow[]).map((r) => r.code)
    expect(await names('?order=name&direct=asc')).toEqual(seededNames)
    expect(await names('?order=name&direct=desc')).toEqual([...seededNames].reverse())
    expect(await codes('?order=code')).toEqual(seededCodes)
    expect(await codes('?order=code&direct=desc')).toEqual([...seededCodes].reverse())
    // Empty order is the default (name), as the list page sends it.
    expect(await names('?order=&direct=asc')).toEqual(seededNames)
  })

  it('orders by updated_at: a just-edited country comes first descending, last ascending', async () => {
    const id = await idOf('FJ')
    expect((await write('PUT', `/api/country/${id}`, { name: 'Fiji', code: 'FJ' })).statusCode).toBe(200)
    const desc = (await list('?order=updated_at&direct=desc', { range: '0-99' })).json() as CountryRow[]
    expect(desc[0]?.code).toBe('FJ')
    const asc = (await list('?order=updated_at&direct=asc', { range: '0-99' })).json() as CountryRow[]
    expect(asc.at(-1)?.code).toBe('FJ')
    // Ties (the seeded rows share one timestamp) break by id, so pages never overlap.
    const page1 = (await list('?order=updated_at', { range: '0-19' })).json() as CountryRow[]
    const page2 = (await list('?order=updated_at', { range: '20-39' })).json() as CountryRow[]
    const ids = new Set([...page1, ...page2].map((r) => r.id))
    expect(ids.size).toBe(40)
  })

  it('ignores random (the cache-buster)', async () => {
    const plain = await list('?order=code', { range: '0-19' })
    const random = await list('?order=code&random=0.8231', { range: '0-19' })
    expect(random.statusCode).toBe(200)
    expect(random.json()).toEqual(plain.json())
    expect(random.headers['content-range']).toBe(plain.headers['content-range'])
  })

  it('refuses an order outside the whitelist and a direction other than asc|desc', async () => {
    for (const order of ['password_hash', 'id', 'name;drop', 'deleted_at']) {
      const response = await list(`?order=${encodeURIComponent(order)}`)
      expect(response.statusCode).toBe(400)
      expect(response.json().errors.order).toBe(messages.invalidOrder(['name', 'code', 'updated_at']))
    }
    const direct = await list('?direct=sideways')
    expect(direct.statusCode).toBe(400)
    expect(direct.json().errors.direct).toBe(messages.invalidDirect)
  })

  it('ignores query parameters the list does not know', async () => {
    const response = await list('?foo=bar')
    expect(response.statusCode).toBe(200)
  })

  it('is readable by every signed-in role, with the same content', async () => {
    const reference = (await list('', { range: '0-19' })).json()
    for (const cookie of [harbourAdmin, harbourCsr, summitAdmin, summitCsr]) {
      const response = await list('', { range: '0-19' }, cookie)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual(reference)
    }
  })

  it('answers 401 to an anonymous caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/country' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: messages.notSignedIn })
  })
})

describe('GET /api/country/:id', () => {
  it('answers one country', async () => {
    const id = await idOf('AU')
    const response = await list(`/${id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ id, name: 'Australia', code: 'AU' })
    expect(new Date(response.json().updated_at).getTime()).not.toBeNaN()
  })

  it('is readable by admin and csr', async () => {
    const id = await idOf('AU')
    for (const cookie of [harbourAdmin, summitCsr]) {
      expect((await list(`/${id}`, {}, cookie)).statusCode).toBe(200)
    }
  })

  it('answers 404 for an unknown id', async () => {
    const response = await list('/999999')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: messages.notFound })
  })

  it('answers 400 for an id that is not a whole number', async () => {
    for (const id of ['abc', '1.5', '-1', '0', '99999999999']) {
      const response = await list(`/${id}`)
      expect(response.statusCode).toBe(400)
      expect(response.json().errors.id).toBe('The id must be a whole number.')
    }
  })

  it('answers 401 to an anonymous caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/country/${await idOf('AU')}` })
    expect(response.statusCode).toBe(401)
  })
})

describe('POST /api/country', () => {
  it('creates a country (201) that then shows in the list', async () => {
    const response = await write('POST', '/api/country', { name: 'Atlantis', code: 'ATL' })
    expect(response.statusCode).toBe(201)
    const created = response.json() as CountryRow
    expect(created).toMatchObject({ name: 'Atlantis', code: 'ATL', id: expect.any(Number) })
    const found = await list('?search=Atlantis')
    expect(found.json()).toEqual([created])
    expect((await list(`/${created.id}`)).json()).toEqual(created)
    expect((await list()).headers['content-range']).toBe(`0-19/${TOTAL + 1}`)
    await write('DELETE', `/api/country/${created.id}`)
  })

  it('trims the name and code', async () => {
    const response = await write('POST', '/api/country', { name: '  Narnia ', code: ' NR ' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ name: 'Narnia', code: 'NR' })
    await write('DELETE', `/api/country/${response.json().id}`)
  })

  it.each([
    ['an empty name', { name: '', code: 'XX' }, 'name', 'Country Name is required.'],
    ['a blank name', { name: '   ', code: 'XX' }, 'name', 'Country Name is required.'],
    ['a missing name', { code: 'XX' }, 'name', 'Country Name is required.'],
    ['a null name', { name: null, code: 'XX' }, 'name', 'Country Name is required.'],
    ['digits in the name', { name: 'Area 51', code: 'XX' }, 'name', 'Only character allowed'],
    ['punctuation in the name', { name: "Côte d'Ivoire", code: 'XX' }, 'name', 'Only character allowed'],
    ['a name over 50 characters', { name: 'A'.repeat(51), code: 'XX' }, 'name', 'Only character allowed'],
    ['an empty code', { name: 'Xanadu', code: '' }, 'code', 'Abbreviation is required.'],
    ['a missing code', { name: 'Xanadu' }, 'code', 'Abbreviation is required.'],
    ['a lowercase code', { name: 'Xanadu', code: 'xa' }, 'code', 'Only capital characters allowed'],
    ['a mixed-case code', { name: 'Xanadu', code: 'Xa' }, 'code', 'Only capital characters allowed'],
    ['a one-letter code', { name: 'Xanadu', code: 'X' }, 'code', 'Only capital characters allowed'],
    ['a four-letter code', { name: 'Xanadu', code: 'XANA' }, 'code', 'Only capital characters allowed'],
    ['digits in the code', { name: 'Xanadu', code: 'X1' }, 'code', 'Only capital characters allowed'],
  ])('refuses %s with the spec message and writes nothing', async (_case, payload, field, message) => {
    const before = await allCount()
    const response = await write('POST', '/api/country', payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[field]).toBe(message)
    expect(response.json().message).toBe(message)
    expect(await allCount()).toBe(before)
  })

  it('accepts a name of exactly 50 letters and a three-letter code', async () => {
    const name = `${'A'.repeat(25)} ${'b'.repeat(24)}`
    expect(name).toHaveLength(50)
    const response = await write('POST', '/api/country', { name, code: 'ABC' })
    expect(response.statusCode).toBe(201)
    await write('DELETE', `/api/country/${response.json().id}`)
  })

  it('accepts letters of other alphabets in the name', async () => {
    const response = await write('POST', '/api/country', { name: 'Österreich Ünd Ñandú', code: 'OEN' })
    expect(response.statusCode).toBe(201)
    await write('DELETE', `/api/country/${response.json().id}`)
  })

  it('reports both fields when both are missing', async () => {
    const response = await write('POST', '/api/country', {})
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({
      name: messages.countryNameRequired,
      code: messages.countryCodeRequired,
    })
  })

  it('refuses a duplicate name (in any case) or code with 409 and writes nothing', async () => {
    const before = await allCount()
    for (const payload of [
      { name: 'Australia', code: 'ZZ' },
      { name: 'AUSTRALIA', code: 'ZZ' },
      { name: 'Oz', code: 'AU' },
    ]) {
      const response = await write('POST', '/api/country', payload)
      expect(response.statusCode).toBe(409)
      expect(response.json()).toEqual({ message: messages.countryAlreadyExists })
    }
    expect(await allCount()).toBe(before)
  })

  it.each([
    ['admin', () => harbourAdmin],
    ['csr', () => harbourCsr],
    ['admin of another organization', () => summitAdmin],
    ['csr of another organization', () => summitCsr],
  ])('refuses an %s with 403 and writes nothing', async (_role, cookie) => {
    const before = await allCount()
    const response = await write('POST', '/api/country', { name: 'Lemuria', code: 'LM' }, cookie())
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ message: permissionRefusal('countries.write') })
    expect(await allCount()).toBe(before)
  })

  it('answers 401 to an anonymous caller and writes nothing', async () => {
    const before = await allCount()
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/country',
      payload: { name: 'Lemuria', code: 'LM' },
    })
    expect(response.statusCode).toBe(401)
    expect(await allCount()).toBe(before)
  })
})

describe('PUT /api/country/:id', () => {
  it('updates name and code, and the change shows in GET and the list', async () => {
    const id = await idOf('PG')
    const response = await write('PUT', `/api/country/${id}`, { name: 'Papua', code: 'PNG' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ id, name: 'Papua', code: 'PNG' })
    expect((await list(`/${id}`)).json()).toMatchObject({ name: 'Papua', code: 'PNG' })
    expect(((await list('?search=PNG')).json() as CountryRow[]).map((r) => r.id)).toEqual([id])
    await write('PUT', `/api/country/${id}`, { name: 'Papua New Guinea', code: 'PG' })
  })

  it('keeps its own name and code (not a duplicate of itself)', async () => {
    const id = await idOf('NZ')
    const response = await write('PUT', `/api/country/${id}`, { name: 'NEW ZEALAND', code: 'NZ' })
    expect(response.statusCode).toBe(200)
    await write('PUT', `/api/country/${id}`, { name: 'New Zealand', code: 'NZ' })
  })

  it("refuses another country's name or code with 409 and changes nothing", async () => {
    const id = await idOf('NZ')
    for (const payload of [
      { name: 'australia', code: 'NZ' },
      { name: 'New Zealand', code: 'AU' },
    ]) {
      const response = await write('PUT', `/api/country/${id}`, payload)
      expect(response.statusCode).toBe(409)
      expect(response.json().message).toBe(messages.countryAlreadyExists)
    }
    expect((await list(`/${id}`)).json()).toMatchObject({ name: 'New Zealand', code: 'NZ' })
  })

  it('validates with the spec messages', async () => {
    const id = await idOf('NZ')
    const cases: [object, string, string][] = [
      [{ name: '', code: 'NZ' }, 'name', messages.countryNameRequired],
      [{ name: 'New Zealand 2', code: 'NZ' }, 'name', messages.countryNameCharacters],
      [{ name: 'New Zealand', code: '' }, 'code', messages.countryCodeRequired],
      [{ name: 'New Zealand', code: 'nz' }, 'code', messages.countryCodeCapitals],
    ]
    for (const [payload, field, message] of cases) {
      const response = await write('PUT', `/api/country/${id}`, payload)
      expect(response.statusCode).toBe(400)
      expect(response.json().errors[field]).toBe(message)
    }
    expect((await list(`/${id}`)).json()).toMatchObject({ name: 'New Zealand', code: 'NZ' })
  })

  it('answers 404 for an unknown id', async () => {
    const response = await write('PUT', '/api/country/999999', { name: 'Nowhere', code: 'NW' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: messages.notFound })
  })

  it('refuses admin and csr with 403 and changes nothing', async () => {
    const id = await idOf('NZ')
    for (const cookie of [harbourAdmin, harbourCsr, summitAdmin, summitCsr]) {
      const response = await write('PUT', `/api/country/${id}`, { name: 'Aotearoa', code: 'NZ' }, cookie)
      expect(response.statusCode).toBe(403)
    }
    expect((await list(`/${id}`)).json()).toMatchObject({ name: 'New Zealand' })
  })

  it('answers 401 to an anonymous caller', async () => {
    const id = await idOf('NZ')
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/country/${id}`,
      payload: { name: 'Aotearoa', code: 'NZ' },
    })
    expect(response.statusCode).toBe(401)
    expect((await list(`/${id}`)).json()).toMatchObject({ name: 'New Zealand' })
  })
})

describe('DELETE /api/country/:id', () => {
  it('deletes with the spec message; the country leaves the list, GET, PUT and DELETE', async () => {
    const id = await idOf('VN')
    const before = await liveCount()
    const response = await write('DELETE', `/api/country/${id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Success: Record successfully deleted' })
    expect(await liveCount()).toBe(before - 1)
    expect((await list('?search=Vietnam')).json()).toEqual([])
    const all = (await list('', { range: '0-99' })).json() as CountryRow[]
    expect(all.some((r) => r.id === id)).toBe(false)
    expect((await list('', { range: '0-99' })).headers['content-range']).toBe(`0-${before - 2}/${before - 1}`)
    expect((await list(`/${id}`)).statusCode).toBe(404)
    expect((await write('PUT', `/api/country/${id}`, { name: 'Vietnam', code: 'VN' })).statusCode).toBe(404)
    expect((await write('DELETE', `/api/country/${id}`)).statusCode).toBe(404)

    // Its name and code are free again.
    const recreated = await write('POST', '/api/country', { name: 'Vietnam', code: 'VN' })
    expect(recreated.statusCode).toBe(201)
    expect(recreated.json().id).not.toBe(id)
  })

  it('answers 404 for an unknown id', async () => {
    const response = await write('DELETE', '/api/country/999999')
    expect(response.statusCode).toBe(404)
  })

  it('refuses admin and csr with 403 and deletes nothing', async () => {
    const id = await idOf('TH')
    for (const cookie of [harbourAdmin, harbourCsr, summitAdmin, summitCsr]) {
      const response = await write('DELETE', `/api/country/${id}`, undefined, cookie)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: permissionRefusal('countries.write') })
    }
    expect((await list(`/${id}`)).statusCode).toBe(200)
  })

  it('answers 401 to an anonymous caller and deletes nothing', async () => {
    const id = await idOf('TH')
    const response = await t.app.inject({ method: 'DELETE', url: `/api/country/${id}` })
    expect(response.statusCode).toBe(401)
    expect((await list(`/${id}`)).statusCode).toBe(200)
  })
})

describe('id parameters', () => {
  it('accepts only plain decimal ids', async () => {
    const t2 = await createTestApp()
    const cookie = await t2.signIn(logins.super)
    for (const id of ['1e3', '0x10', '1.0', '01']) {
      const response = await t2.app.inject({ method: 'GET', url: `/api/country/${id}`, headers: { cookie } })
      expect(response.statusCode, id).toBe(400)
    }
    await t2.close()
  })
})
