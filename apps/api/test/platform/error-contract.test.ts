import { messages } from '@spaceboard/domain'
import { count, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import type { Database } from '../../src/db/client.ts'
import { countries, globalRegions, users } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp, testConfig } from '../helpers.ts'
import { openTestDatabase } from '../template.ts'

let t: TestApp
let superCookie: string
beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
})
afterAll(() => t.close())

async function rowCounts() {
  const db = t.database.db
  const [c] = await db.select({ n: count() }).from(countries)
  const [g] = await db.select({ n: count() }).from(globalRegions)
  const [u] = await db.select({ n: count() }).from(users)
  return { countries: c?.n, globalRegions: g?.n, users: u?.n }
}

async function userSnapshot() {
  return t.database.db.select().from(users).orderBy(users.id)
}

/** Sends a raw body; asserts the answer is a 400 in the error contract and that nothing was written. */
async function expectRefused(
  request: { method: 'POST' | 'PUT' | 'DELETE' | 'GET'; url: string; body?: string; contentType?: string },
  check: (body: { message: string; errors?: Record<string, string> }) => void,
) {
  const before = await rowCounts()
  const usersBefore = await userSnapshot()
  const response = await t.app.inject({
    method: request.method,
    url: request.url,
    headers: {
      cookie: superCookie,
      ...(request.body === undefined ? {} : { 'content-type': request.contentType ?? 'application/json' }),
    },
    ...(request.body === undefined ? {} : { payload: request.body }),
  })
  expect(response.statusCode).toBe(400)
  expect(response.headers['content-type']).toMatch(/^application\/json/)
  const body = response.json()
  expect(typeof body.message).toBe('string')
  expect(Object.keys(body).every((k) => k === 'message' || k === 'errors')).toBe(true)
  check(body)
  expect(await rowCounts()).toEqual(before)
  expect(await userSnapshot()).toEqual(usersBefore)
  return response
}

async function firstCountryId() {
  const [row] = await t.database.db
    .select({ id: countries.id })
    .from(countries)
    .orderBy(countries.id)
    .limit(1)
  return row?.id ?? 1
}

const writeRoutes = (id: number) =>
  [
    ['POST', '/api/country'],
    ['PUT', `/api/country/${id}`],
    ['POST', '/api/global-region'],
    ['PUT', '/api/profile'],
    ['POST', '/api/login'],
    ['POST', '/api/forgot-password'],
    ['POST', '/api/reset-password'],
  ] as const

describe('malformed bodies', () => {
  it('refuses malformed JSON on every write route with the malformed-JSON message', async () => {
    for (const [method, url] of writeRoutes(await firstCountryId())) {
      for (const body of ['{"name": ', "{name: 'Oz'}", '{"name":"Oz",}', 'not json']) {
        await expectRefused({ method, url, body }, (b) =>
          expect(b).toEqual({ message: messages.malformedJson }),
        )
      }
    }
  })

  it('refuses an empty JSON body', async () => {
    await expectRefused({ method: 'POST', url: '/api/country', body: '' }, (b) =>
      expect(b.message).toBe(messages.malformedJson),
    )
  })

  it('refuses a body over 1 MiB with the body-too-large message', async () => {
    const body = JSON.stringify({ name: 'A'.repeat(1024 * 1024), code: 'AB' })
    for (const url of ['/api/country', '/api/global-region']) {
      await expectRefused({ method: 'POST', url, body }, (b) =>
        expect(b).toEqual({ message: messages.bodyTooLarge }),
      )
    }
    await expectRefused(
      { method: 'PUT', url: '/api/profile', body: JSON.stringify({ first_name: 'x'.repeat(1_100_000) }) },
      (b) => expect(b.message).toBe(messages.bodyTooLarge),
    )
  })

  it('refuses a __proto__ key (prototype poisoning)', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/api/country',
        body: '{"__proto__": {"admin": true}, "name": "Oz", "code": "OZ"}',
      },
      (b) => expect(b.message).toEqual(expect.any(String)),
    )
    expect(({} as Record<string, unknown>).admin).toBeUndefined()
  })

  it('refuses a body that is not a JSON object', async () => {
    for (const body of ['null', '[]', '"Oz"', '42', '[{"name":"Oz","code":"OZ"}]']) {
      await expectRefused({ method: 'POST', url: '/api/country', body }, (b) =>
        expect(b.errors?._).toEqual(expect.any(String)),
      )
    }
  })

  it('refuses a body that is not JSON by content type', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/api/country',
        body: 'name=Oz&code=OZ',
        contentType: 'application/x-www-form-urlencoded',
      },
      (b) => expect(b.message).toBe('Send the request body as application/json.'),
    )
    await expectRefused({ method: 'POST', url: '/api/country', body: 'Oz', contentType: 'text/plain' }, (b) =>
      expect(b.message).toEqual(expect.any(String)),
    )
  })
})

