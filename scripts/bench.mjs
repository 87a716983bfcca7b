// `npm run bench [startup|country-list|user-export]…`: figures quoted in the issue notes. Runs the
// real app (`npm start`) as a child process on loopback and measures it from outside.
import { spawn } from 'node:child_process'
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import ExcelJS from 'exceljs'
import pg from 'pg'

const root = path.resolve(import.meta.dirname, '..')
const pgBase =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres'

/** The node flags and script of `npm start`, read from package.json so the bench runs what users run. */
const startArguments = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  .scripts.start.split(' ')
  .slice(1)

function startServer(env) {
  const child = spawn(process.execPath, startArguments, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  child.stdout.resume()
  return child
}

async function waitFor(url, timeoutMs = 60_000) {
  const started = performance.now()
  while (performance.now() - started < timeoutMs) {
    try {
      const response = await fetch(url)
      if (response.ok) return performance.now() - started
    } catch {}
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

async function stop(child) {
  if (child.exitCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
}

async function signIn(base) {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ backend: 1, email: 'super@spaceboard.test', password: 'Spaceboard1!' }),
  })
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`)
  return response.headers.get('set-cookie').split(';')[0]
}

async function startup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-bench-'))
  const port = '3301'
  try {
    const first = startServer({ DATA_DIR: dataDir, PORT: port })
    const firstMs = await waitFor(`http://127.0.0.1:${port}/admin/login`)
    await stop(first)
    const times = []
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now()
      const child = startServer({ DATA_DIR: dataDir, PORT: port })
      await waitFor(`http://127.0.0.1:${port}/admin/login`)
      times.push(performance.now() - t0)
      await stop(child)
    }
    console.log(`startup on an empty data dir (create, migrate, seed): ${(firstMs / 1000).toFixed(2)} s`)
    console.log(
      `startup on an existing data dir → sign-in page answers: ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}`,
    )
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** `total` requests from `concurrency` loops; every latency is kept, so the percentiles are exact. */
async function load(url, headers, concurrency, total) {
  const latencies = []
  let issued = 0
  let failed = 0
  const started = performance.now()
  async function worker() {
    while (issued < total) {
      issued++
      const t0 = performance.now()
      const response = await fetch(url, { headers })
      await response.arrayBuffer()
      latencies.push(performance.now() - t0)
      if (response.status !== 200) failed++
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
  return {
    total: latencies.length,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    failed,
  }
}

async function countryList(label, env) {
  const port = '3302'
  const child = startServer({ ...env, PORT: port })
  try {
    const base = `http://127.0.0.1:${port}`
    await waitFor(`${base}/admin/login`)
    const cookie = await signIn(base)
    const result = await load(
      `${base}/api/country?order=name&direct=asc`,
      { cookie, range: '0-19' },
      10,
      2000,
    )
    console.log(
      `GET /api/country on ${label}, concurrency 10, ${result.total} requests: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.failed} failed`,
    )
  } finally {
    await stop(child)
  }
}

async function countryListBoth() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-bench-'))
  try {
    await countryList('PGlite', { DATA_DIR: dataDir })
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  const name = `sb_bench_${Date.now()}`
  const admin = new pg.Client({ connectionString: pgBase })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  try {
    const url = new URL(pgBase)
    url.pathname = `/${name}`
    const dataDir2 = mkdtempSync(path.join(tmpdir(), 'sb-bench-'))
    await countryList('PostgreSQL 15', { DATABASE_URL: url.toString(), SEED_DEMO: '1', DATA_DIR: dataDir2 })
    rmSync(dataDir2, { recursive: true, force: true })
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }
}

/** VmRSS and VmHWM (peak RSS) of a process, in MB, from /proc (Linux). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN)
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 }
}

/** Resets the peak RSS (VmHWM) of a process to its current RSS: `echo 5 > /proc/<pid>/clear_refs`. */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

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

/** Counts the data rows of a downloaded workbook with exceljs's streaming reader. */
async function countRows(file) {
  let rows = 0
  for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit' })) {
    for await (const _row of sheet) rows++
  }
  return rows - 1
}

/**
 * One export on a server started afresh (the users already inserted): sign in as super, download
 * /api/user?report=1 to a file while polling the server's RSS every 10 ms.
 */
async function userExport(label, env, insertUsers) {
  const port = '3303'
  const base = `http://127.0.0.1:${port}`
  const first = startServer({ ...env, PORT: port })
  try {
    await waitFor(`${base}/admin/login`, 180_000)
  } finally {
    await stop(first)
  }
  const t0 = performance.now()
  await insertUsers()
  const insertMs = performance.now() - t0

  const child = startServer({ ...env, PORT: port })
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sb-bench-')), 'User List.xlsx')
  try {
    await waitFor(`${base}/admin/login`)
    const cookie = await signIn(base)
    const before = memoryOf(child.pid)
    const peakReset = resetPeak(child.pid)
    let polledPeak = before.rss
    const poller = setInterval(() => {
      polledPeak = Math.max(polledPeak, memoryOf(child.pid).rss)
    }, 10)
    const started = performance.now()
    const response = await fetch(`${base}/api/user?report=1`, { headers: { cookie } })
    if (response.status !== 200) throw new Error(`export answered ${response.status}`)
    const firstByteMs = performance.now() - started
    await pipeline(Readable.fromWeb(response.body), createWriteStream(file))
    const elapsedMs = performance.now() - started
    clearInterval(poller)
    const after = memoryOf(child.pid)
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

async function userExportBoth() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-bench-'))
  try {
    // PGlite holds one connection: insert while the server is stopped, as apps/api/src/db/client.ts opens it.
    await userExport('PGlite', { DATA_DIR: dataDir }, async () => {
      const client = await PGlite.create({
        dataDir: path.join(dataDir, 'pgdata'),
        extensions: { btree_gist },
      })
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

const benches = { startup, 'country-list': countryListBoth, 'user-export': userExportBoth }
const chosen = process.argv.slice(2)
for (const name of chosen.length ? chosen : Object.keys(benches)) {
  const bench = benches[name]
  if (!bench) {
    console.error(`Unknown bench "${name}". Choose from: ${Object.keys(benches).join(', ')}`)
    process.exit(2)
  }
  await bench()
}
