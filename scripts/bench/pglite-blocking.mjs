import { createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { benchData, SOAK_ORGANIZATIONS } from './lib/bench-data.mjs'
import { openPglite } from './lib/databases.mjs'
import {
  countRows,
  eventLoopMonitorOptions,
  eventLoopReport,
  ms,
  percentile,
  timedGet,
} from './lib/measure.mjs'
import { serverPidOf, serverReady, signIn, startServer, stop } from './lib/server.mjs'

export const about = "the server's longest event-loop block per action on PGlite with 100,000 bookings"

/** The pglite-blocking bench: one organization of 100,000 bookings on the embedded database. */
const BLOCKING_BOOKINGS = 100_000
/** Bookings the bench creates in that organization before it exports them all. */
const BLOCKING_CREATES = 10

/** Runs one action between two monitor reports and prints what the server's event loop went through. */
async function blockingOf(monitor, label, action) {
  await eventLoopReport(monitor.reportFile, monitor.pid)
  const t0 = performance.now()
  const detail = await action()
  const wallMs = performance.now() - t0
  const r = await eventLoopReport(monitor.reportFile, monitor.pid)
  console.log(
    `  ${label}: ${(wallMs / 1000).toFixed(2)} s; longest event-loop delay ${ms(r.maxMs)}, p99 ${ms(r.p99Ms)}, loop busy ${(r.busyMs / 1000).toFixed(2)} s of ${(r.elapsedMs / 1000).toFixed(2)} s${detail ? `; ${detail}` : ''}`,
  )
}

/** `count` sequential GETs that must answer 200; their slowest, for the report. */
async function sequentialGets(url, headers, count) {
  let slowest = 0
  for (let i = 0; i < count; i++) {
    const r = await timedGet(url, headers)
    if (r.status !== 200) throw new Error(`${url} answered ${r.status}`)
    slowest = Math.max(slowest, r.ms)
  }
  return `${count} requests, slowest ${ms(slowest)}`
}

/**
 * Downloads `url` to a file while another loop asks GET /api/health every 50 ms: how long a light
 * request waits while the heavy one runs.
 */
async function downloadWithProbe(base, url, headers, file) {
  let downloading = true
  const probes = []
  const probe = (async () => {
    while (downloading) {
      probes.push((await timedGet(`${base}/api/health`, {})).ms)
      await new Promise((r) => setTimeout(r, 50))
    }
  })()
  try {
    const response = await fetch(url, { headers })
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
    await pipeline(Readable.fromWeb(response.body), createWriteStream(file))
  } finally {
    downloading = false
    await probe
  }
  probes.sort((a, b) => a - b)
  return `${(statSync(file).size / 1024 / 1024).toFixed(1)} MB; GET /api/health meanwhile: ${probes.length} answers, p50 ${ms(percentile(probes, 0.5))}, slowest ${ms(probes[probes.length - 1])}`
}

/**
 * `npm run bench pglite-blocking` (issue 13): the server on PGlite with the demo seed and an
 * organization of 100,000 bookings (loaded with the server stopped, PGlite holding one connection);
 * the server preloads lib/event-loop-monitor.mjs, and each action runs alone between two of its
 * reports: the longest event-loop delay, its p99 and how long the loop was busy.
 */
export default async function pgliteBlocking() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-bench-'))
  const port = '3316'
  const base = `http://127.0.0.1:${port}`
  const reportFile = path.join(dataDir, 'event-loop.jsonl')
  writeFileSync(reportFile, '')
  const env = {
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    PORT: port,
    EVENT_LOOP_REPORT: reportFile,
    NODE_OPTIONS: eventLoopMonitorOptions,
  }
  try {
    const first = startServer(env)
    try {
      await serverReady(base, 180_000)
    } finally {
      await stop(first)
    }
    const t0 = performance.now()
    const client = await openPglite(dataDir)
    let ids
    try {
      for (const statement of benchData(BLOCKING_BOOKINGS, BLOCKING_BOOKINGS, SOAK_ORGANIZATIONS))
        await client.exec(statement)
      // What a create in the big organization needs, and a booking of it to open.
      const { rows } = await client.query(
        `select s.center_id, s.space_id, c.client_id, c.user_id,
                (select min(id) from bookings where organization_id = o.id) as booking_id
         from bench_orgs o join bench_spaces s on s.organization_id = o.id and s.n = 0
         join bench_clients c on c.organization_id = o.id and c.n = 0 where o.k = 1`,
      )
      ids = rows[0]
    } finally {
      await client.close()
    }
    const loadSeconds = (performance.now() - t0) / 1000

    const child = startServer(env)
    try {
      await serverReady(base)
      const monitor = { reportFile, pid: serverPidOf(child) }
      const admin = { cookie: await signIn(base, 'admin.01@bench.test') }
      const superUser = { cookie: await signIn(base) }
      console.log(
        `pglite-blocking: PGlite, demo seed plus ${BLOCKING_BOOKINGS} bookings in one organization (loaded in ${loadSeconds.toFixed(1)} s); each action alone, as that organization's admin unless said`,
      )
      const list = `${base}/api/userbooking?booking=1`
      const month = 'start_date=2025-06-01&end_date=2025-06-30'
      // Warm-up: the first requests plan and prepare their statements.
      await sequentialGets(list, { ...admin, range: '0-19' }, 3)

      await blockingOf(monitor, 'bookings list, first page', () =>
        sequentialGets(list, { ...admin, range: '0-19' }, 20),
      )
      await blockingOf(monitor, 'bookings list, page 50', () =>
        sequentialGets(list, { ...admin, range: '980-999' }, 20),
      )
      await blockingOf(monitor, 'bookings list, search "Number 7"', () =>
        sequentialGets(`${list}&search=Number%207`, { ...admin, range: '0-19' }, 20),
      )
      await blockingOf(monitor, 'bookings list, one month', () =>
        sequentialGets(`${list}&${month}`, { ...admin, range: '0-19' }, 20),
      )
      await blockingOf(monitor, 'booking page', () =>
        sequentialGets(`${base}/api/userbooking/${ids.booking_id}`, admin, 20),
      )
      await blockingOf(monitor, 'dashboard', () => sequentialGets(`${base}/api/dashboard`, admin, 5))
      await blockingOf(monitor, 'booking create', async () => {
        let slowest = 0
        for (let day = 1; day <= BLOCKING_CREATES; day++) {
          const started = performance.now()
          const response = await fetch(`${base}/api/userbooking`, {
            method: 'POST',
            headers: { ...admin, 'content-type': 'application/json' },
            body: JSON.stringify({
              center_id: ids.center_id,
              meeting_room_id: ids.space_id,
              client_id: ids.client_id,
              user_id: ids.user_id,
              booking_date: `2031-01-${String(day).padStart(2, '0')}`,
              start_time: '09:00',
              end_time: '10:00',
              attendees: 2,
              amenity_ids: [],
              payment_status: 'invoice',
            }),
          })
          if (response.status !== 201)
            throw new Error(`create answered ${response.status}: ${await response.text()}`)
          slowest = Math.max(slowest, performance.now() - started)
        }
        return `${BLOCKING_CREATES} requests, slowest ${ms(slowest)}`
      })
      // The first render starts the render worker thread.
      await blockingOf(monitor, 'run sheet PDF, one month, first', () =>
        sequentialGets(`${base}/api/userbooking?pdf=true&${month}`, admin, 1),
      )
      await blockingOf(monitor, 'run sheet PDF, one month, again', () =>
        sequentialGets(`${base}/api/userbooking?pdf=true&${month}`, admin, 3),
      )
      await blockingOf(monitor, 'run sheet PDF, every booking (part 1)', () =>
        sequentialGets(`${base}/api/userbooking?pdf=true`, admin, 3),
      )
      const file = path.join(dataDir, 'export.xlsx')
      await blockingOf(monitor, 'Excel export, one month', () =>
        downloadWithProbe(base, `${base}/api/userbooking?bookingSheet=1&${month}`, admin, file),
      )
      await blockingOf(monitor, `Excel export, every booking (${BLOCKING_BOOKINGS})`, () =>
        downloadWithProbe(base, `${base}/api/userbooking?bookingSheet=1`, admin, file),
      )
      const rows = await countRows(file)
      if (rows !== BLOCKING_BOOKINGS + BLOCKING_CREATES)
        throw new Error(`expected ${BLOCKING_BOOKINGS + BLOCKING_CREATES} rows, read ${rows}`)
      await blockingOf(monitor, 'user export (super)', () =>
        downloadWithProbe(base, `${base}/api/user?report=1`, superUser, file),
      )
    } finally {
      await stop(child)
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
