import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { openPglite } from './lib/databases.mjs'
import { countRows, memoryOf, resetPeak } from './lib/measure.mjs'
import { pgBase, serverPidOf, serverReady, signIn, startServer, stop } from './lib/server.mjs'

export const about =
  "the Excel export of 50,000 users on PGlite and on PostgreSQL: time and the server's peak RSS"

const EXPORT_USERS = 50_000

/** 50,000 basic users of Harbour Workspaces with every exported column filled, in one statement. */
const insertExportUsers = `
  insert into users (organization_id, client_id, type, first_name, last_name, email, password_hash, mobile,
                     company_name, street, city, state, country_id, postcode, last_login, deleted_at)
  select o.id, c.id, 'basic', 'Bench', 'User ' || g, 'bench.user.' || g || '@example.test', 'x',
         '0400 ' || lpad((g % 1000000)::text, 6, '0'), c.name, g || ' George Street', 'Sydney',
         'New South Wales', o.country_id, '2000',
         case when g % 3 = 0 then now() - (g || ' minutes')::interval end,
         case when g % 50 = 0 then now() end
  from generate_series(1, ${EXPORT_USERS}) g
  cross join (select id, country_id from organizations where name = 'Harbour Workspaces') o
  cross join (select id, name from clients where name = 'Acme Consulting') c`

/**
 * One export on a server started afresh (the users already inserted): sign in as super, download
 * /api/user?report=1 to a file while polling the server's RSS every 10 ms.
 */
async function userExport(label, env, insertUsers) {
  const port = '3303'
  const base = `http://127.0.0.1:${port}`
  const first = startServer({ ...env, PORT: port })
  try {
    await serverReady(base, 180_000)
  } finally {
    await stop(first)
  }
  const t0 = performance.now()
  await insertUsers()
  const insertMs = performance.now() - t0

  const child = startServer({ ...env, PORT: port })
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sb-bench-')), 'User List.xlsx')
  try {
    await serverReady(base)
    const cookie = await signIn(base)
    const serverPid = serverPidOf(child)
    const before = memoryOf(serverPid)
    const peakReset = resetPeak(serverPid)
    let polledPeak = before.rss
    const poller = setInterval(() => {
      polledPeak = Math.max(polledPeak, memoryOf(serverPid).rss)
    }, 10)
    const started = performance.now()
    const response = await fetch(`${base}/api/user?report=1`, { headers: { cookie } })
    if (response.status !== 200) throw new Error(`export answered ${response.status}`)
    const firstByteMs = performance.now() - started
    await pipeline(Readable.fromWeb(response.body), createWriteStream(file))
    const elapsedMs = performance.now() - started
    clearInterval(poller)
    const after = memoryOf(serverPid)
    const peak = peakReset ? Math.max(after.hwm, polledPeak) : polledPeak
    const rows = await countRows(file)
    const size = statSync(file).size
    console.log(
      `user export on ${label}: ${rows} rows, ${(size / 1024 / 1024).toFixed(1)} MB, ${(elapsedMs / 1000).toFixed(2)} s (first byte ${firstByteMs.toFixed(0)} ms); server RSS ${before.rss.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB during the export (${peakReset ? 'VmHWM reset before the download' : 'VmRSS polled every 10 ms'}), ${after.rss.toFixed(0)} MB after; ${EXPORT_USERS} users inserted in ${(insertMs / 1000).toFixed(1)} s`,
    )
    if (rows < EXPORT_USERS) throw new Error(`expected at least ${EXPORT_USERS} rows, read ${rows}`)
  } finally {
    await stop(child)
    rmSync(path.dirname(file), { recursive: true, force: true })
  }
}

export default async function userExportBoth() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-bench-'))
  try {
    // PGlite holds one connection: insert while the server is stopped, as apps/api/src/db/client.ts opens it.
    await userExport('PGlite', { DATA_DIR: dataDir }, async () => {
      const client = await openPglite(dataDir)
      try {
        await client.exec(insertExportUsers)
      } finally {
        await client.close()
      }
    })
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  const name = `sb_bench_${Date.now()}`
  const admin = new pg.Client({ connectionString: pgBase })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const dataDir2 = mkdtempSync(path.join(tmpdir(), 'sb-bench-'))
  try {
    const url = new URL(pgBase)
    url.pathname = `/${name}`
    await userExport(
      'PostgreSQL 15',
      { DATABASE_URL: url.toString(), SEED_DEMO: '1', DATA_DIR: dataDir2 },
      async () => {
        const client = new pg.Client({ connectionString: url.toString() })
        await client.connect()
        try {
          await client.query(insertExportUsers)
        } finally {
          await client.end()
        }
      },
    )
  } finally {
    rmSync(dataDir2, { recursive: true, force: true })
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }
}
