// The embedded database's folder inside a data folder, and how a new one starts from the template.
// Node's own modules only: the start entry (start.ts) uses this before the server's packages load.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'

/**
 * A migrated PGlite data folder, built beside the bundle by scripts/build-api.mjs
 * (src/db-template.ts): a new data folder starts as a copy of it, which skips PGlite's initdb and
 * the migrations, most of a first start. Absent when running from the TypeScript sources.
 */
export const pgliteTemplateFolder = path.resolve(import.meta.dirname, 'pgdata-template')

/** The PGlite folder of a data folder. */
export const pgdataOf = (dataDir: string) => path.join(dataDir, 'pgdata')

/** No database there yet: absent or empty. */
const isNewFolder = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0

/** The copy the start entry began (beginTemplateCopy), where openDatabase finds it: the entry and the server are separate bundles. */
const EARLY_COPY = Symbol.for('spaceboard.templateCopy')
type EarlyCopy = { dir: string; done: Promise<void> }
const registry = globalThis as { [EARLY_COPY]?: EarlyCopy }

/**
 * Makes `dir` a copy of `template` when it holds no database yet and the template was built (else
 * nothing): on a worker thread, into a scratch folder renamed into place, so a start killed halfway
 * leaves no half-copied database that the next start would take for a real one. A copy the start
 * entry already began into `dir` is the one waited for.
 */
export function startFromTemplate(template: string | null, dir: string): Promise<void> {
  const early = registry[EARLY_COPY]
  if (early?.dir === dir) return early.done
  if (!template || !existsSync(template) || !isNewFolder(dir)) return Promise.resolve()
  mkdirSync(path.dirname(dir), { recursive: true })
  const scratch = mkdtempSync(`${dir}.new-`)
  return new Promise<void>((resolve, reject) => {
    const worker = new Worker(
      "const { workerData } = require('node:worker_threads'); require('node:fs').cpSync(workerData.template, workerData.scratch, { recursive: true })",
      { eval: true, workerData: { template, scratch } },
    )
    worker.once('error', reject)
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`copying the database template stopped (exit code ${code})`)),
    )
  })
    .then(() => {
      rmSync(dir, { recursive: true, force: true })
      renameSync(scratch, dir)
    })
    .finally(() => rmSync(scratch, { recursive: true, force: true }))
}

/**
 * The start entry's head start: a first start spends 0.2–0.5 s creating the template's ~680 files
 * on this machine's disk, and 0.3–0.4 s loading the server's packages. Begun before they load, the
 * copy runs on the other core meanwhile, and openDatabase (startFromTemplate) waits for what is
 * left of it.
 */
export function beginTemplateCopy(template: string, dir: string): void {
  const done = startFromTemplate(template, dir)
  // A failure is reported to openDatabase, which awaits it; until then it is not an unhandled rejection.
  done.catch(() => {})
  registry[EARLY_COPY] = { dir, done }
}