describe('wrong types and unknown fields', () => {
  it.each([
    ['POST', '/api/country', { name: 123, code: 'AB' }, 'name', messages.countryNameRequired],
    ['POST', '/api/country', { name: 'Oz', code: ['OZ'] }, 'code', messages.countryCodeRequired],
    ['POST', '/api/country', { name: true, code: null }, 'name', messages.countryNameRequired],
    ['POST', '/api/global-region', { name: { a: 1 }, code: 'OC' }, 'name', messages.globalRegionNameRequired],
    ['POST', '/api/global-region', { name: 'Oceania', code: 7 }, 'code', messages.globalRegionCodeRequired],
    [
      'PUT',
      '/api/profile',
      { first_name: 1, last_name: 'Super', email: logins.super },
      'first_name',
      undefined,
    ],
    ['PUT', '/api/profile', { first_name: 'Sam', last_name: 'Super', email: 5 }, 'email', undefined],
    ['POST', '/api/forgot-password', { email: 5 }, 'email', undefined],
    ['POST', '/api/login', { backend: 1, email: logins.super, password: null }, 'password', undefined],
    ['POST', '/api/login', { backend: '1', email: logins.super, password: 'x' }, 'backend', undefined],
    ['POST', '/api/reset-password', { token: 1, password: 'x', confirm_password: 'x' }, 'token', undefined],
  ] as const)(
    '%s %s refuses %j with a message on the field',
    async (method, url, payload, field, message) => {
      await expectRefused({ method, url, body: JSON.stringify(payload) }, (b) => {
        expect(b.errors?.[field]).toEqual(message ?? expect.any(String))
        expect(b.message).toEqual(expect.any(String))
      })
    },
  )

  it.each([
    ['POST', '/api/country', { name: 'Oz', code: 'OZ', id: 5 }, ['id']],
    [
      'POST',
      '/api/country',
      { name: 'Oz', code: 'OZ', deleted_at: null, updated_at: 'x' },
      ['deleted_at', 'updated_at'],
    ],
    ['PUT', '/api/country/:id', { name: 'Argentina', code: 'AR', deleted_at: '2020-01-01' }, ['deleted_at']],
    ['POST', '/api/global-region', { name: 'Oceania', code: 'OC', is_default: true }, ['is_default']],
    [
      'PUT',
      '/api/profile',
      { first_name: 'Sam', last_name: 'Super', email: logins.super, organization_id: 1 },
      ['organization_id'],
    ],
    ['POST', '/api/forgot-password', { email: logins.super, redirect: 'https://evil.example' }, ['redirect']],
  ] as const)('%s %s refuses unknown fields by name', async (method, url, payload, fields) => {
    const path = url.replace(':id', String(await firstCountryId()))
    await expectRefused({ method, url: path, body: JSON.stringify(payload) }, (b) => {
      for (const field of fields) expect(b.errors?.[field]).toBe(messages.unknownField(field))
    })
  })
})

describe('ids in the path', () => {
  it.each(['abc', '1.5', '-1', '0', '99999999999', "1'", '1abc'])(
    'refuses the id %j on every :id route with 400 and writes nothing',
    async (id) => {
      for (const base of ['/api/country', '/api/global-region']) {
        const url = `${base}/${encodeURIComponent(id)}`
        const payload = JSON.stringify(
          base === '/api/country' ? { name: 'Oz', code: 'OZ' } : { name: 'Oc', code: 'OC' },
        )
        await expectRefused({ method: 'GET', url }, (b) =>
          expect(b.errors?.id).toBe('The id must be a whole number.'),
        )
        await expectRefused({ method: 'PUT', url, body: payload }, (b) => expect(b.errors?.id).toBeDefined())
        await expectRefused({ method: 'DELETE', url }, (b) => expect(b.errors?.id).toBeDefined())
      }
    },
  )

  it('answers an over-long or undecodable path in the error contract, not with a 500', async () => {
    for (const url of [`/api/country/${'1'.repeat(300)}`, '/api/country/%E0%A4%A']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: superCookie } })
      expect(response.statusCode).toBeGreaterThanOrEqual(400)
      expect(response.statusCode).toBeLessThan(500)
      expect(response.json()).toEqual({ message: expect.any(String) })
      expect(response.body).not.toContain('1111111111')
      expect(response.body).not.toContain('FST_')
    }
  })
})

