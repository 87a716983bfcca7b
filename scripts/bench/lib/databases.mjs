// Where a bench's server keeps its data: a temporary PGlite folder, a fresh PostgreSQL database, or a
// PostgreSQL database loaded with bench data (kept with BENCH_DATABASE).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import { pgBase, serverReady, startServer, stop } from './server.mjs'

/**
 * The PGlite database of a server's DATA_DIR, as apps/api/src/db/client.ts opens it: only while that
 * server is stopped, PGlite holding one connection.
 */
export const openPglite = (dataDir) =>
  PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { btree_gist, pg_trgm } })

/**
 * Runs `scenario(label, env, inspect)` on PGlite (a temp DATA_DIR) and on a fresh PostgreSQL
 * database. `inspect(work)` runs `work(query)` on the scenario's database once its server has
 * stopped (PGlite holds one connection), and `inspect.postgres` is set on PostgreSQL.
 * BENCH_ON=pglite or BENCH_ON=postgres runs one of them only.
 */
export async function onBoth(scenario) {
  const only = process.env.BENCH_ON
  if (only !== 'postgres') await onPglite(scenario)
  if (only !== 'pglite') await onPostgres(scenario)
}

export async function onPglite(scenario) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-bench-'))
  try {
    const inspect = async (work) => {
      const client = await openPglite(dataDir)
      try {
        return await work(async (text) => (await client.query(text)).rows)
      } finally {
        await client.close()
      }
    }
    await scenario('PGlite', { DATA_DIR: dataDir }, inspect)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export async function onPostgres(scenario) {
  const name = `sb_bench_${Date.now()}`
  const admin = new pg.Client({ connectionString: pgBase })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const dataDir2 = mkdtempSync(path.join(tmpdir(), 'sb-bench-'))
  try {
    const url = new URL(pgBase)
    url.pathname = `/${name}`
    const inspect = async (work) => {
      const client = new pg.Client({ connectionString: url.toString() })
      await client.connect()
      try {
        return await work(async (text) => (await client.query(text)).rows)
      } finally {
        await client.end()
      }
    }
    inspect.postgres = { name, admin }
    await scenario(
      'PostgreSQL 15',
      { DATABASE_URL: url.toString(), SEED_DEMO: '1', DATA_DIR: dataDir2 },
      inspect,
    )
  } finally {
    rmSync(dataDir2, { recursive: true, force: true })
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }
}

/**
 * A fresh PostgreSQL database with the demo seed (a first start of the server) and then `statements`
 * (loaded with the server stopped), handed to `work({ env, base, url, dataDir, loadSeconds })` and
 * dropped afterwards. BENCH_DATABASE=<name> keeps it under that name and, when it exists, uses it
 * as it is (to measure a change again without loading a million rows).
 */
export async function onBenchDatabase(port, statements, work) {
  const kept = process.env.BENCH_DATABASE
  const name = kept || `sb_bench_${Date.now()}`
  const admin = new pg.Client({ connectionString: pgBase })
  await admin.connect()
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0
  if (!exists) await admin.query(`CREATE DATABASE ${name}`)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-bench-'))
  const url = new URL(pgBase)
  url.pathname = `/${name}`
  const env = { DATABASE_URL: url.toString(), SEED_DEMO: '1', DATA_DIR: dataDir, PORT: port }
  const base = `http://127.0.0.1:${port}`
  try {
    const first = startServer(env)
    try {
      await serverReady(base, 180_000)
    } finally {
      await stop(first)
    }
    const t0 = performance.now()
    if (!exists) {
      const client = new pg.Client({ connectionString: url.toString() })
      await client.connect()
      try {
        for (const statement of statements) await client.query(statement)
      } finally {
        await client.end()
      }
    }
    const loadSeconds = (performance.now() - t0) / 1000
    return await work({ env, base, url, dataDir, loadSeconds })
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    if (!kept) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }
}
