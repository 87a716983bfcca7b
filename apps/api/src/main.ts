import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { openDatabase, refreshPlannerStatistics } from './db/client.ts'
import { DEMO_PASSWORD, demoLogins, seedDemoData, seedReferenceData } from './db/seed/seed.ts'
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
const { app } = await buildApp(config, database)
shutdown.add(() => app.close())

await app.listen({ port: config.port, host: config.host })
// The supervisor (scripts/supervise.mjs) restarts only a server that once served.
process.send?.({ type: 'listening' })
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`
console.log(`\nSpaceboard is running at ${config.publicUrl}  (database: ${where})`)
if (config.seedDemo) {
  console.log(seeded ? 'Demo data created. Sign in with:' : 'Demo sign-ins:')
  for (const login of demoLogins)
    console.log(`  ${login.type.padEnd(6)} ${login.email.padEnd(24)} ${DEMO_PASSWORD}`)
}
