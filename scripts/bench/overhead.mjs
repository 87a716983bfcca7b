import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { bookingServer, createMany } from './lib/bookings.mjs'
import { onPostgres } from './lib/databases.mjs'
import { cpuMsOf, get, load, median, ms, percentile } from './lib/measure.mjs'
import { profileArguments, root, serverPidOf, startArguments, stop, waitFor } from './lib/server.mjs'
import { startCaptureProxy } from './lib/sql-capture.mjs'

export const about = "the app against a bare Fastify + node-postgres server running the app's own statements"

const OVERHEAD_ROUNDS = 5
const OVERHEAD_REQUESTS = 1000
const OVERHEAD_CAPTURED = 20

/**
 * `npm run bench overhead` (issue 13): the app against a bare Fastify + node-postgres server that runs
 * exactly the app's statements. First the app runs behind a recording proxy (lib/sql-capture.mjs)
 * and 20 requests of each endpoint are captured; then the app (connected directly again) and the
 * bare server (lib/bare-server.mjs, same node flags, same pool size) are loaded in turn at
 * concurrency 10, five alternating rounds after a warm-up; medians. Then the booking create's
 * server CPU per request.
 */
async function overhead(label, env) {
  const direct = new URL(env.DATABASE_URL)
  const proxy = await startCaptureProxy(direct)
  const viaProxy = new URL(direct)
  viaProxy.host = `127.0.0.1:${proxy.port}`
  const endpoints = {
    'booking page': { path: (n, ids) => `/api/userbooking/${ids[n % ids.length]}` },
    'country list': { path: () => '/api/country?order=name&direct=asc', range: '0-19' },
    'bookings list': { path: () => '/api/userbooking?booking=1', range: '0-19' },
  }
  // OVERHEAD_ENDPOINTS="booking page,country list" measures those only.
  const only = process.env.OVERHEAD_ENDPOINTS?.split(',').map((name) => name.trim())
  for (const name of Object.keys(endpoints)) if (only && !only.includes(name)) delete endpoints[name]
  const captured = {}
  let bookingIds
  let server = await bookingServer({ ...env, DATABASE_URL: viaProxy.toString() }, '3315')
  try {
    const { results } = await createMany(server, 200, 4)
    bookingIds = results.filter((r) => r.status === 201).map((r) => r.json.bookingId)
    for (const [name, endpoint] of Object.entries(endpoints)) {
      captured[name] = []
      for (let n = 0; n < OVERHEAD_CAPTURED; n++) {
        proxy.take()
        const headers = { cookie: server.cookie, ...(endpoint.range ? { range: endpoint.range } : {}) }
        const status = await get(`${server.base}${endpoint.path(n, bookingIds)}`, headers)
        if (status !== 200) throw new Error(`${name} answered ${status}`)
        // The mail outbox poller runs on its own timer: its statements are no request's.
        captured[name].push(proxy.take().filter((s) => !s.text.includes('mail_outbox')))
      }
    }
  } finally {
    await stop(server.child)
    await proxy.close()
  }
  const statementsPerRequest = Object.entries(captured).map(
    ([name, requests]) => `${name} ${requests[0].length}`,
  )
  const requestsFile = path.join(env.DATA_DIR, 'captured.json')
  writeFileSync(requestsFile, JSON.stringify(captured))
  const poolSize = /POSTGRES_POOL_SIZE = (\d+)/.exec(
    readFileSync(path.join(root, 'apps/api/src/db/client.ts'), 'utf8'),
  )[1]
  const bare = spawn(
    process.execPath,
    [...profileArguments, ...startArguments.slice(0, -1), 'scripts/bench/lib/bare-server.mjs'],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: env.DATABASE_URL,
        POOL_SIZE: poolSize,
        REQUESTS_FILE: requestsFile,
        PORT: '3316',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  server = await bookingServer(env, '3315')
  try {
    const bareBase = 'http://127.0.0.1:3316'
    await waitFor(`${bareBase}/replay/${encodeURIComponent(Object.keys(endpoints)[0])}/0`)
    const appPid = serverPidOf(server.child)
    const measure = async (pid, url, headers, total) => {
      const cpuBefore = cpuMsOf(pid)
      const result = await load(url, headers, 10, total)
      if (result.failed) throw new Error(`${result.failed} requests failed: ${url(0)}`)
      return { ...result, cpu: (cpuMsOf(pid) - cpuBefore) / total }
    }
    const rounds = Object.fromEntries(Object.keys(endpoints).map((name) => [name, []]))
    for (let round = -1; round < OVERHEAD_ROUNDS; round++) {
      const total = round < 0 ? 300 : OVERHEAD_REQUESTS
      for (const [name, endpoint] of Object.entries(endpoints)) {
        const headers = { cookie: server.cookie, ...(endpoint.range ? { range: endpoint.range } : {}) }
        const app = await measure(
          appPid,
          (n) => `${server.base}${endpoint.path(n, bookingIds)}`,
          headers,
          total,
        )
        const replay = (n) => `${bareBase}/replay/${encodeURIComponent(name)}/${n % OVERHEAD_CAPTURED}`
        const baseline = await measure(bare.pid, replay, {}, total)
        if (round >= 0) rounds[name].push({ app, bare: baseline })
      }
    }
    console.log(
      `overhead on ${label}: app vs bare Fastify + node-postgres running the app's captured statements (per request: ${statementsPerRequest.join(', ')}), concurrency 10, ${OVERHEAD_ROUNDS} alternating rounds of ${OVERHEAD_REQUESTS} after a warm-up; medians`,
    )
    for (const [name, list] of Object.entries(rounds)) {
      const of = (side, key) => median(list.map((r) => r[side][key]))
      console.log(
        `  ${name}: app ${of('app', 'rps').toFixed(0)} req/s, bare ${of('bare', 'rps').toFixed(0)} req/s, app ÷ bare ${median(list.map((r) => r.app.rps / r.bare.rps)).toFixed(2)}; p50 app ${ms(of('app', 'p50'))}, bare ${ms(of('bare', 'p50'))}; p99 app ${ms(of('app', 'p99'))}, bare ${ms(of('bare', 'p99'))}; server CPU per request app ${of('app', 'cpu').toFixed(2)} ms, bare ${of('bare', 'cpu').toFixed(2)} ms`,
      )
    }
    await createMany(server, 20, 4, 200)
    const cpuBefore = cpuMsOf(appPid)
    const { results, seconds } = await createMany(server, 300, 4, 220)
    const createCpu = (cpuMsOf(appPid) - cpuBefore) / results.length
    const latencies = results.map((r) => r.ms).sort((a, b) => a - b)
    const failed = results.filter((r) => r.status !== 201).length
    console.log(
      `  booking create, free slots, concurrency 4, ${results.length} creates: ${(results.length / seconds).toFixed(0)} req/s, p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}, server CPU ${createCpu.toFixed(2)} ms per request, ${failed} failed`,
    )
  } finally {
    await stop(server.child)
    await stop(bare)
  }
}

export default () => onPostgres(overhead)
