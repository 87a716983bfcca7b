import { messages } from '@spaceboard/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countries } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

// Issue 15 item 15: list search accepts any printable text ("O'Brien" was refused), everywhere.

let t: TestApp
let superCookie: string
beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
})
afterAll(() => t.close())

/** Every list route: a GET without a path parameter. */
const listRoutes = () =>
  t.routeAccess
    .filter((r) => r.method === 'GET' && !r.url.includes(':') && !r.url.startsWith('/api/docs'))
    .map((r) => r.url)

describe('list search', () => {
  it.each(["O'Brien", '50% off', 'a--b', 'Zoë & Co. <b>', '"quoted"', 'back\\slash', '日本'])(
    'accepts %j on every list route',
    async (search) => {
      for (const url of listRoutes()) {
        const response = await t.api(superCookie, 'GET', `${url}?search=${encodeURIComponent(search)}`)
        expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBeLessThan(500)
        expect(response.json()?.message, url).not.toBe(messages.invalidSearch)
      }
    },
  )

  it('finds a record whose name has an apostrophe', async () => {
    // The country form's own rules keep apostrophes out of names; a name imported earlier may have one.
    await t.database.db.insert(countries).values({ name: "Côte d'Ivoire", code: 'CI' })
    const found = await t.api(superCookie, 'GET', `/api/country?search=${encodeURIComponent("d'Ivoire")}`)
    expect(found.statusCode).toBe(200)
    expect((found.json() as { name: string }[]).map((c) => c.name)).toEqual(["Côte d'Ivoire"])
  })

  it('refuses control characters with the message', async () => {
    const response = await t.api(superCookie, 'GET', '/api/country?search=a%00b')
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe(messages.invalidSearch)
  })
})
