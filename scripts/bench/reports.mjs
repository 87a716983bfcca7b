// `npm run bench reports` (issue 20): every report type of GET /api/reports on PostgreSQL with
// 1,000,000 bookings over 50 organizations (p50/p95/p99 at concurrency 10, the super industry
// benchmarking alone, the Excel export of the largest report with the server's peak RSS, EXPLAIN
// ANALYZE of the slowest statements), then on PGlite with the demo data plus 100,000 bookings (the
// longest event-loop block of each report request).
//
// Environment: BENCH_ON=postgres|pglite runs one part only; BENCH_DATABASE=<name> keeps the loaded
// PostgreSQL database under that name and reuses it (lib/databases.mjs's onBenchDatabase);
// REPORTS_PGLITE_DIR=<dir> keeps the loaded PGlite data folder there and reuses it;
// REPORTS_REQUESTS (default 200) requests per case after REPORTS_WARM_UP (default 20);
// REPORTS_TYPES=leadTime,topClients measures those types only; REPORTS_EXPLAIN (default 3): how
// many of the slowest cases get their statements captured and explained.
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import ExcelJS from 'exceljs'
import pg from 'pg'
import {
  reportGroupByOptions,
  reportMessages,
  reportTypes,
} from '../../packages/domain/src/reports/contract.ts'
import {
  benchData,
  LIST_FIRST_ORGANIZATION,
  LIST_ORGANIZATIONS,
  SOAK_ORGANIZATIONS,
} from './lib/bench-data.mjs'
import { onBenchDatabase, openPglite } from './lib/databases.mjs'
import {
  eventLoopMonitorOptions,
  eventLoopReport,
  load,
  memoryOf,
  ms,
  percentile,
  resetPeak,
  timedGet,
  whileChanging,
} from './lib/measure.mjs'
import { serverPidOf, serverReady, signIn, startServer, stop, waitFor } from './lib/server.mjs'
import { startCaptureProxy } from './lib/sql-capture.mjs'

export const about =
  'every report type with 1,000,000 bookings on PostgreSQL, then its event-loop blocks on PGlite'

const REPORTS_BOOKINGS = 1_000_000
const PGLITE_BOOKINGS = 100_000
const REQUESTS = Number(process.env.REPORTS_REQUESTS || 200)
const WARM_UP = Number(process.env.REPORTS_WARM_UP || 20)
const EXPLAINED = Number(process.env.REPORTS_EXPLAIN ?? 3)
/** The goals of issue 20. */
const P95_GOAL_MS = 100
const SUPER_GOAL_MS = 1000
const EXPORT_GOAL_MB = 200
const BLOCK_GOAL_MS = 200
/** The bench bookings start from October 2024 for 27 months: 2025 holds a whole (financial) year. */
const YEAR = 2025
const MONTH = 6

/**
 * The booking columns a report reads beyond benchData's (spec 0's figures): created about 10 days
 * ahead (0–20 days, even), 35 % with gratis minutes (a few refunded), 8 % with one of three vouchers
 * (10 % off), 10 % GST on every booking.
 */
const bookingColumns = {
  created_at: `x.start_time - ((x.g::bigint * 4409) % 28800) * interval '1 minute'`,
  gratis_minutes: 'case when x.g % 20 < 7 then least(x.minutes, 60) else 0 end',
  refunded_gratis_minutes: 'case when x.g % 100 = 3 then 15 else 0 end',
  voucher_id: `case when x.g % 25 < 2 then (select v.id from vouchers v
                                            where v.organization_id = o.id and v.code = 'BENCH' || x.g % 3) end`,
  voucher_code: `case when x.g % 25 < 2 then 'BENCH' || x.g % 3 else '' end`,
  voucher_type: `case when x.g % 25 < 2 then 'percent' else '' end`,
  voucher_value: 'case when x.g % 25 < 2 then 10 else 0 end',
  voucher_discount: 'case when x.g % 25 < 2 then round(x.amount / 9, 2) else 0 end',
  tax_label: `'GST'`,
  tax_percentage: '10',
  tax_amount: 'round(x.amount / 10, 2)',
}

