import { createWriteStream, statSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  benchData,
  LIST_BOOKINGS,
  LIST_FIRST_ORGANIZATION,
  LIST_ORGANIZATIONS,
  LIST_REQUESTS,
  LIST_WARM_UP,
} from './lib/bench-data.mjs'
import { onBenchDatabase } from './lib/databases.mjs'
import { countRows, load, memoryOf, ms, resetPeak, timedGet } from './lib/measure.mjs'
import { serverPidOf, serverReady, signIn, startServer, stop } from './lib/server.mjs'

export const about = 'the bookings list and its Excel export with 1,000,000 bookings on PostgreSQL'

/**
 * GET /api/userbooking?booking=1 at 1,000,000 bookings on PostgreSQL at concurrency 10: first page and
 * page 50 as super (every organization) and as the admin of the 100,000-booking organization, a
 * month, a location, free-text searches; then the Excel export of
 * that organization's 100,000 bookings with the server's peak RSS, measured as the user export is.
 */
export default async function bookingList() {
  const statements = benchData(LIST_BOOKINGS, LIST_FIRST_ORGANIZATION, LIST_ORGANIZATIONS)
  await onBenchDatabase('3314', statements, async ({ env, base, dataDir, loadSeconds }) => {
    const file = path.join(dataDir, 'Booking List.xlsx')
    const child = startServer(env)
    try {
      await serverReady(base)
      const superCookie = await signIn(base)
      const adminCookie = await signIn(base, 'admin.01@bench.test')
      console.log(
        `booking-list on PostgreSQL 15: ${LIST_BOOKINGS} bench bookings in ${LIST_ORGANIZATIONS} organizations (plus the demo seed's) loaded in ${loadSeconds.toFixed(1)} s; per case ${LIST_REQUESTS} requests at concurrency 10 after ${LIST_WARM_UP} warm-up`,
      )
      const centers = await (
        await fetch(`${base}/api/center?all=1`, { headers: { cookie: adminCookie } })
      ).json()
      const month = '&start_date=2025-06-01&end_date=2025-06-30'
      const cases = [
        ['super, first page', superCookie, '0-19', ''],
        ['super, page 50', superCookie, '980-999', ''],
        ['admin (100,000 bookings), first page', adminCookie, '0-19', ''],
        ['admin (100,000 bookings), page 50', adminCookie, '980-999', ''],
        ['super, one month', superCookie, '0-19', month],
        ['admin, one month', adminCookie, '0-19', month],
        ['admin, a location', adminCookie, '0-19', `&business_center_id=${centers[0].id}`],
        [
          'admin, one month and a location',
          adminCookie,
          '0-19',
          `${month}&business_center_id=${centers[0].id}`,
        ],
        ['admin, search "Number 7"', adminCookie, '0-19', '&search=Number%207'],
        ['admin, search a reference', adminCookie, '0-19', '&search=BO1-4242'],
        ['super, search "Room 3"', superCookie, '0-19', '&search=Room%203'],
      ]
      // LIST_CASES="super, first page;admin, one month" measures those only.
      const only = process.env.LIST_CASES?.split(';').map((label) => label.trim())
      for (const [label, cookie, range, query] of cases) {
        if (only && !only.includes(label)) continue
        const url = `${base}/api/userbooking?booking=1${query}`
        const headers = { cookie, range }
        const first = await timedGet(url, headers)
        if (first.status !== 200) throw new Error(`${url} answered ${first.status}`)
        await load(url, headers, 10, LIST_WARM_UP)
        const r = await load(url, headers, 10, LIST_REQUESTS)
        if (r.failed) throw new Error(`${r.failed} requests failed: ${url}`)
        console.log(
          `  GET /api/userbooking?booking=1${query} Range ${range} (${label}): ${r.rps.toFixed(0)} req/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}; Content-Range ${first.range}${first.estimated ? ' (estimated)' : ''}`,
        )
      }

      if (only) return
      // The export: the admin's whole organization, 100,000 bookings.
      const serverPid = serverPidOf(child)
      const before = memoryOf(serverPid)
      const peakReset = resetPeak(serverPid)
      let polledPeak = before.rss
      const poller = setInterval(() => {
        polledPeak = Math.max(polledPeak, memoryOf(serverPid).rss)
      }, 10)
      const started = performance.now()
      const response = await fetch(`${base}/api/userbooking?bookingSheet=1`, {
        headers: { cookie: adminCookie },
      })
      if (response.status !== 200) throw new Error(`export answered ${response.status}`)
      const firstByteMs = performance.now() - started
      await pipeline(Readable.fromWeb(response.body), createWriteStream(file))
      const elapsedMs = performance.now() - started
      clearInterval(poller)
      const after = memoryOf(serverPid)
      const peak = peakReset ? Math.max(after.hwm, polledPeak) : polledPeak
      const rows = await countRows(file)
      console.log(
        `  Excel export (bookingSheet=1) of one organization: ${rows} rows, ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB, ${(elapsedMs / 1000).toFixed(2)} s (first byte ${firstByteMs.toFixed(0)} ms); server RSS ${before.rss.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB during the export (${peakReset ? 'VmHWM reset before the download' : 'VmRSS polled every 10 ms'}), ${after.rss.toFixed(0)} MB after`,
      )
      if (rows !== LIST_FIRST_ORGANIZATION)
        throw new Error(`expected ${LIST_FIRST_ORGANIZATION} rows, read ${rows}`)
    } finally {
      await stop(child)
    }
  })
}
