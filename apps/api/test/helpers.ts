import { inject } from 'vitest'
import { buildApp } from '../src/app.ts'
import { type Config, loadConfig } from '../src/config.ts'
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
    signIn,
    async close() {
      await app.close()
      await database.close()
    },
  }
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>
