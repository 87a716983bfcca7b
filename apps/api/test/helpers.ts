import pg from 'pg'
import { inject, vi } from 'vitest'
import { buildApp } from '../src/app.ts'
import { type Config, loadConfig } from '../src/config.ts'
import type { Database } from '../src/db/client.ts'
import { DEMO_PASSWORD } from '../src/db/seed/seed.ts'
import { openTestDatabase } from './template.ts'

export { DEMO_PASSWORD }

export const logins = {
  super: 'super@spaceboard.test',
  harbourAdmin: 'admin@harbour.test',
  harbourCsr: 'csr@harbour.test',
  summitAdmin: 'admin@summit.test',
  summitCsr: 'csr@summit.test',
} as const

export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    { APP_SECRET: 'test-secret', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data' },
    { webDir: undefined, seedDemo: false, ...overrides },
  )
}

/** An app on a fresh copy of the seeded test database. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Parameters<typeof buildApp>[2] = {},
) {
  const database = await openTestDatabase(inject('dbTemplate'))
  const built = await buildApp(testConfig(overrides), database, { workflowPoll: false, ...options })
  await built.app.ready()
  const app = built.app

  async function signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { backend: 1, email, password },
    })
    if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.body}`)
    const cookie = response.cookies.find((c) => c.name === 'sb_session')
    if (!cookie) throw new Error('no session cookie')
    return `sb_session=${cookie.value}`
  }

  /** One API call as a signed-in cookie (or anonymous), with an optional Range header. */
  function api(
    cookie: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    range?: string,
  ) {
    const headers: Record<string, string> = {}
    if (cookie) headers.cookie = cookie
    if (range) headers.range = range
    return app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  }

  return {
    app,
    api,
    database,
    routeAccess: built.routeAccess,
    mailer: built.mailer,
    workflows: built.workflows,
    background: built.background,
    calendarAnswers: built.calendarAnswers,
    signIn,
    async close() {
      await app.close()
      await database.close()
    },
  }
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>

export interface RunStatement {
  /** A prepared statement's name; undefined for an unnamed one. */
  name: string | undefined
  sql: string
}

/**
 * The statements the database is asked to run while `run` runs, in order: on PostgreSQL as
 * node-postgres sends them (prepared selects skip drizzle's execute there: db/prepared.ts), on
 * PGlite as drizzle prepares them (which it does twice per query in a transaction).
 */
export async function statementsRunBy<T>(
  database: Database,
  run: () => Promise<T>,
): Promise<{ result: T; statements: RunStatement[] }> {
  if (database.kind === 'postgres') {
    const sent = vi.spyOn(pg.Client.prototype, 'query')
    try {
      const result = await run()
      const statements = sent.mock.calls.map(([config]): RunStatement => {
        if (typeof config === 'string') return { name: undefined, sql: config }
        const { name, text } = config as { name?: string; text: string }
        return { name, sql: text }
      })
      return { result, statements }
    } finally {
      sent.mockRestore()
    }
  }
  const session = Object.getPrototypeOf(database.db._.session)
  const prepare = vi.spyOn(session, 'prepareQuery')
  try {
    const result = await run()
    const statements = prepare.mock.calls.map(
      ([query, , name]): RunStatement => ({
        name: name as string | undefined,
        sql: (query as { sql: string }).sql,
      }),
    )
    return { result, statements }
  } finally {
    prepare.mockRestore()
  }
}