describe('text the database cannot store', () => {
  it('answers 400, not 500, for a NUL character, and writes nothing', async () => {
    await expectRefused(
      {
        method: 'PUT',
        url: '/api/profile',
        body: JSON.stringify({ first_name: 'Sa\u0000m', last_name: 'Super', email: logins.super }),
      },
      (b) => expect(b.message).toEqual(expect.any(String)),
    )
    await expectRefused(
      {
        method: 'POST',
        url: '/api/global-region',
        body: JSON.stringify({ name: 'Ocea\u0000nia', code: 'OC' }),
      },
      (b) => expect(b.message).toEqual(expect.any(String)),
    )
    await expectRefused({ method: 'GET', url: '/api/country?search=a%00b' }, (b) =>
      expect(b.message).toBe(messages.invalidSearch),
    )
  })

  it('answers 400 for out-of-range list parameters, and huge offsets answer an empty page', async () => {
    await expectRefused({ method: 'GET', url: '/api/country?page=99999999999' }, (b) =>
      expect(b.errors?.page).toEqual(expect.any(String)),
    )
    const far = await t.app.inject({
      method: 'GET',
      url: '/api/country',
      headers: { cookie: superCookie, range: '999999000-999999019' },
    })
    expect(far.statusCode).toBe(200)
    expect(far.json()).toEqual([])
    expect(far.headers['content-range']).toBe('*/57')
  })
})

describe('unknown paths', () => {
  it('answers 404 JSON for an unknown /api path, with or without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/api'],
      ['GET', '/api/country/1/extra'],
      ['PATCH', '/api/country/1'],
    ] as const) {
      for (const headers of [{}, { cookie: superCookie }]) {
        const response = await t.app.inject({ method, url, headers })
        expect(response.statusCode).toBe(404)
        expect(response.headers['content-type']).toMatch(/^application\/json/)
        expect(response.json()).toEqual({ message: messages.notFound })
      }
    }
  })

  it('answers 404 for a path outside the API when no web app is built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin/profile/show' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: 'Not found.' })
  })
})

describe('security headers', () => {
  it('sends CSP, nosniff and frame options on success, refusal and not-found answers', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/country', headers: { cookie: superCookie } }),
      await t.app.inject({ method: 'GET', url: '/api/country' }),
      await t.app.inject({ method: 'GET', url: '/api/nope' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      }),
      await t.app.inject({ method: 'GET', url: '/api/config' }),
    ]
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404, 400, 200])
    for (const response of answers) {
      const csp = String(response.headers['content-security-policy'])
      expect(csp).toMatch(/(^|;)\s*script-src 'self'(;|$)/)
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['x-frame-options']).toMatch(/^(DENY|SAMEORIGIN)$/)
      expect(response.headers['x-powered-by']).toBeUndefined()
    }
  })

  it('grants no cross-origin access', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/country',
      headers: { cookie: superCookie, origin: 'https://evil.example' },
    })
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
    expect(response.headers['access-control-allow-credentials']).toBeUndefined()
  })
})

describe('server errors', () => {
  let database: Database
  let app: Awaited<ReturnType<typeof buildApp>>['app']
  let databaseClosed = false
  const secret = 'secret-detail /srv/spaceboard/internal.ts password=hunter2'

  beforeAll(async () => {
    database = await openTestDatabase(inject('dbTemplate'))
    app = (await buildApp(testConfig(), database)).app
    app.get('/api/test/throw', { config: { access: 'public' } }, () => {
      throw new Error(secret)
    })
    app.get('/api/test/throw-with-status', { config: { access: 'public' } }, () => {
      throw Object.assign(new Error(secret), { statusCode: 503, code: 'E_SECRET' })
    })
    app.get('/api/test/sql', { config: { access: 'public' } }, (request) =>
      request.anonymous(({ tx }) => tx.execute(sql`select 1 / 0 as "hunter2"`)),
    )
    app.get('/api/test/sql-syntax', { config: { access: 'public' } }, (request) =>
      request.anonymous(({ tx }) => tx.execute(sql.raw('selec password_hash from users'))),
    )
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    if (!databaseClosed) await database.close()
  })

  function expectOpaque500(response: Awaited<ReturnType<typeof app.inject>>) {
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ message: messages.internalError })
    for (const leak of [
      'secret',
      'hunter2',
      '/srv/',
      'stack',
      'at ',
      'password_hash',
      'division',
      'E_SECRET',
      'selec',
    ]) {
      expect(response.body).not.toContain(leak)
    }
  }

  it('answers an unexpected error with a 500 that carries no internals', async () => {
    expectOpaque500(await app.inject({ method: 'GET', url: '/api/test/throw' }))
    expectOpaque500(await app.inject({ method: 'GET', url: '/api/test/throw-with-status' }))
  })

  it('answers a database error that is not the caller’s fault with an opaque 500', async () => {
    expectOpaque500(await app.inject({ method: 'GET', url: '/api/test/sql' }))
    expectOpaque500(await app.inject({ method: 'GET', url: '/api/test/sql-syntax' }))
  })

  it('answers an opaque 500 when the database is gone', async () => {
    await database.close()
    databaseClosed = true
    expectOpaque500(
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { backend: 1, email: logins.super, password: 'x' },
      }),
    )
    expectOpaque500(
      await app.inject({ method: 'GET', url: '/api/country', headers: { cookie: 'sb_session=some-token' } }),
    )
  })
})