/**
 * benchData with what the reports read: organizations with financial years from July (two in three)
 * or January, the last two excluded from reporting, one in four with the industry benchmarking
 * report, each in a global region; three vouchers and four client types per organization (one
 * client in five without a type); monthly revenue targets of every location for 2024–2027; a
 * holiday blackout on one space in ten; then, with the bookings, a charged amenity on one booking in
 * five (one in fifty not charged, one in forty partly refunded). Locations are in five zones.
 */
function reportsData(bookingCount, firstOrganization, organizationCount) {
  const statements = benchData(bookingCount, firstOrganization, organizationCount, bookingColumns)
  const replica = statements.indexOf('set session_replication_role = replica')
  const origin = statements.indexOf('set session_replication_role = origin')
  const before = [
    `update organizations o
     set month_id = case when b.k % 3 = 0 then 1 else 7 end,
         exclude_from_reporting = b.k > ${organizationCount - 2},
         features = o.features || case when b.k % 4 = 1 then '{"industry_benchmarking_report": true}'::jsonb
                                       else '{}'::jsonb end
     from bench_orgs b where b.id = o.id`,
    `update organizations o set organization_region_id = r.id
     from bench_orgs b, (select id, row_number() over (order by id) - 1 as n, count(*) over () as total
                         from global_regions) r
     where b.id = o.id and r.n = b.k % r.total`,
    `insert into vouchers (organization_id, code, type, value, valid_from, valid_to)
     select b.id, 'BENCH' || v, 'percent', 10, '2024-01-01', '2027-12-31'
     from bench_orgs b cross join generate_series(0, 2) v`,
    `insert into client_types (organization_id, name)
     select b.id, t from bench_orgs b cross join unnest(array['Corporate', 'Member', 'Not for profit', 'Government']) t`,
    `insert into organization_client_types (organization_id, client_type_id)
     select organization_id, id from client_types where organization_id in (select id from bench_orgs)`,
    `insert into client_client_types (organization_id, client_id, client_type_id)
     select c.organization_id, c.client_id, t.id
     from bench_clients c
     join (select id, organization_id, row_number() over (partition by organization_id order by id) - 1 as n
           from client_types where organization_id in (select id from bench_orgs)) t
       on t.organization_id = c.organization_id and t.n = c.n % 5`,
    `insert into center_revenue_targets (organization_id, center_id, year, month_id, revenue)
     select ce.organization_id, ce.id, y, m, 6000 + (ce.id % 7) * 1000 + m * 100
     from centers ce join bench_orgs b on b.id = ce.organization_id
     cross join generate_series(2024, 2027) y cross join generate_series(1, 12) m`,
    `insert into space_blackout_periods (organization_id, space_id, start_date, end_date)
     select organization_id, space_id, '2025-12-24', '2026-01-02' from bench_spaces where n % 10 = 0`,
  ]
  const withBookings = [
    `insert into booking_amenities (organization_id, booking_id, amenity_id, name, type, quantity, unit_amount,
                                    total_amount, not_charged)
     select bk.organization_id, bk.id, a.id, a.name, 'flat', 1, 8, 8, bk.id % 50 = 0
     from bookings bk join bench_orgs b on b.id = bk.organization_id
     cross join (select id, name from amenities order by id limit 1) a
     where bk.id % 5 = 0`,
    `insert into booking_amenity_refunds (organization_id, booking_amenity_id, amount)
     select organization_id, id, 2 from booking_amenities
     where id % 40 = 0 and organization_id in (select id from bench_orgs)`,
  ]
  return [
    ...statements.slice(0, replica),
    ...before,
    ...statements.slice(replica, origin),
    ...withBookings,
    ...statements.slice(origin),
  ]
}

/**
 * The industry averages of the benchmarking settings (spec 0's figures), when the settings table
 * exists and holds none: run before each start, as a kept database may predate the table.
 */
const benchmarkSettings = `do $$ begin
  if to_regclass('settings') is not null then
    execute $i$insert into settings (type, key, value)
               values ('benchmarking', 'average.occupancy', '35.00'), ('benchmarking', 'average.bookingvalue', '60.00'),
                      ('benchmarking', 'average.bookingduration', '2.50')
               on conflict do nothing$i$;
  end if;
end $$`

