import { mkdtempSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase } from './db/client.ts'
import { seedReferenceData } from './db/seed/seed.ts'

/**
 * `node dist/db-template.mjs <folder>`: writes a new PGlite data folder with every migration beside
 * this bundle applied. scripts/build-api.mjs runs it at build time; a new DATA_DIR starts as a copy
 * (db/client.ts), which spares a first start PGlite's initdb, the migrations and the reference
 * data (countries, amenities, default client types and global regions: 80–120 ms of a first start).
 * The demo data is dated from the day it is loaded, so a first start adds it.
 *
 * Only the app's database is kept: initdb's template0 and template1 are dropped (unmarked as
 * templates first, as PostgreSQL's documentation allows). Nothing connects to them or creates a
 * database from them in PGlite, and they were 600 of the folder's 1,278 files: a first start spends
 * its copy of the template creating files (on this machine's disk 0.3–0.9 s for the 1,278), so it
 * now creates 678.
 */
const target = process.argv[2]
if (!target) {
  console.error('usage: node dist/db-template.mjs <folder>')
  process.exit(2)
}
const scratch = mkdtempSync(path.join(path.dirname(path.resolve(target)), '.db-template-'))
try {
  const database = await openDatabase({ kind: 'pglite', dataDir: scratch, template: null })
  for (const name of ['template0', 'template1']) {
    await database.db.execute(sql.raw(`alter database ${name} is_template false`))
    await database.db.execute(sql.raw(`drop database ${name}`))
  }
  await seedReferenceData(database.db)
  await database.db.execute(sql`checkpoint`)
  await database.close()
  rmSync(target, { recursive: true, force: true })
  renameSync(path.join(scratch, 'pgdata'), target)
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
