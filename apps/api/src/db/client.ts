import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { pgdataOf, pgliteTemplateFolder, startFromTemplate } from './data-folder.ts'
import * as schema from './schema/index.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction or the database itself: what repositories run their SQL on. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  kind: 'pglite' | 'postgres'
  db: Db
  /**
   * Runs `work` with one connection to itself: what it runs there, and a `db.transaction` it
   * starts, go over that connection in order (PGlite has only one).
   */
  onOneConnection<T>(work: (db: Db) => Promise<T>): Promise<T>
  /**
   * Hears NOTIFY on `channel` (a lower-case identifier) until the answer is called: on PostgreSQL
   * over one dedicated connection (a pooled one would miss what arrives while it is lent out), which
   * is opened again after it breaks; on PGlite through its own listen. `onListening` is called
   * each time LISTEN is in place (again, after a break: what was sent meanwhile is not heard).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onError: (error: unknown) => void,
    onListening?: () => void,
  ): Promise<() => Promise<void>>
  close(): Promise<void>
}

/** drizzle's SQL migrations and journal (copied beside the bundle by scripts/build-api.mjs). */
export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations')

export type DatabaseSource =
  | { kind: 'postgres'; url: string }
  /** `template`: the folder a new data folder starts from (default pgliteTemplateFolder, if built); null: initdb. */
  | { kind: 'pglite'; dataDir: string; template?: string | null }
  /** In memory, optionally started from a dump of a migrated database (tests). */
  | { kind: 'pglite-memory'; loadDataDir?: Blob | File }

/** How long a broken LISTEN connection waits before it connects again. */
const LISTEN_RETRY_MS = 1000

/** Connections per API process to a PostgreSQL server (see openDatabase). */
export const POSTGRES_POOL_SIZE = 5

/** Each driver is loaded only when used: the embedded database alone costs tens of megabytes. */
export async function openDatabase(source: DatabaseSource): Promise<Database> {
  if (source.kind === 'postgres') {
    const { default: pg } = await import('pg')
    // Five connections per API process: measured here (npm run bench booking-contested), more
    // connections let more racing requests past the cheap "slot taken" read before the winner
    // commits, so they queue on the room lock instead (p99 240 ms at 20, 160–180 ms at 10,
    // 105–110 ms at 5); the other benches do not change. Three measured 86–106 ms but would leave
    // too few connections while an export streams. Scale out with more processes (DESIGN §1).
    // JIT off: PostgreSQL compiles a plan it costs high (a report's aggregate over a year of a
    // large organization) to machine code first; that took 2.7 s of a 3.8 s statement here, and an
    // interactive request never runs long enough to win it back.
    // DateStyle ISO: a date's text (how the API reads dates, and how reports key their buckets) is
    // yyyy-mm-dd whatever the server's default.
    const pool = new pg.Pool({
      connectionString: source.url,
      max: POSTGRES_POOL_SIZE,
      options: '-c jit=off -c datestyle=ISO,MDY',
    })
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db
    await migrateNodePg(db as never, { migrationsFolder })
    const onOneConnection = async <T>(work: (db: Db) => Promise<T>) => {
      const client = await pool.connect()
      try {
        // Without the schema: drizzle spends ~0.3 ms reading it, and only its relational query
        // API (unused here) needs it.
        return await work(drizzleNodePg({ client }) as unknown as Db)
      } finally {
        client.release()
      }
    }
    const listen: Database['listen'] = async (channel, onPayload, onError, onListening) => {
      let stopped = false
      let client: InstanceType<typeof pg.Client> | null = null
      const connect = async () => {
        const next = new pg.Client({ connectionString: source.url })
        next.on('notification', (message) => {
          if (message.channel === channel) onPayload(message.payload ?? '')
        })
        next.on('error', (error) => {
          onError(error)
          if (client === next) client = null
          void next.end().catch(() => {})
          if (!stopped) setTimeout(() => void connect().catch(onError), LISTEN_RETRY_MS).unref()
        })
        await next.connect()
        await next.query(`LISTEN ${channel}`)
        if (stopped) await next.end()
        else {
          client = next
          onListening?.()
        }
      }
      await connect()
      return async () => {
        stopped = true
        await client?.end().catch(() => {})
        client = null
      }
    }
    return { kind: 'postgres', db, onOneConnection, listen, close: () => pool.end() }
  }
  const [
    { PGlite },
    { btree_gist },
    { pg_trgm },
    { drizzle: drizzlePglite },
    { migrate: migratePglite },
    { namedStatementsFor },
  ] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('./pglite-statements.ts'),
  ])
  const options = {
    extensions: { btree_gist, pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...pgliteSettings],
    pgliteWasmModule: await pgliteWasmModule(),
  }
  let client: PGlite
  if (source.kind === 'pglite') {
    const dir = pgdataOf(source.dataDir)
    await startFromTemplate(source.template === undefined ? pgliteTemplateFolder : source.template, dir)
    mkdirSync(dir, { recursive: true })
    client = await PGlite.create({ ...options, dataDir: dir })
  } else {
    client = await PGlite.create({
      ...options,
      ...(source.loadDataDir ? { loadDataDir: source.loadDataDir } : {}),
    })
  }
  namedStatementsFor(client)
  const db = drizzlePglite({ client, schema }) as unknown as Db
  await migratePglite(db as never, { migrationsFolder })
  const listen: Database['listen'] = async (channel, onPayload, _onError, onListening) => {
    const unlisten = await client.listen(channel, onPayload)
    onListening?.()
    return unlisten
  }
  return { kind: 'pglite', db, onOneConnection: (work) => work(db), listen, close: () => client.close() }
}