/** The machine's cores and load, printed beside the figures: on a busy machine they include waiting for a CPU. */
const machine = () => {
  const [minute] = loadavg()
  const busy = minute > availableParallelism()
  return `machine: ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}${busy ? ' — busy with other work: the figures include waiting for a CPU' : ''}`
}

const only = process.env.REPORTS_TYPES?.split(',').map((type) => type.trim())
const chosenTypes = reportTypes.filter((type) => !only || only.includes(type.key))

/**
 * The requests measured per type: a financial year and a month with the default filters, then the
 * heavier variants of a year a type offers (every other group by, busy by hours, without tax and
 * amenities, one location). The super industry benchmarking is measured alone.
 */
function reportCases(centerId) {
  const cases = []
  for (const type of chosenTypes) {
    if (type.key === 'superIndustryBenchmarking') continue
    const uses = (filter) => type.filters.includes(filter)
    const year = { report_type: type.key, report_duration: 'yearly', year: YEAR }
    cases.push({ type: type.key, variant: 'year', query: year })
    cases.push({
      type: type.key,
      variant: 'month',
      query: { ...year, report_duration: 'monthly', month: MONTH },
    })
    if (uses('groupBy'))
      for (const groupBy of reportGroupByOptions(type.key).filter((g) => g !== 'center'))
        cases.push({
          type: type.key,
          variant: `year by ${groupBy}`,
          query: { ...year, report_value: groupBy },
        })
    if (uses('busyType'))
      cases.push({ type: type.key, variant: 'year, hours', query: { ...year, busy_type: 'hours' } })
    if (uses('amenities'))
      cases.push({
        type: type.key,
        variant: 'year, exTax exAmenity',
        query: { ...year, is_tax_included: 'exTax', is_amenity_included: 'exAmenity' },
      })
    if (uses('location'))
      cases.push({ type: type.key, variant: 'year, one location', query: { ...year, center_id: centerId } })
  }
  return cases
}

const queryString = (query) => new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))

/**
 * One request first: 200 (with its size), skipped (400 "This report is not available…": its builder
 * is not there yet) or failed (anything else).
 */
async function firstAnswer(url, headers) {
  const response = await fetch(url, { headers })
  const text = await response.text()
  if (response.status === 200) return { ok: true, bytes: Buffer.byteLength(text) }
  if (response.status === 400 && text.includes(reportMessages.notAvailable)) return { skipped: true }
  return { failed: `${response.status} ${text.slice(0, 200)}` }
}

/** Peak RSS of the server while `work` runs: VmHWM reset first where Linux allows, else polled every 10 ms. */
async function peakRssDuring(child, work) {
  const pid = serverPidOf(child)
  const before = memoryOf(pid)
  const peakReset = resetPeak(pid)
  let polled = before.rss
  const poller = setInterval(() => {
    polled = Math.max(polled, memoryOf(pid).rss)
  }, 10)
  try {
    const result = await work()
    const after = memoryOf(pid)
    return {
      result,
      before: before.rss,
      after: after.rss,
      peak: peakReset ? Math.max(after.hwm, polled) : polled,
    }
  } finally {
    clearInterval(poller)
  }
}

/** The statements one request sends, captured by a proxy in front of PostgreSQL, explained with ANALYZE. */
async function explainSlowest(env, url, slowest, adminEmail) {
  const direct = new URL(env.DATABASE_URL)
  const proxy = await startCaptureProxy(direct)
  const viaProxy = new URL(direct)
  viaProxy.host = `127.0.0.1:${proxy.port}`
  const child = startServer({ ...env, DATABASE_URL: viaProxy.toString() })
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    await serverReady(env.base)
    const cookie = await signIn(env.base, adminEmail)
    console.log(
      `  EXPLAIN (ANALYZE, BUFFERS) of the slowest statement of the ${slowest.length} slowest cases:`,
    )
    for (const c of slowest) {
      proxy.take()
      const status = (await timedGet(`${env.base}/api/reports?${queryString(c.query)}`, { cookie })).status
      const statements = proxy
        .take()
        .filter((s) => s.text && /^\s*(select|with)\b/i.test(s.text) && !s.text.includes('mail_outbox'))
      const explained = []
      for (const s of statements) {
        let plan
        try {
          const { rows } = await client.query(
            `explain (analyze, buffers, format text) ${s.text}`,
            s.values.map((v) => (Buffer.isBuffer(v) ? v.toString() : v)),
          )
          plan = rows.map((r) => r['QUERY PLAN']).join('\n')
        } catch (error) {
          plan = `(not explained: ${error.message})`
        }
        const time = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0)
        explained.push({ s, plan, time })
      }
      explained.sort((a, b) => b.time - a.time)
      const [top] = explained
      console.log(
        `\n  --- ${c.type} (${c.variant}), p95 ${ms(c.result.p95)}, answered ${status}; ${statements.length} SELECT statements, execution ${explained.map((e) => ms(e.time)).join(', ')}`,
      )
      if (!top) continue
      console.log(`  statement (values ${JSON.stringify(top.s.values)}):\n${top.s.text}\n${top.plan}`)
    }
  } finally {
    await client.end()
    await stop(child)
    await proxy.close()
  }
}

