import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { openDatabase, refreshPlannerStatistics } from './db/client.ts'
import { DEMO_PASSWORD, demoLogins, seedDemoData, seedReferenceData } from './db/seed/seed.ts'
import { keepReportFactsFresh, REPORT_FACTS_REBUILD_MS } from './modules/reports/reports.service.ts'
import { exitCleanly } from './platform/shutdown.ts'

const shutdown = exitCleanly()
const config = loadConfig()
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
)
shutdown.add(() => database.close())
await seedReferenceData(database.db)
const seeded = config.seedDemo ? await seedDemoData(database.db, { dataDir: config.dataDir }) : false
await refreshPlannerStatistics(database)
const { app, background } = await buildApp(config, database)
shutdown.add(() => app.close())
// The report facts' months that a migration, the seed or a bulk load marked stale are rebuilt now,
// month by month, rather than by the first report to read them: after a migration that rebuilds
// every month, the first industry benchmarking on 1,000,000 bookings would wait for 1,400 months.
// Then those that booking changes mark, every ten minutes.
const stopping = new AbortController()
app.addHook('preClose', () => stopping.abort())

await app.listen({ port: config.port, host: config.host })
// The supervisor (scripts/supervise.mjs) restarts only a server that once served.
process.send?.({ type: 'listening' })
background.run(() =>
  keepReportFactsFresh(database.db, {
    everyMs: REPORT_FACTS_REBUILD_MS,
    signal: stopping.signal,
    onError: (error) => app.log.error({ err: error }, 'rebuilding the report facts failed'),
  }),
)
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`
console.log(`\nSpaceboard is running at ${config.publicUrl}  (database: ${where})`)
if (config.seedDemo) {
  console.log(seeded ? 'Demo data created. Sign in with:' : 'Demo sign-ins:')
  for (const login of demoLogins)
    console.log(`  ${login.type.padEnd(6)} ${login.email.padEnd(24)} ${DEMO_PASSWORD}`)
}
