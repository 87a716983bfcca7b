import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { POSTGRES_POOL_SIZE } from '../../src/db/client.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

// One app, its database taken apart step by step: the tests run in order.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close().catch(() => {}))

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) })

describe('GET /api/health (liveness) and GET /api/ready (readiness)', () => {
  it('both answer ok without a session, and with one', async () => {
    for (const url of ['/api/health', '/api/ready']) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.json(), url).toEqual({ status: 'ok' })
    }
    const cookie = await t.signIn(logins.harbourCsr)
    expect((await get('/api/ready', cookie)).statusCode).toBe(200)
  })

  it('ready: 503 within its deadline while the database does not answer', async () => {
    // PGlite runs one transaction at a time: one held open keeps every other query waiting. On
    // PostgreSQL every connection of the pool held open does the same.
    const releases: (() => void)[] = []
    const holders = t.database.kind === 'postgres' ? POSTGRES_POOL_SIZE : 1
    const held = Promise.all(
      Array.from({ length: holders }, () =>
        t.database.db.transaction(() => new Promise<void>((resolve) => releases.push(resolve))),
      ),
    )
    const release = () => {
      for (const r of releases) r()
    }
    // Every holder has its connection and has begun.
    while (releases.length < holders) await new Promise((resolve) => setTimeout(resolve, 5))
    try {
      const started = performance.now()
      const response = await get('/api/ready')
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({ message: 'The database did not answer within 3 s.' })
      expect(performance.now() - started).toBeLessThan(5000)
      expect((await get('/api/health')).statusCode).toBe(200)
    } finally {
      release()
      await held
    }
    expect((await get('/api/ready')).statusCode).toBe(200)
  })

  it('ready: 503 naming the migration the database lacks', async () => {
    await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    )
    const response = await get('/api/ready')
    expect(response.statusCode).toBe(503)
    expect(response.json().message).toMatch(/^The database lacks migrations: 00\d\d_\w+\.$/)
    expect((await get('/api/health')).statusCode).toBe(200)
  })

  it('ready: 503 when no migration was ever applied', async () => {
    await t.database.db.execute(sql`drop schema drizzle cascade`)
    const response = await get('/api/ready')
    expect(response.statusCode).toBe(503)
    expect(response.json().message).toMatch(/^The database lacks migrations: 0000_foundation, /)
  })

  it('with the database gone, health stays ok (a lost database must not get a live process restarted) and ready is 503', async () => {
    await t.database.close()
    const health = await get('/api/health')
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ status: 'ok' })
    const ready = await get('/api/ready')
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toEqual({ message: 'The database does not answer.' })
  })
})