let compiledPglite: Promise<WebAssembly.Module> | undefined
/** Node's WebAssembly global, which @types/node declares only as types (the DOM library has the rest). */
const wasm = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }
).WebAssembly

/**
 * PGlite's WebAssembly, compiled once per process: each PGlite left to load it itself takes about
 * 0.9 s longer to open (measured on two cores), which a process opening many databases (the test
 * suites, one per file; the benches) pays every time.
 */
function pgliteWasmModule(): Promise<WebAssembly.Module> {
  compiledPglite ??= readFile(
    path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm'),
  ).then((bytes) => wasm.compile(bytes))
  return compiledPglite
}

/**
 * PGlite's memory settings, added to its own start parameters (as parameters rather than in the
 * folder's postgresql.conf, so they apply to existing data folders too). PGlite keeps PostgreSQL's
 * memory inside its WebAssembly memory, which never shrinks, so what the server holds is what
 * PostgreSQL once touched:
 * - shared_buffers: initdb chose 128MB. Measured here (PGlite alone opening the demo database, then
 *   a query): ~370 MB RSS at 128MB, ~320 MB at 64MB, ~270 MB at 32MB. The whole server (npm run
 *   bench startup, alternating): idle after a restart 218–223 MB at 16MB against 234–238 MB at
 *   32MB, after the first start (the seed writes every page once) 267–277 against 288–300 MB. Pages
 *   beyond them come from the operating system's file cache: the booking page (93–96 against 94–98
 *   req/s on PGlite) and the 100,000-booking export (12.6 against 12.0 s) did not measurably change.
 * - maintenance_work_mem (64MB by default): what CREATE INDEX or VACUUM may take at once, e.g. a
 *   later migration indexing a large table; 16MB keeps that peak from staying in the process.
 * - plan_cache_mode=force_custom_plan: every statement is a named prepared one here
 *   (pglite-statements.ts), and PostgreSQL would otherwise keep a generic plan for each beside its
 *   parsed form. Measured (a six-table join prepared 200 times over): 270 KB a statement with
 *   generic plans, 140 KB without, while a booking create cost 3.1 and 3.5 ms of server CPU
 *   (booking-contested). A plan made for each call's values also cannot go wrong the way a
 *   generic plan for a date range or a search can.
 * PGlite's initialMemory cannot go below the 128 MB its module declares (a smaller one fails with
 * a LinkError) and the WebAssembly maximum is fixed at 2 GB in PGlite itself.
 */
const pgliteSettings = [
  '-c',
  'shared_buffers=16MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'plan_cache_mode=force_custom_plan',
]

/** A PGlite dump of the migrated schema, for tests that need a fresh database fast. */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client: PGlite }).$client
  return client.dumpDataDir('none')
}

/**
 * PGlite runs no autovacuum, so its planner has no statistics unless asked, and the bookings list's
 * estimated totals of large filtered sets would be guesses ("About 1,001" for 2,851). The bookings
 * are analyzed once, on a folder where they never were (after the first start's seed): later the
 * planner scales those statistics by the table's size. Every start would cost 0.5 s and 20 MB of
 * RSS (npm run bench startup). PostgreSQL's autovacuum keeps its own.
 */
export async function refreshPlannerStatistics(database: Database) {
  if (database.kind !== 'pglite') return
  const result = await database.db.execute(
    sql`select reltuples < 0 as never_analyzed from pg_class where oid = 'bookings'::regclass`,
  )
  const [row] = (result as unknown as { rows: { never_analyzed: boolean }[] }).rows
  if (row?.never_analyzed) await database.db.execute(sql`analyze bookings`)
}
