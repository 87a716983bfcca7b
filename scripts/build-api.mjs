// Bundles the API into apps/api/dist/main.mjs, its start entry into start.mjs (src/start.ts) and its render worker into render-worker.mjs: the workspace's own TypeScript (API and domain) is
// compiled once, the npm dependencies stay imports. Running plain JavaScript starts faster and keeps
// far less memory than compiling TypeScript on every start. Beside them it writes pgdata-template, the
// migrated PGlite data folder a new DATA_DIR starts from (see buildDbTemplate).
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const root = path.resolve(import.meta.dirname, '..')
const apiDir = path.join(root, 'apps/api')
const outDir = path.join(apiDir, 'dist')
const sources = [
  path.join(apiDir, 'src'),
  path.join(root, 'packages/domain/src'),
  path.join(root, 'package-lock.json'),
]

function newestMtime(target) {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)))
  return newest
}

export function apiBuildIsStale() {
  const built = ['start.mjs', 'main.mjs'].map((entry) => path.join(outDir, entry))
  if (!built.every((entry) => existsSync(entry))) return true
  return Math.min(...built.map((entry) => statSync(entry).mtimeMs)) < Math.max(...sources.map(newestMtime))
}

/** Builds into apps/api/dist, or into `into` (a test's own copy; it must sit inside the repository, where node_modules is found). */
export async function buildApi(into = outDir) {
  const dependencies = Object.keys(
    JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8')).dependencies ?? {},
  )
  // Everything but the database template, which buildDbTemplate keeps while it is current.
  for (const entry of existsSync(into) ? readdirSync(into) : [])
    if (entry !== TEMPLATE && entry !== TEMPLATE_KEY) rmSync(path.join(into, entry), { recursive: true })
  await build({
    entryPoints: {
      start: path.join(apiDir, 'src/start.ts'),
      main: path.join(apiDir, 'src/main.ts'),
      'render-worker': path.join(apiDir, 'src/render-worker.ts'),
      'server-render-worker': path.join(apiDir, 'src/server-render-worker.ts'),
      'db-template': path.join(apiDir, 'src/db-template.ts'),
    },
    outdir: into,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    // npm packages are loaded from node_modules as usual; only our workspaces are bundled.
    // drizzle-orm is bundled too: tree-shaken, it loads a fraction of its code (a full import costs ~90 MB).
    external: dependencies.filter((d) => d !== 'drizzle-orm').flatMap((d) => [d, `${d}/*`]),
    // `require` for the CommonJS the bundle holds, under a name of its own: an `import { createRequire }`
    // in our sources lands in the same module scope.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
    logLevel: 'warning',
  })
  cpSync(path.join(apiDir, 'src/db/migrations'), path.join(into, 'migrations'), { recursive: true })
  buildDbTemplate(into)
}

/** The migrated PGlite data folder a new DATA_DIR starts from (apps/api/src/db-template.ts), and its key. */
const TEMPLATE = 'pgdata-template'
const TEMPLATE_KEY = 'pgdata-template.key'

/**
 * What the template's contents follow: the migrations beside the bundle (SQL and journal), the
 * PGlite and drizzle versions that wrote them, db-template.ts, which writes it, and the seed's
 * sources, which hold the reference data it loads. The rest of the API changes far more often and
 * leaves the template as it was.
 */
export function dbTemplateKey(into) {
  const hash = createHash('sha256')
  // Neither package exports its package.json; npm installs both at the root.
  for (const name of ['@electric-sql/pglite', 'drizzle-orm']) {
    const { version } = JSON.parse(
      readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'),
    )
    hash.update(`${name}@${version}\n`)
  }
  hash.update(readFileSync(path.join(apiDir, 'src/db-template.ts')))
  const seed = path.join(apiDir, 'src/db/seed')
  for (const file of readdirSync(seed).sort())
    hash.update(`${file}\n`).update(readFileSync(path.join(seed, file)))
  const migrations = path.join(into, 'migrations')
  for (const file of readdirSync(migrations, { recursive: true }).sort()) {
    const full = path.join(migrations, file)
    if (statSync(full).isFile()) hash.update(`${file}\n`).update(readFileSync(full))
  }
  return hash.digest('hex')
}

/**
 * (Re)builds `into`/pgdata-template unless its key is current: it takes seconds (initdb and every
 * migration). Returns whether it built. The key is written last, so a build cut short is redone.
 */
export function buildDbTemplate(into) {
  const key = dbTemplateKey(into)
  const keyFile = path.join(into, TEMPLATE_KEY)
  if (existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key && existsSync(path.join(into, TEMPLATE)))
    return false
  rmSync(keyFile, { force: true })
  const run = spawnSync(process.execPath, [path.join(into, 'db-template.mjs'), path.join(into, TEMPLATE)], {
    stdio: 'inherit',
  })
  if (run.status !== 0) throw new Error('could not build the database template (db-template.mjs)')
  writeFileSync(keyFile, key)
  return true
}

if (import.meta.url === `file://${process.argv[1]}`)
  await buildApi(process.argv[2] ? path.resolve(process.argv[2]) : outDir)