/** Reads the exported workbook back: its sheet names and the rows of "Report". */
async function workbookRows(file) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(file)
  const sheet = workbook.getWorksheet('Report')
  return { sheets: workbook.worksheets.map((w) => w.name), rows: sheet?.rowCount ?? 0 }
}

const status = (value, goal) => (value < goal ? 'ok' : 'OVER GOAL')

/** Part 1: PostgreSQL, 1,000,000 bookings over 50 organizations. */
async function onPostgresMillion() {
  const statements = reportsData(REPORTS_BOOKINGS, LIST_FIRST_ORGANIZATION, LIST_ORGANIZATIONS)
  await onBenchDatabase('3320', statements, async ({ env, base, url, dataDir, loadSeconds }) => {
    const settingsClient = new pg.Client({ connectionString: url.toString() })
    await settingsClient.connect()
    await settingsClient.query(benchmarkSettings).finally(() => settingsClient.end())
    const child = startServer(env)
    const results = []
    const failures = []
    let slowest = []
    try {
      await waitFor(`${base}/admin/login`, 180_000)
      // The facts of every month a load left stale are rebuilt in the background after the start.
      const started = performance.now()
      await serverReady(base, 180_000)
      const rebuiltIn = performance.now() - started
      const adminEmail = 'admin.01@bench.test'
      const admin = { cookie: await signIn(base, adminEmail) }
      const superUser = { cookie: await signIn(base) }
      const centers = await (await fetch(`${base}/api/center?all=1`, { headers: admin })).json()
      console.log(
        `reports on PostgreSQL 15: ${REPORTS_BOOKINGS} bench bookings in ${LIST_ORGANIZATIONS} organizations (plus the demo seed's) loaded in ${loadSeconds.toFixed(1)} s (${process.env.BENCH_DATABASE && loadSeconds < 1 ? `kept database ${process.env.BENCH_DATABASE}` : 'generate_series INSERT … SELECT'}); as the admin of Bench Org 01 (${LIST_FIRST_ORGANIZATION} bookings, about 44,000 in a financial year, 33,000 of them not cancelled); year = FY ${YEAR} (from July), month = ${YEAR}-${String(MONTH).padStart(2, '0')}; per case ${WARM_UP} warm-up, 10 requests one at a time, then ${REQUESTS} at concurrency 10`,
      )
      console.log(`  ${machine()}`)
      console.log(
        `  the facts of every stale month, rebuilt in the background after the start: all there after ${ms(rebuiltIn)}`,
      )
      for (const c of reportCases(centers[0].id)) {
        const requestUrl = `${base}/api/reports?${queryString(c.query)}`
        const first = await firstAnswer(requestUrl, admin)
        if (first.skipped) {
          results.push({ ...c, skipped: true })
          console.log(`  ${c.type} (${c.variant}): skipped, answers 400 "${reportMessages.notAvailable}"`)
          continue
        }
        if (first.failed) {
          failures.push(`${c.type} (${c.variant}): ${first.failed}`)
          console.log(`  ${c.type} (${c.variant}): FAILED ${first.failed}`)
          continue
        }
        await load(requestUrl, admin, 10, WARM_UP)
        // One at a time first: what a request costs without queueing behind nine others.
        const alone = await load(requestUrl, admin, 1, 10)
        const r = await load(requestUrl, admin, 10, REQUESTS)
        if (r.failed) failures.push(`${c.type} (${c.variant}): ${r.failed} of ${r.total} requests failed`)
        results.push({ ...c, result: r, bytes: first.bytes })
        console.log(
          `  ${c.type} (${c.variant}): ${(first.bytes / 1024).toFixed(1)} KB; alone p50 ${ms(alone.p50)}; concurrency 10: ${r.rps.toFixed(0)} req/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)} ${status(r.p95, P95_GOAL_MS)}, p99 ${ms(r.p99)}${r.failed ? `, ${r.failed} FAILED` : ''}`,
        )
      }

      if (chosenTypes.some((type) => type.key === 'bookByOrganization'))
        await whileBookingsChange(
          env,
          `${base}/api/reports?${queryString({ report_type: 'bookByOrganization', report_duration: 'yearly', year: YEAR, report_value: 'room' })}`,
          admin,
        )

      if (chosenTypes.some((type) => type.key === 'superIndustryBenchmarking'))
        for (const duration of ['yearly', 'monthly']) {
          const query = {
            report_type: 'superIndustryBenchmarking',
            report_duration: duration,
            year: YEAR,
            month: MONTH,
          }
          const requestUrl = `${base}/api/reports?${queryString(query)}`
          const label = `superIndustryBenchmarking (${duration === 'yearly' ? 'year' : 'month'}, super, every organization)`
          const first = await firstAnswer(requestUrl, superUser)
          if (first.skipped || first.failed) {
            if (first.failed) failures.push(`${label}: ${first.failed}`)
            console.log(`  ${label}: ${first.skipped ? 'skipped (not available)' : `FAILED ${first.failed}`}`)
            continue
          }
          const alone = await load(requestUrl, superUser, 1, 10)
          const r = await load(requestUrl, superUser, 10, 50)
          console.log(
            `  ${label}: alone 10 requests p50 ${ms(alone.p50)}, slowest ${ms(alone.p99)} ${status(alone.p99, SUPER_GOAL_MS)} (goal < 1 s); concurrency 10 (50 requests) p50 ${ms(r.p50)}, p95 ${ms(r.p95)}`,
          )
        }

      // The Excel export of the largest report measured (by the JSON's size), as the admin.
      const largest = results
        .filter((r) => r.result && r.type !== 'bcIndustryBenchmarking')
        .sort((a, b) => b.bytes - a.bytes)[0]
      if (largest) {
        const file = path.join(dataDir, 'report.xlsx')
        const exportUrl = `${base}/api/reports/export?${queryString(largest.query)}`
        const measured = await peakRssDuring(child, async () => {
          const t0 = performance.now()
          const response = await fetch(exportUrl, { headers: admin })
          if (response.status !== 200) return { status: response.status, text: await response.text() }
          await pipeline(Readable.fromWeb(response.body), createWriteStream(file))
          return { status: 200, ms: performance.now() - t0 }
        })
        const e = measured.result
        if (e.status === 200) {
          const book = await workbookRows(file)
          console.log(
            `  Excel export of the largest report, ${largest.type} (${largest.variant}, ${(largest.bytes / 1024).toFixed(0)} KB of JSON): ${(statSync(file).size / 1024).toFixed(0)} KB, ${ms(e.ms)}; sheets ${book.sheets.join(', ')}, "Report" ${book.rows} rows; server RSS ${measured.before.toFixed(0)} MB before, peak ${measured.peak.toFixed(0)} MB ${status(measured.peak, EXPORT_GOAL_MB)} (goal < ${EXPORT_GOAL_MB} MB), ${measured.after.toFixed(0)} MB after`,
          )
          if (!book.sheets.includes('Report')) failures.push('the export has no sheet "Report"')
        } else if (e.status === 404) {
          console.log(`  Excel export: skipped, GET /api/reports/export answers 404 (not built yet)`)
        } else {
          failures.push(`export ${largest.type} (${largest.variant}): ${e.status} ${e.text.slice(0, 200)}`)
          console.log(`  Excel export of ${largest.type} (${largest.variant}): FAILED ${e.status}`)
        }
      }

      const measured = results.filter((r) => r.result)
      console.log(
        `  summary per type (p95, goal < ${P95_GOAL_MS} ms): ${chosenTypes
          .filter((type) => type.key !== 'superIndustryBenchmarking')
          .map((type) => {
            const own = results.filter((r) => r.type === type.key)
            if (own.length && own.every((r) => r.skipped)) return `${type.key} skipped`
            const of = (variant) => own.find((r) => r.variant === variant)?.result?.p95
            const worst = own.filter((r) => r.result).sort((a, b) => b.result.p95 - a.result.p95)[0]
            if (!worst) return `${type.key} failed`
            return `${type.key} year ${of('year') === undefined ? '–' : ms(of('year'))}, month ${of('month') === undefined ? '–' : ms(of('month'))}, worst ${worst.variant} ${ms(worst.result.p95)}`
          })
          .join('; ')}`,
      )
      console.log(`  at the end: ${machine()}`)
      slowest = measured.sort((a, b) => b.result.p95 - a.result.p95).slice(0, EXPLAINED)
    } finally {
      await stop(child)
    }
    if (slowest.length) await explainSlowest({ ...env, base }, url, slowest, 'admin.01@bench.test')
    if (failures.length) throw new Error(`reports bench failures:\n${failures.join('\n')}`)
  })
}

