import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// `npm start` runs the server under scripts/supervise.mjs; these run both as real processes.

const root = path.resolve(import.meta.dirname, '../../../..')
const scratch = mkdtempSync(path.join(tmpdir(), 'sb-supervisor-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** The node flags of `npm start`, read from package.json as scripts/bench/lib/server.mjs does. */
const startFlags = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start as string)
  .split(' ')
  .filter((word) => word.startsWith('--'))

interface Run {
  child: ChildProcess
  output: () => string
  /** Resolves with the output once it matches. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** Runs node with `args` from the repository root; stdout and stderr are collected together. */
function run(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const listeners = new Set<() => void>()
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      for (const listener of listeners) listener()
    })
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  return {
    child,
    output: () => output,
    exited,
    waitFor: (pattern, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern)
          if (!match) return
          listeners.delete(check)
          clearTimeout(timer)
          resolve(match)
        }
        const timer = setTimeout(() => {
          listeners.delete(check)
          reject(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${output}`))
        }, timeoutMs)
        listeners.add(check)
        check()
      }),
  }
}

/** The pids of a process's children (Linux). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
) {
  const started = performance.now()
  while (performance.now() - started < timeoutMs) {
    const value = await probe()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

describe('the server process (platform/shutdown.ts, used by main.ts)', () => {
  const fixture = (how: string) =>
    run(['--import', 'tsx', 'apps/api/test/platform/fixtures/server-process.ts', how])

  it.each(['rejection', 'exception', 'swallowed'])(
    'after an uncaught error (%s) logs it, closes what is open and exits 1',
    async (how) => {
      const server = fixture(how)
      expect(await server.exited).toEqual({ code: 1, signal: null })
      expect(server.output()).toMatch(/the server stops:.*boom/s)
      expect(server.output()).toContain('closed')
    },
  )

  it('finishes closing when SIGINT comes twice (Ctrl-C reaches the supervisor and the server)', async () => {
    const server = fixture('signals')
    await server.waitFor(/ready/)
    server.child.kill('SIGINT')
    await new Promise((resolve) => setTimeout(resolve, 50))
    server.child.kill('SIGINT')
    expect(await server.exited).toEqual({ code: 0, signal: null })
    expect(server.output()).toContain('closed')
  })

  it('exits when closing hangs', async () => {
    const server = fixture('close-hangs')
    await server.waitFor(/ready/)
    const started = performance.now()
    server.child.kill('SIGTERM')
    expect(await server.exited).toEqual({ code: 0, signal: null })
    expect(performance.now() - started).toBeLessThan(5000)
  })
})

describe('scripts/supervise.mjs', () => {
  const script = (name: string, source: string) => {
    const file = path.join(scratch, name)
    writeFileSync(file, source)
    return file
  }

  it('does not restart a server that failed before it served (a port in use, a bad setting)', async () => {
    const entry = script('fails.mjs', 'process.exit(3)\n')
    const supervisor = run(['scripts/supervise.mjs', entry])
    expect(await supervisor.exited).toEqual({ code: 3, signal: null })
    expect(supervisor.output()).toMatch(/exited with code 3 before it started to serve; not restarting/)
  })

  it('waits 1 s, 2 s, 4 s … between restarts of a server that keeps dying, and stops at SIGTERM meanwhile', async () => {
    const entry = script(
      'crashes.mjs',
      "process.send({ type: 'listening' })\nsetTimeout(() => process.exit(1), 20)\n",
    )
    const supervisor = run(['scripts/supervise.mjs', entry])
    await supervisor.waitFor(/restart 3 in 4 s/)
    const log = supervisor.output()
    expect(log).toMatch(
      /\[supervisor \d{4}-\d\d-\d\dT[\d:.]+Z\] the server \(pid \d+\) exited with code 1 after [\d.]+ s; restart 1 in 1 s/,
    )
    expect(log).toMatch(/started the server again \(pid \d+\), restart 1\n/)
    expect(log).toMatch(/exited with code 1 after [\d.]+ s; restart 2 in 2 s/)
    const stopped = performance.now()
    supervisor.child.kill('SIGTERM')
    expect(await supervisor.exited).toEqual({ code: 0, signal: null })
    expect(performance.now() - stopped).toBeLessThan(1000)
  })

  it('under npm, stops with npm: npm passes SIGTERM only to its `sh -c`, which dies without passing it on', async () => {
    const entry = script(
      'serves.mjs',
      "console.log('pid', process.pid)\nprocess.send({ type: 'listening' })\nsetInterval(() => {}, 1000)\n",
    )
    // `; true` keeps the shell from replacing itself with node, as npm's shell does not either.
    const npmShell = spawn('sh', ['-c', `"${process.execPath}" scripts/supervise.mjs "${entry}"; true`], {
      cwd: root,
      env: { ...process.env, npm_lifecycle_event: 'start' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    for (const stream of [npmShell.stdout, npmShell.stderr]) stream.on('data', (chunk) => (output += chunk))
    const server = await until(
      'the server',
      () => Number(output.match(/pid (\d+)/)?.[1]) || undefined,
      10_000,
    )
    npmShell.kill('SIGTERM')
    await until('the server stopped', () => (isRunning(server) ? undefined : true), 5000)
    // The supervisor logs before it stops the server, but on a loaded machine its line can reach this
    // process after the server is gone.
    await until(
      'the reason',
      () => output.includes('the parent process is gone; stopping') || undefined,
      5000,
    )
  })

  it('starts the real server again after it is killed, with the same node flags, and stops it at SIGTERM', async () => {
    // The server as `npm start` runs it: the API bundle (its own copy, inside the repository so that
    // node_modules is found), which starts in a fraction of the time the TypeScript sources take.
    const bundle = path.join(root, '.tmp', `supervisor-test-api-${process.pid}`)
    const build = run(['scripts/build-api.mjs', bundle])
    expect(await build.exited, build.output()).toEqual({ code: 0, signal: null })
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    const supervisor = run([...startFlags, 'scripts/supervise.mjs', path.join(bundle, 'main.mjs')], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(scratch, 'data'),
      SEED_DEMO: '0',
      WEB_DIR: '',
      LOG_LEVEL: 'warn',
    })
    try {
      const pid = supervisor.child.pid as number
      const healthPid = async () => {
        const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) }).catch(
          () => null,
        )
        const [child] = childrenOf(pid)
        return response?.ok && child ? child : undefined
      }
      const first = await until('the first start', healthPid, 25_000)
      expect(childrenOf(pid)).toEqual([first])
      const flags = readFileSync(`/proc/${first}/cmdline`, 'utf8').split('\0')
      for (const flag of startFlags) expect(flags).toContain(flag)

      process.kill(first, 'SIGKILL')
      const killedAt = performance.now()
      const second = await until(
        'the restart',
        async () => {
          const child = await healthPid()
          return child && child !== first ? child : undefined
        },
        20_000,
      )
      // The wait of 1 s plus a start (measured here: 2–4 s on an existing database).
      expect(performance.now() - killedAt).toBeLessThan(20_000)
      expect(supervisor.output()).toMatch(
        new RegExp(`the server \\(pid ${first}\\) was killed by SIGKILL after [\\d.]+ s; restart 1 in 1 s`),
      )
      expect(supervisor.output()).toContain(`started the server again (pid ${second}), restart 1`)
      expect((await fetch(`${base}/api/ready`)).status).toBe(200)

      supervisor.child.kill('SIGTERM')
      expect(await supervisor.exited).toEqual({ code: 0, signal: null })
      expect(isRunning(second)).toBe(false)
    } finally {
      supervisor.child.kill('SIGKILL')
      rmSync(bundle, { recursive: true, force: true })
    }
    // The build (esbuild and the migrated PGlite template) and the two waits above, which hold the
    // real limits: on a machine busy with other suites the build alone took over 10 s.
  }, 90_000)
})
