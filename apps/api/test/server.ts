import path from 'node:path'
import { sql } from 'drizzle-orm'
import { inject } from 'vitest'
import { buildApp } from '../src/app.ts'
import type { Config } from '../src/config.ts'
import { listOutbox } from '../src/platform/mail.repository.ts'
import { testConfig } from './helpers.ts'
import { openTestDatabase } from './template.ts'

const webDir = path.resolve(import.meta.dirname, '../../web/dist')

/** The whole application (API + built SPA) on a fresh seeded database, on a free local port. */
export async function startTestServer(overrides: Partial<Config> = {}) {
  const database = await openTestDatabase(inject('dbTemplate'))
  const { app } = await buildApp(testConfig({ webDir, ...overrides }), database)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('server has no port')
  const url = `http://127.0.0.1:${address.port}`
  return {
    url,
    async outbox() {
      const rows = await database.db.transaction((tx) => listOutbox(tx))
      return rows.map((r) => ({ to: r.to, subject: r.subject, text: r.text }))
    },
    /** Runs a statement on the app's database: fixtures the screens cannot set up (a space open all night). */
    async sql(statement: string) {
      await database.db.execute(sql.raw(statement))
    },
    async close() {
      await app.close()
      await database.close()
    },
  }
}
