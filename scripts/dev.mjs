// `npm run dev`: the API with reload on :3000 and the Vite dev server (proxying /api to it) on :5173.
import { spawn } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WEB_DIR: '' },
  }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts'], { cwd: root, stdio: 'inherit' }),
]
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of children) child.kill(signal)
  })
}
await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))))
