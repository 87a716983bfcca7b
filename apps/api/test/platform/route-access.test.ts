import {
  can,
  messages,
  type Permission,
  permissionRefusal,
  permissionTable,
  type UserType,
} from '@spaceboard/domain'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { createTestApp, logins, type TestApp, testConfig } from '../helpers.ts'
import { openTestDatabase } from '../template.ts'

let t: TestApp
const cookies = {} as Record<Exclude<UserType, 'basic'>, string>
beforeAll(async () => {
  t = await createTestApp()
  cookies.super = await t.signIn(logins.super)
  cookies.admin = await t.signIn(logins.harbourAdmin)
  cookies.csr = await t.signIn(logins.harbourCsr)
})
afterAll(() => t.close())

const apiRoutes = () =>
  t.routeAccess
    .filter((r) => !r.url.startsWith('/api/docs'))
    .map((r) => ({ ...r, path: r.url.replace(':id', '1') }))

describe('route access table', () => {
  it('declares the access of every API route (snapshot: a new or changed route shows up in review)', () => {
    const table = [...t.routeAccess]
      .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
      .map((r) => `${r.method.padEnd(6)} ${r.url.padEnd(40)} ${r.access}`)
    expect(new Set(table).size).toBe(table.length)
    expect(table).toMatchSnapshot()
  })

  it('uses only permissions the domain table knows', () => {
    for (const { access } of t.routeAccess) {
      if (access === 'public' || access === 'signed-in') continue
      expect(Object.keys(permissionTable)).toContain(access)
    }
  })

  it('answers 401 to an anonymous caller on every non-public route, before reading the body', async () => {
    const guarded = apiRoutes().filter((r) => r.access !== 'public')
    expect(guarded.length).toBeGreaterThan(0)
    for (const route of guarded) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: route.path,
        headers: { 'content-type': 'application/json' },
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{not json',
      })
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401)
      expect(response.json()).toEqual({ message: messages.notSignedIn })
    }
  })

  it('answers 403 on every route a signed-in role lacks the permission for, before reading the body', async () => {
    const checked: string[] = []
    for (const route of apiRoutes()) {
      if (route.access === 'public' || route.access === 'signed-in') continue
      for (const [type, cookie] of Object.entries(cookies) as [UserType, string][]) {
        if (can(type, route.access as Permission)) continue
        checked.push(`${type} ${route.method} ${route.url}`)
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: route.path,
          headers: { cookie, 'content-type': 'application/json' },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{not json',
        })
        expect(response.statusCode, `${type} ${route.method} ${route.url}`).toBe(403)
        expect(response.json()).toEqual({ message: permissionRefusal(route.access as Permission) })
      }
    }
    // At least admin and csr on the three writes (POST, PUT, DELETE) of countries and of global regions.
    const foundation = checked.filter((c) =>
      /^(admin|csr) (POST|PUT|DELETE) \/api\/(country|global-region)/.test(c),
    )
    expect(foundation).toHaveLength(12)
  })

  it('lets every role with the permission through the access check', async () => {
    for (const route of apiRoutes()) {
      if (route.access === 'public' || route.method !== 'GET') continue
      for (const [type, cookie] of Object.entries(cookies) as [UserType, string][]) {
        if (route.access !== 'signed-in' && !can(type, route.access as Permission)) continue
        const response = await t.app.inject({ method: 'GET', url: route.path, headers: { cookie } })
        // Past the access check: whatever the route answers next (200, 404, a 400 for a missing query), not 401/403.
        expect([401, 403], `${type} GET ${route.url}`).not.toContain(response.statusCode)
        expect(response.statusCode, `${type} GET ${route.url}`).toBeLessThan(500)
      }
    }
  })

  it('serves the public routes without a session', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' })
    expect(config.statusCode).toBe(200)
    expect(config.json()).toEqual({
      pricingUrl: testConfig().pricingUrl,
      mapTileUrl: testConfig().mapTileUrl,
      organizationDefaults: testConfig().organizationDefaults,
    })
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(docs.statusCode).toBe(200)
    const paths = Object.keys(docs.json().paths)
    for (const route of apiRoutes()) {
      expect(paths, route.url).toContain(route.url.replace(/:(\w+)/g, '{$1}'))
    }
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout' })
    expect(logout.statusCode).toBe(204)
  })
})

describe('startup check', () => {
  it('refuses to start when an API route declares no access', async () => {
    const database = await openTestDatabase(inject('dbTemplate'))
    const { app } = await buildApp(testConfig(), database)
    try {
      let failure: unknown
      try {
        app.get('/api/unguarded', () => ({ secret: true }))
        await app.ready()
      } catch (error) {
        failure = error
      }
      expect(String(failure)).toMatch(/GET \/api\/unguarded declares no access/)
    } finally {
      await app.close().catch(() => {})
      await database.close()
    }
  })

  it('starts when the route declares its access', async () => {
    const database = await openTestDatabase(inject('dbTemplate'))
    const { app } = await buildApp(testConfig(), database)
    try {
      app.get('/api/guarded', { config: { access: 'countries.read' } }, () => ({ ok: true }))
      await app.ready()
      expect((await app.inject({ method: 'GET', url: '/api/guarded' })).statusCode).toBe(401)
    } finally {
      await app.close()
      await database.close()
    }
  })
})
