// `npm run bench [startup|country-list]…`: figures quoted in the issue notes. Runs the real app
// (`npm start`) as a child process on loopback and measures it from outside.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'

const root = path.resolve(import.meta.dirname, '..')
const pgBase =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres'

function startServer(env) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
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

const benches = { startup, 'country-list': countryListBoth }
const chosen = process.argv.slice(2)
for (const name of chosen.length ? chosen : Object.keys(benches)) {
  const bench = benches[name]
  if (!bench) {
    console.error(`Unknown bench "${name}". Choose from: ${Object.keys(benches).join(', ')}`)
    process.exit(2)
  }
  await bench()
}