/** Part 2: PGlite with the demo data plus 100,000 bookings; the longest event-loop block per report request. */
async function onPgliteBlocking() {
  const kept = process.env.REPORTS_PGLITE_DIR && path.resolve(process.env.REPORTS_PGLITE_DIR)
  const dataDir = kept || mkdtempSync(path.join(tmpdir(), 'sb-bench-'))
  const reused = kept && existsSync(path.join(kept, 'pgdata'))
  if (kept) mkdirSync(kept, { recursive: true })
  const port = '3321'
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
  const failures = []
  try {
    const first = startServer(env)
    try {
      await serverReady(base, 180_000)
    } finally {
      await stop(first)
    }
    const t0 = performance.now()
    const client = await openPglite(dataDir)
    try {
      if (!reused)
        for (const statement of reportsData(PGLITE_BOOKINGS, PGLITE_BOOKINGS, SOAK_ORGANIZATIONS))
          await client.exec(statement)
      await client.exec(benchmarkSettings)
    } finally {
      await client.close()
    }
    const loadSeconds = (performance.now() - t0) / 1000
    const child = startServer(env)
    try {
      await waitFor(`${base}/admin/login`, 180_000)
      const pid = serverPidOf(child)
      // The monthly facts of every month are rebuilt in the background right after the start
      // (main.ts): how long until they are all there, and what that costs the event loop.
      await eventLoopReport(reportFile, pid)
      const started = performance.now()
      await serverReady(base)
      const rebuiltIn = performance.now() - started
      const rebuild = await eventLoopReport(reportFile, pid)
      const admin = { cookie: await signIn(base, 'admin.01@bench.test') }
      const superUser = { cookie: await signIn(base) }
      const centers = await (await fetch(`${base}/api/center?all=1`, { headers: admin })).json()
      console.log(
        `reports on PGlite: demo seed plus ${PGLITE_BOOKINGS} bookings in one organization (${reused ? 'kept folder' : `loaded in ${loadSeconds.toFixed(1)} s`}); each case alone, 3 sequential requests as that organization's admin (the super benchmarking as super), after one request to warm up; longest event-loop delay (goal < ${BLOCK_GOAL_MS} ms)`,
      )
      console.log(`  ${machine()}`)
      console.log(
        `  the facts of every month, rebuilt in the background after the start: all there after ${ms(rebuiltIn)}; longest event-loop delay ${ms(rebuild.maxMs)} ${status(rebuild.maxMs, BLOCK_GOAL_MS)}, p99 ${ms(rebuild.p99Ms)}`,
      )
      const cases = reportCases(centers[0].id)
      if (chosenTypes.some((type) => type.key === 'superIndustryBenchmarking'))
        for (const duration of ['yearly', 'monthly'])
          cases.push({
            type: 'superIndustryBenchmarking',
            variant: duration === 'yearly' ? 'year' : 'month',
            query: {
              report_type: 'superIndustryBenchmarking',
              report_duration: duration,
              year: YEAR,
              month: MONTH,
            },
            superUser: true,
          })
      const worst = {}
      for (const c of cases) {
        const headers = c.superUser ? superUser : admin
        const requestUrl = `${base}/api/reports?${queryString(c.query)}`
        const answer = await firstAnswer(requestUrl, headers)
        if (answer.skipped) {
          worst[c.type] ??= 'skipped'
          continue
        }
        if (answer.failed) {
          failures.push(`PGlite ${c.type} (${c.variant}): ${answer.failed}`)
          console.log(`  ${c.type} (${c.variant}): FAILED ${answer.failed}`)
          continue
        }
        await eventLoopReport(reportFile, pid)
        const latencies = []
        for (let i = 0; i < 3; i++) latencies.push((await timedGet(requestUrl, headers)).ms)
        const r = await eventLoopReport(reportFile, pid)
        latencies.sort((a, b) => a - b)
        if (typeof worst[c.type] !== 'object' || worst[c.type].maxMs < r.maxMs)
          worst[c.type] = { maxMs: r.maxMs, variant: c.variant }
        console.log(
          `  ${c.type} (${c.variant}): requests ${latencies.map(ms).join(', ')} (median ${ms(percentile(latencies, 0.5))}); longest event-loop delay ${ms(r.maxMs)} ${status(r.maxMs, BLOCK_GOAL_MS)}, p99 ${ms(r.p99Ms)}, loop busy ${(r.busyMs / 1000).toFixed(2)} s of ${(r.elapsedMs / 1000).toFixed(2)} s`,
        )
      }
      console.log(
        `  summary per type (longest block): ${Object.entries(worst)
          .map(([type, w]) => (w === 'skipped' ? `${type} skipped` : `${type} ${ms(w.maxMs)} (${w.variant})`))
          .join('; ')}`,
      )
      console.log(`  at the end: ${machine()}`)
    } finally {
      await stop(child)
    }
  } finally {
    if (!kept) rmSync(dataDir, { recursive: true, force: true })
  }
  if (failures.length) throw new Error(`reports bench failures:\n${failures.join('\n')}`)
}

