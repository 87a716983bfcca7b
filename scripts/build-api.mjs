// Bundles the API into apps/api/dist/main.mjs (and its render worker into render-worker.mjs): the workspace's own TypeScript (API and domain) is
// compiled once, the npm dependencies stay imports. Running plain JavaScript starts faster and keeps
// far less memory than compiling TypeScript on every start.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
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
  const built = path.join(outDir, 'main.mjs')
  if (!existsSync(built)) return true
  return statSync(built).mtimeMs < Math.max(...sources.map(newestMtime))
}

/** Builds into apps/api/dist, or into `into` (a test's own copy; it must sit inside the repository, where node_modules is found). */
export async function buildApi(into = outDir) {
  const dependencies = Object.keys(
    JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8')).dependencies ?? {},
  )
  rmSync(into, { recursive: true, force: true })
  await build({
    entryPoints: {
      main: path.join(apiDir, 'src/main.ts'),
      'render-worker': path.join(apiDir, 'src/render-worker.ts'),
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
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  })
  cpSync(path.join(apiDir, 'src/db/migrations'), path.join(into, 'migrations'), { recursive: true })
}

if (import.meta.url === `file://${process.argv[1]}`)
  await buildApi(process.argv[2] ? path.resolve(process.argv[2]) : outDir)
