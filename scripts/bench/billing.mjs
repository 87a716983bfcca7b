import { createWriteStream, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  benchData,
  LIST_FIRST_ORGANIZATION,
  LIST_ORGANIZATIONS,
  LIST_REQUESTS,
  LIST_WARM_UP,
} from './lib/bench-data.mjs'
import { onBenchDatabase } from './lib/databases.mjs'
import { load, memoryOf, ms, resetPeak } from './lib/measure.mjs'
import { serverPidOf, serverReady, signIn, startServer, stop } from './lib/server.mjs'

export const about = 'the billing list and a marked CSV export with 500,000 bookings on PostgreSQL'

/** The billing bench (issue 19): 500,000 bookings over 50 organizations, the first holding 100,000. */
const BILLING_BOOKINGS = 500_000

/**
 * GET /api/userbooking?billing=true at concurrency 10 (p95 goal 50 ms), then a marked export of the
 * 100,000-booking organization: MARK_EXPORTED (one INSERT … SELECT of its lines), and the CSV of that
 * export streamed with the server's peak RSS (goal 200 MB), time to first byte and total.
 */
export default async function billing() {
  const statements = benchData(BILLING_BOOKINGS, LIST_FIRST_ORGANIZATION, LIST_ORGANIZATIONS)
  await onBenchDatabase('3319', statements, async ({ env, base, dataDir, loadSeconds }) => {
    const file = path.join(dataDir, 'Booking Detail.csv')
    const child = startServer(env)
    try {
      await serverReady(base)
      const adminCookie = await signIn(base, 'admin.01@bench.test')
      console.log(
        `billing on PostgreSQL 15: ${BILLING_BOOKINGS} bench bookings loaded in ${loadSeconds.toFixed(1)} s; per case ${LIST_REQUESTS} requests at concurrency 10 after ${LIST_WARM_UP} warm-up`,
      )
      for (const [label, query] of [
        ['first page', ''],
        ['one month', '&start_date=2025-06-01&end_date=2025-06-30'],
      ]) {
        const url = `${base}/api/userbooking?billing=true${query}`
        const headers = { cookie: adminCookie, range: '0-19' }
        await load(url, headers, 10, LIST_WARM_UP)
        const r = await load(url, headers, 10, LIST_REQUESTS)
        if (r.failed) throw new Error(`${r.failed} requests failed: ${url}`)
        console.log(
          `  GET /api/userbooking?billing=true${query} (admin, 100,000 bookings, ${label}): ${r.rps.toFixed(0)} req/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}`,
        )
      }
      const serverPid = serverPidOf(child)
      const before = memoryOf(serverPid)
      const peakReset = resetPeak(serverPid)
      let polledPeak = before.rss
      const poller = setInterval(() => {
        polledPeak = Math.max(polledPeak, memoryOf(serverPid).rss)
      }, 10)
      const marking = performance.now()
      const marked = await fetch(`${base}/api/userbooking/1`, {
        method: 'PUT',
        headers: { cookie: adminCookie, 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ code: 'MARK_EXPORTED' }),
      })
      if (marked.status !== 200)
        throw new Error(`MARK_EXPORTED answered ${marked.status}: ${await marked.text()}`)
      const { exportId, lines } = await marked.json()
      const markMs = performance.now() - marking
      const started = performance.now()
      const response = await fetch(`${base}/api/userbooking/?billing=true&export=csv&exportId=${exportId}`, {
        headers: { cookie: adminCookie },
      })
      if (response.status !== 200) throw new Error(`export answered ${response.status}`)
      const firstByteMs = performance.now() - started
      await pipeline(Readable.fromWeb(response.body), createWriteStream(file))
      const elapsedMs = performance.now() - started
      clearInterval(poller)
      const after = memoryOf(serverPid)
      const peak = peakReset ? Math.max(after.hwm, polledPeak) : polledPeak
      const rows = readFileSync(file, 'utf8').split('\r\n').length - 2
      console.log(
        `  marked export of one organization: MARK_EXPORTED of ${lines} lines ${(markMs / 1000).toFixed(2)} s; CSV of ${rows} lines, ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB, ${(elapsedMs / 1000).toFixed(2)} s (first byte ${firstByteMs.toFixed(0)} ms); server RSS ${before.rss.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (${peakReset ? 'VmHWM reset before marking' : 'VmRSS polled every 10 ms'}), ${after.rss.toFixed(0)} MB after`,
      )
      if (rows !== lines) throw new Error(`marked ${lines} lines, the file holds ${rows}`)
    } finally {
      await stop(child)
    }
  })
}