/** `npm run bench reports`: PostgreSQL with a million bookings, then PGlite (BENCH_ON picks one). */
export default async function reports() {
  const on = process.env.BENCH_ON
  if (on !== 'pglite') await onPostgresMillion()
  if (on !== 'postgres') await onPgliteBlocking()
}

/**
 * bookByOrganization's answers are kept while the organization's facts and master data stay the
 * same (report-memo.ts), so the cases above measure mostly kept answers. What a change costs: one
 * booking of the year changed by another connection (as another process would; its month is
 * marked stale), then the report asked (it rebuilds that month and computes again), 30 times; and
 * the report at concurrency 10 while a booking changes twice a second and every 50 ms.
 */
async function whileBookingsChange(env, url, headers) {
  // Its sub-total up a cent and back: a measure changes, so its month is marked stale each time.
  let sign = 1
  const { afterChange, paces } = await whileChanging(
    {
      databaseUrl: env.DATABASE_URL,
      from: `${YEAR}-08-01`,
      to: `${YEAR + 1}-06-01`,
      change: (writer, id) => {
        sign = -sign
        return writer.query('update bookings set sub_total = sub_total + $2 where id = $1', [id, sign * 0.01])
      },
    },
    url,
    headers,
    5 * REQUESTS,
  )
  console.log(
    `  bookByOrganization (year by room), each asked after a booking of the year changed (its month rebuilt, the answer computed again): p50 ${ms(afterChange.p50)}, slowest ${ms(afterChange.slowest)} (30 requests one at a time)`,
  )
  for (const { label, changes, result: r } of paces)
    console.log(
      `  bookByOrganization (year by room) while a booking of the year changes ${label} (${changes} changes): ${r.rps.toFixed(0)} req/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)} ${status(r.p95, P95_GOAL_MS)}, p99 ${ms(r.p99)}${r.failed ? `, ${r.failed} FAILED` : ''}`,
    )
}
