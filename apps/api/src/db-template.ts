import { mkdtempSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { openDatabase } from './db/client.ts'

/**
 * `node dist/db-template.mjs <folder>`: writes a new PGlite data folder with every migration beside
 * this bundle applied. scripts/build-api.mjs runs it at build time; a new DATA_DIR starts as a copy
 * (db/client.ts), which spares a first start PGlite's initdb and the migrations. No data: the
 * reference data and the demo data (dated from the day it is loaded) are added at the first start.
 */
const target = process.argv[2]
if (!target) {
  console.error('usage: node dist/db-template.mjs <folder>')
  process.exit(2)
}
const scratch = mkdtempSync(path.join(path.dirname(path.resolve(target)), '.db-template-'))
try {
  const database = await openDatabase({ kind: 'pglite', dataDir: scratch, template: null })
  await database.close()
  rmSync(target, { recursive: true, force: true })
  renameSync(path.join(scratch, 'pgdata'), target)
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
