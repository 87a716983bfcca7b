import { type ChildProcess, spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApi, buildDbTemplate, dbTemplateKey } from '../../../../scripts/build-api.mjs'
import { openDatabase } from '../../src/db/client.ts'
import { beginTemplateCopy, startFromTemplate } from '../../src/db/data-folder.ts'
import { countryList } from '../../src/db/seed/countries.ts'
import { defaultAmenities } from '../../src/db/seed/organizations.ts'

// A new DATA_DIR starts as a copy of a migrated PGlite folder built with the API (scripts/build-api.mjs,
// src/db-template.ts); these build one and start from it.

const root = path.resolve(import.meta.dirname, '../../../..')
const journalOf = (migrations: string) =>
  JSON.parse(readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string; when: number }[]
  }
const sourceMigrations = path.join(root, 'apps/api/src/db/migrations')
// Inside the repository, where node_modules is found (so are the copies below).
const bundle = path.join(root, '.tmp', `db-template-test-${process.pid}`)
const template = path.join(bundle, 'pgdata-template')
const scratch = mkdtempSync(path.join(tmpdir(), 'sb-db-template-'))

beforeAll(() => buildApi(bundle), 120_000)
afterAll(() => {
  for (const copy of ['', '-older', '-changed']) rmSync(`${bundle}${copy}`, { recursive: true, force: true })
  rmSync(scratch, { recursive: true, force: true })
})

/** Runs the built server on `dataDir` until it serves, through its start entry as `npm start` does; the caller stops it. */
async function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, [path.join(bundle, 'start.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => (output += chunk))
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Spaceboard is running')) resolve()
      else if (child.exitCode !== null) reject(new Error(`the server exited: ${output}`))
      else return
      clearInterval(timer)
    }, 50)
  })
  return { child, output: () => output }
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

