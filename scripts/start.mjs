// `npm start`: builds the web app and the API when missing or stale, then runs the API (which serves
// the web app) as a child process, started again when it dies (scripts/supervise.mjs).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { apiBuildIsStale } from './build-api.mjs'
import { supervise } from './supervise.mjs'

const root = path.resolve(import.meta.dirname, '..')
const builtIndex = path.join(root, 'apps/web/dist/index.html')
// The web build's server render (apps/web/src/ssr.tsx), built with it.
const builtServerRender = path.join(root, 'apps/web/dist-ssr/ssr.js')
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/domain/src',
  'package-lock.json',
]

function newestMtime(target) {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)))
  return newest
}

const builtAt = Math.min(
  ...[builtIndex, builtServerRender].map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)),
)
const changedAt = Math.max(...webSources.map((s) => newestMtime(path.join(root, s))))
if (builtAt < changedAt) {
  console.log(builtAt ? 'The web app changed since its last build: building it…' : 'Building the web app…')
  const build = spawnSync('npm', ['run', 'build', '-w', '@spaceboard/web'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

if (apiBuildIsStale()) {
  console.log('Building the API…')
  // In a process of its own: esbuild's service process (~100 MB) would otherwise live as long as the supervisor.
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-api.mjs')], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
// Under npm, stop with npm (see supervise.mjs).
supervise(path.join(root, 'apps/api/dist/start.mjs'), [], {
  stopWithParent: Boolean(process.env.npm_lifecycle_event),
})
