import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { load } from './lib/measure.mjs'
import { pgBase, serverReady, signIn, startServer, stop } from './lib/server.mjs'

export const about = 'GET /api/country at concurrency 10 on PGlite and on PostgreSQL'

async function countryList(label, env) {
  const port = '3302'
  const child = startServer({ ...env, PORT: port })
  try {
    const base = `http://127.0.0.1:${port}`
    await serverReady(base)
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

export default async function countryListBoth() {
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