describe('the PGlite template a new data folder starts from', () => {
  it('is built with the API and gives a new data folder every migration and the demo data; later starts reuse the folder', async () => {
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true)
    const dataDir = path.join(scratch, 'data')
    const port = 3390 + (process.pid % 9)
    const base = `http://127.0.0.1:${port}`
    let bookings = ''
    for (const start of ['first', 'second']) {
      const server = await startServer(dataDir, port)
      try {
        // The lines after "running" may come in a later chunk.
        await expect
          .poll(() => server.output())
          .toContain(start === 'first' ? 'Demo data created' : 'Demo sign-ins:')
        // Ready: the database answers with every migration applied.
        expect((await fetch(`${base}/api/ready`)).status).toBe(200)
        const login = await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ backend: 1, email: 'admin@harbour.test', password: 'Spaceboard1!' }),
        })
        expect(login.status).toBe(200)
        const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? ''
        const list = await fetch(`${base}/api/userbooking?booking=1`, { headers: { cookie, range: '0-19' } })
        expect(list.status).toBe(200)
        const total = list.headers.get('content-range') ?? ''
        expect(Number(total.split('/')[1])).toBeGreaterThan(100)
        // The second start finds the same database: not created or seeded again.
        if (start === 'second') expect(total).toBe(bookings)
        bookings = total
      } finally {
        await stopServer(server.child)
      }
    }
    // A normal PGlite folder, nothing left of the copy.
    expect(readdirSync(dataDir).sort()).toEqual(['app-secret', 'pgdata', 'uploads'])
  }, 90_000)

  it('is copied on a worker thread, into place whole; a copy begun early is the one waited for', async () => {
    const dir = path.join(scratch, 'copied', 'pgdata')
    await startFromTemplate(template, dir)
    expect(readdirSync(dir, { recursive: true }).sort()).toEqual(
      readdirSync(template, { recursive: true }).sort(),
    )
    // Renamed into place: no scratch folder beside it; a folder with a database is left as it is.
    expect(readdirSync(path.dirname(dir))).toEqual(['pgdata'])
    writeFileSync(path.join(dir, 'marker'), '')
    await startFromTemplate(template, dir)
    expect(existsSync(path.join(dir, 'marker'))).toBe(true)
    // A copy that fails reaches whoever waits for it, and leaves nothing behind (a file is no folder to copy).
    const broken = path.join(scratch, 'broken-template')
    writeFileSync(broken, 'not a data folder')
    const failing = path.join(scratch, 'failing', 'pgdata')
    await expect(startFromTemplate(broken, failing)).rejects.toThrow()
    expect(readdirSync(path.dirname(failing))).toEqual([])
    // The start entry's copy (beginTemplateCopy), begun before the server loads, is the one opening
    // waits for, whatever template opening names.
    const early = path.join(scratch, 'early', 'pgdata')
    beginTemplateCopy(template, early)
    await startFromTemplate(path.join(scratch, 'no-such-template'), early)
    expect(readdirSync(early).sort()).toEqual(readdirSync(template).sort())
  })

  it('an older template still gives every migration: they are applied on opening', async () => {
    const older = `${bundle}-older`
    cpSync(bundle, older, { recursive: true })
    const migrations = path.join(older, 'migrations')
    const journal = journalOf(migrations)
    const last = journal.entries.pop()
    writeFileSync(path.join(migrations, 'meta/_journal.json'), JSON.stringify(journal))
    rmSync(path.join(migrations, `${last?.tag}.sql`))
    expect(buildDbTemplate(older)).toBe(true)

    const database = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(scratch, 'from-older'),
      template: path.join(older, 'pgdata-template'),
    })
    try {
      const { rows } = (await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] }
      expect(rows[0]?.n).toBe(journalOf(sourceMigrations).entries.length)
      // PGlite's memory settings (db/client.ts) apply to an existing folder, whatever its postgresql.conf says.
      const settings = (await database.db.execute(
        sql`select current_setting('shared_buffers') as shared, current_setting('maintenance_work_mem') as maintenance`,
      )) as unknown as { rows: { shared: string; maintenance: string }[] }
      expect(settings.rows[0]).toEqual({ shared: '16MB', maintenance: '16MB' })
      // Only the app's database: initdb's template0 and template1 would double the files a first start copies.
      const databases = (await database.db.execute(sql`select datname from pg_database`)) as unknown as {
        rows: { datname: string }[]
      }
      expect(databases.rows).toEqual([{ datname: 'postgres' }])
      expect(readdirSync(path.join(scratch, 'from-older/pgdata/base'))).toEqual(['5'])
      // The reference data comes with it; a first start adds only the demo data.
      const reference = (await database.db.execute(
        sql`select (select count(*)::int from countries) as countries, (select count(*)::int from amenities) as amenities`,
      )) as unknown as { rows: { countries: number; amenities: number }[] }
      expect(reference.rows[0]).toEqual({ countries: countryList.length, amenities: defaultAmenities.length })
    } finally {
      await database.close()
    }
  }, 60_000)

  it('is built again when the migrations change, and only then', async () => {
    const copy = `${bundle}-changed`
    cpSync(bundle, copy, { recursive: true })
    const builtAt = () => statSync(path.join(copy, 'pgdata-template/PG_VERSION')).mtimeMs
    const before = builtAt()
    expect(buildDbTemplate(copy)).toBe(false)
    expect(builtAt()).toBe(before)

    const key = dbTemplateKey(copy)
    const migrations = path.join(copy, 'migrations')
    const journal = journalOf(migrations)
    const when = Math.max(...journal.entries.map((e) => e.when)) + 1
    journal.entries.push({
      ...(journal.entries.at(-1) as (typeof journal.entries)[number]),
      idx: journal.entries.length,
      tag: '9999_probe',
      when,
    })
    writeFileSync(path.join(migrations, 'meta/_journal.json'), JSON.stringify(journal))
    writeFileSync(path.join(migrations, '9999_probe.sql'), 'CREATE TABLE "template_probe" ("id" integer);')
    expect(dbTemplateKey(copy)).not.toBe(key)
    expect(buildDbTemplate(copy)).toBe(true)

    const database = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(scratch, 'from-changed'),
      template: path.join(copy, 'pgdata-template'),
    })
    try {
      const { rows } = (await database.db.execute(
        sql`select count(*)::int as n from template_probe`,
      )) as unknown as { rows: { n: number }[] }
      expect(rows[0]?.n).toBe(0)
    } finally {
      await database.close()
    }
  }, 60_000)
})
