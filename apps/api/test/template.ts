import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { type Database, dumpPglite, openDatabase } from '../src/db/client.ts'
import { seedDemoData, seedReferenceData } from '../src/db/seed/seed.ts'

const tmpDir = path.resolve(import.meta.dirname, '../../../.tmp')
const templateFile = path.join(tmpDir, 'pglite-template.tar')

async function seed(database: Database) {
  await seedReferenceData(database.db)
  await seedDemoData(database.db)
}

/** Builds, once per test run, a migrated and seeded database that every test database starts from. */
export async function buildTemplate(): Promise<{ pgTemplate?: string; pgBaseUrl?: string }> {
  const baseUrl = process.env.TEST_DATABASE_URL
  if (baseUrl) {
    const name = `sb_tpl_${process.pid}_${Date.now()}`
    const admin = new pg.Client({ connectionString: baseUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(baseUrl, name) })
    await seed(database)
    await database.close()
    return { pgTemplate: name, pgBaseUrl: baseUrl }
  }
  const database = await openDatabase({ kind: 'pglite-memory' })
  await seed(database)
  const dump = await dumpPglite(database)
  await database.close()
  mkdirSync(tmpDir, { recursive: true })
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()))
  return {}
}

export async function dropTemplate(template: { pgTemplate?: string; pgBaseUrl?: string }) {
  if (!template.pgTemplate || !template.pgBaseUrl) return
  const admin = new pg.Client({ connectionString: template.pgBaseUrl })
  await admin.connect()
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
    [template.pgTemplate, `${template.pgTemplate}_t%`],
  )
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)
  await admin.end()
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

let counter = 0

/** A fresh database for one test file: a copy of the template. */
export async function openTestDatabase(template: {
  pgTemplate?: string
  pgBaseUrl?: string
}): Promise<Database> {
  if (template.pgTemplate && template.pgBaseUrl) {
    const name = `${template.pgTemplate}_t${process.pid}_${counter++}`
    const admin = new pg.Client({ connectionString: template.pgBaseUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.pgTemplate}`)
    await admin.end()
    return openDatabase({ kind: 'postgres', url: withDatabase(template.pgBaseUrl, name) })
  }
  const dump = new Blob([readFileSync(templateFile)])
  return openDatabase({ kind: 'pglite-memory', loadDataDir: dump })
}
