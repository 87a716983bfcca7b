// Starts the real app (`npm start`) as a child process on loopback, waits for it and signs in: what
// every bench measures from outside.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '../../..')
export const pgBase =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres'

/** The node flags and script of `npm start`, read from package.json so the bench runs what users run. */
export const startArguments = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  .scripts.start.split(' ')
  .slice(1)

/** BENCH_CPU_PROF=<dir>: the servers write V8 CPU profiles there when they stop (`node --cpu-prof`). */
export const profileArguments = process.env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
  : []

export function startServer(env) {
  const child = spawn(process.execPath, [...profileArguments, ...startArguments], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  child.stdout.resume()
  return child
}

/**
 * Resolves once the server at `base` answers and has rebuilt the report facts' months that its
 * start found stale (a first start's seed, a bulk load): main.ts rebuilds them in the background
 * right after listening, and a bench measuring meanwhile would measure that work too. Super's
 * industry benchmarking answers only once every organization's stale months are rebuilt.
 */
export async function serverReady(base, timeoutMs = 60_000) {
  await waitFor(`${base}/admin/login`, timeoutMs)
  const cookie = await signIn(base)
  const response = await fetch(
    `${base}/api/reports?report_type=superIndustryBenchmarking&report_duration=yearly&year=2025`,
    { headers: { cookie }, signal: AbortSignal.timeout(timeoutMs * 5) },
  )
  if (!response.ok)
    throw new Error(`the report facts did not settle: ${response.status} ${await response.text()}`)
}

export async function waitFor(url, timeoutMs = 60_000) {
  const started = performance.now()
  while (performance.now() - started < timeoutMs) {
    try {
      const response = await fetch(url)
      if (response.ok) return performance.now() - started
    } catch {}
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

export async function stop(child) {
  if (child.exitCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
}

export async function signIn(base, email = 'super@spaceboard.test') {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ backend: 1, email, password: 'Spaceboard1!' }),
  })
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`)
  return response.headers.get('set-cookie').split(';')[0]
}

/**
 * The server's pid: `npm start` supervises it as a child process (scripts/supervise.mjs), so the
 * process the bench started is the supervisor; memory and CPU are the server's.
 */
export function serverPidOf(child) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1])
      if (ppid === child.pid) return Number(entry)
    } catch {}
  }
  throw new Error(`the supervisor ${child.pid} has no server process`)
}
