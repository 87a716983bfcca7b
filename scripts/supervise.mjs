// Runs the server as a child process and starts it again when it dies: `npm start` uses it on the
// built API; `node [flags] scripts/supervise.mjs <entry> [args…]` runs it on any entry script.
//
// child_process.fork rather than node:cluster: cluster exists to share one listening socket among
// several workers, so its primary accepts the connections and hands them to the worker, and stays
// in the path of every one of them. With one server process that buys nothing; a forked child owns
// its socket and its heap, and the supervisor only waits for it to exit. (Several processes behind
// a load balancer, checking /api/ready, is how the app scales; DESIGN §1.)
//
// The supervisor stays small: node built-ins only, no app code, so it does not die of what kills
// the server (a heap limit, a native crash).
import { fork } from 'node:child_process'
import path from 'node:path'

/** A run this long counts as healthy: the next crash is restarted at once and the backoff starts over. */
const HEALTHY_RUN_MS = 60_000
const FIRST_DELAY_MS = 1000
const MAX_DELAY_MS = 30_000
/** After SIGINT/SIGTERM, how long the server gets to close before it is killed. */
const STOP_TIMEOUT_MS = 15_000

/**
 * How long to wait before starting the server again: at once after a healthy run; while it keeps
 * dying sooner, 1 s, then twice the previous wait, up to 30 s, so a crash loop costs little.
 */
export function restartDelay(ranMs, previousDelayMs) {
  if (ranMs >= HEALTHY_RUN_MS) return 0
  return Math.min(MAX_DELAY_MS, previousDelayMs > 0 ? previousDelayMs * 2 : FIRST_DELAY_MS)
}

const log = (line) => process.stderr.write(`[supervisor ${new Date().toISOString()}] ${line}\n`)

/**
 * The server's environment: this process's, with glibc's malloc tuned unless set there.
 * - One arena (MALLOC_ARENA_MAX): by default each thread that allocates (V8 compiling PGlite's
 *   WebAssembly at start, libuv's pool) gets its own arena, and what they freed stays mapped:
 *   ~35–45 MB of the idle server's RSS on the embedded database. The server does its work on one
 *   thread, so one arena costs it no measurable contention.
 * - Blocks of 32 KB and more mapped on their own and given back when freed, and the top of the
 *   heap trimmed past 128 KB (MALLOC_MMAP_THRESHOLD_, MALLOC_TRIM_THRESHOLD_): otherwise glibc
 *   raises its mapping threshold after the start's large compile buffers are freed and keeps them
 *   in the heap, 25–35 MB of idle RSS (npm run bench startup: 252–271 → 224–237 MB after a
 *   restart; the calendar month at 1M bookings kept its throughput). 32 KB rather than 128 KB: a
 *   first start's demo seed leaves its 32–128 KB blocks freed but pinned under live ones in the
 *   heap (glibc's heap 51–59 MB against 34 MB after a restart); mapped on their own, the heap stays
 *   at 21–24 MB and the idle RSS after a first start is 234–238 MB instead of 262–270 (restarts
 *   202–206 instead of 214–218). The requests it touches did not slow down (country list and
 *   booking page, on both databases, measured alternately).
 * - V8's compiled code of the server's modules kept on disk beside the entry (NODE_COMPILE_CACHE;
 *   the API's build empties the folder, and Node checks each entry against its source): a start
 *   that finds it skips compiling the bundle and its dependencies, about 0.3 s of the 0.9 s it
 *   spent loading them on two cores.
 */
function serverEnvironment(entry) {
  return {
    NODE_COMPILE_CACHE: path.join(path.dirname(entry), '.compile-cache'),
    MALLOC_ARENA_MAX: '1',
    MALLOC_MMAP_THRESHOLD_: '32768',
    MALLOC_TRIM_THRESHOLD_: '131072',
    ...process.env,
  }
}

/**
 * Starts `entry` with this process's own node flags (process.execArgv: the heap limits of
 * package.json's start script apply to the server) and keeps it running until SIGINT or SIGTERM,
 * which are passed on to it; then exits with the server's exit code. With `stopWithParent`, the
 * end of the parent process (npm) stops it too.
 *
 * The server says `{ type: 'listening' }` over the IPC channel once it serves. A first start that
 * fails before that (a port in use, a bad setting) is not retried: restarting would not fix it.
 */
export function supervise(entry, args = [], { stopWithParent = false } = {}) {
  let child
  let startedAt = 0
  let listened = false
  let restarts = 0
  let delayMs = 0
  let restartTimer
  let stopping = false

  function start() {
    restartTimer = undefined
    startedAt = Date.now()
    const current = fork(entry, args, { execArgv: process.execArgv, env: serverEnvironment(entry) })
    child = current
    if (restarts > 0) log(`started the server again (pid ${current.pid}), restart ${restarts}`)
    current.on('message', (message) => {
      if (message?.type === 'listening') listened = true
    })
    // Only the first end of the current child counts ('error' and 'exit' can both come).
    const ended = (code, signal) => {
      if (child === current) exited(code, signal)
    }
    current.once('exit', ended)
    current.once('error', (error) => {
      log(`could not run the server: ${error.message}`)
      // Without a pid the process never started, and no 'exit' follows.
      if (current.pid === undefined) ended(1, null)
    })
  }

  function exited(code, signal) {
    const pid = child?.pid
    child = undefined
    if (stopping) process.exit(code ?? 0)
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`
    if (code === 0) {
      log(`the server (pid ${pid}) exited by itself with code 0; stopping`)
      process.exit(0)
    }
    if (!listened) {
      log(`the server (pid ${pid}) ${how} before it started to serve; not restarting`)
      process.exit(code ?? 1)
    }
    const ranMs = Date.now() - startedAt
    delayMs = restartDelay(ranMs, delayMs)
    restarts++
    log(
      `the server (pid ${pid}) ${how} after ${(ranMs / 1000).toFixed(1)} s; ` +
        `restart ${restarts} in ${delayMs / 1000} s`,
    )
    restartTimer = setTimeout(start, delayMs)
  }

  function stop(signal) {
    clearTimeout(restartTimer)
    if (!child) process.exit(0)
    // A terminal's Ctrl-C reaches the server too (same process group); it ignores the repeat.
    child.kill(signal)
    if (stopping) return
    stopping = true
    setTimeout(() => {
      log(`the server did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing it`)
      child?.kill('SIGKILL')
    }, STOP_TIMEOUT_MS).unref()
  }

  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal))
  // npm runs a script through `sh -c` and passes a SIGTERM it gets only to that shell, which dies
  // without passing it on: the supervisor would be left running, parentless, with the server.
  if (stopWithParent) {
    const parent = process.ppid
    const watch = setInterval(() => {
      if (process.ppid === parent) return
      clearInterval(watch)
      log('the parent process is gone; stopping')
      stop('SIGTERM')
    }, 1000).unref()
  }
  start()
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [entry, ...args] = process.argv.slice(2)
  if (!entry) {
    console.error('usage: node [flags] scripts/supervise.mjs <entry> [args…]')
    process.exit(2)
  }
  supervise(path.resolve(entry), args, { stopWithParent: Boolean(process.env.npm_lifecycle_event) })
}
