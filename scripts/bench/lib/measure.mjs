// Load and timings (exact latency percentiles), CPU and memory of processes from /proc, the server's
// event-loop reports: how the benches measure.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import ExcelJS from 'exceljs'
import pg from 'pg'

/**
 * `total` requests from `concurrency` loops; every latency is kept, so the percentiles are exact.
 * `url` is one URL or a function of the request's number. Keep-alive node:http: the server shares
 * the machine's two cores with this process, and fetch costs it about three times the CPU.
 */
export async function load(url, headers, concurrency, total) {
  const latencies = []
  let issued = 0
  let failed = 0
  const started = performance.now()
  async function worker() {
    while (issued < total) {
      const n = issued++
      const t0 = performance.now()
      const status = await get(typeof url === 'function' ? url(n) : url, headers)
      latencies.push(performance.now() - t0)
      if (status !== 200) failed++
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
  return {
    total: latencies.length,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    failed,
  }
}

/**
 * What a change costs an answer the app keeps until its data changes. Over a connection of its own
 * (as another process would write), `change(writer, id)` changes the first booking of Bench Org 01
 * starting in [from, to); `settleMs` later `url` is asked once, 30 times (p50 and slowest); then
 * `total` requests at concurrency 10 while the change runs twice a second, and again every 50 ms.
 */
export async function whileChanging({ databaseUrl, from, to, change }, url, headers, total, settleMs = 0) {
  const writer = new pg.Client({ connectionString: databaseUrl })
  await writer.connect()
  try {
    const {
      rows: [booking],
    } = await writer.query(
      `select b.id from bookings b join organizations o on o.id = b.organization_id
       where o.name = 'Bench Org 01' and b.status <> 'cancelled' and b.start_time >= $1 and b.start_time < $2
       order by b.start_time limit 1`,
      [from, to],
    )
    if (!booking) throw new Error(`no booking of Bench Org 01 from ${from} to ${to}`)
    const changeOne = () => change(writer, booking.id)
    const computed = []
    for (let i = 0; i < 30; i++) {
      await changeOne()
      if (settleMs) await new Promise((resolve) => setTimeout(resolve, settleMs))
      const r = await load(url, headers, 1, 1)
      if (r.failed) throw new Error(`${url} failed after a change`)
      computed.push(r.p50)
    }
    computed.sort((a, b) => a - b)
    const paces = []
    for (const [label, everyMs] of [
      ['twice a second', 500],
      ['every 50 ms', 50],
    ]) {
      let changes = 0
      let pending = Promise.resolve()
      const changer = setInterval(() => {
        changes++
        pending = pending.then(changeOne)
      }, everyMs)
      const result = await load(url, headers, 10, total).finally(() => clearInterval(changer))
      await pending
      paces.push({ label, changes, result })
    }
    return { afterChange: { p50: computed[15], slowest: computed.at(-1) }, paces }
  } finally {
    await writer.end()
  }
}

const loadAgent = new http.Agent({ keepAlive: true, maxSockets: 64 })

/** GET `url`, the body read and dropped; resolves with the status. */
export function get(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: loadAgent, headers }, (response) => {
        response.on('data', () => {})
        response.on('end', () => resolve(response.statusCode))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

/** The bytes of an answer as sent (still compressed, unlike fetch's). */
export function bytesSent(url, headers) {
  return new Promise((resolve, reject) => {
    let bytes = 0
    http
      .get(url, { agent: loadAgent, headers }, (response) => {
        response.on('data', (chunk) => {
          bytes += chunk.length
        })
        response.on('end', () => resolve(bytes))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

/** The exact percentile of sorted latencies. */
export const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
export const ms = (value) => `${value.toFixed(1)} ms`

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** One request, timed, with its Content-Range. */
export async function timedGet(url, headers) {
  const t0 = performance.now()
  const response = await fetch(url, { headers })
  await response.arrayBuffer()
  return {
    ms: performance.now() - t0,
    status: response.status,
    range: response.headers.get('content-range'),
    estimated: response.headers.get('x-total-estimated') === 'true',
  }
}

/** VmRSS and VmHWM (peak RSS) of a process, in MB, from /proc (Linux). */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN)
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 }
}

/** CPU time (user + system) a process has used, in ms, from /proc (Linux; clock ticks of 10 ms). */
export function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return Number.NaN
  }
}

/** CPU milliseconds used so far by the machine (every core) and by PostgreSQL's processes. */
export function machineCpuMs() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number)
  let postgres = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) postgres += cpuMsOf(entry)
    } catch {}
  }
  return { busy: (user + nice + system + irq + softirq + steal) * 10, postgres }
}

/** Resets the peak RSS (VmHWM) of a process to its current RSS: `echo 5 > /proc/<pid>/clear_refs`. */
export function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

/** Counts the data rows of a downloaded workbook with exceljs's streaming reader. */
export async function countRows(file) {
  let rows = 0
  for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit' })) {
    for await (const _row of sheet) rows++
  }
  return rows - 1
}

/**
 * NODE_OPTIONS that preload the event-loop monitor (event-loop-monitor.mjs of this folder) into a
 * server started with them and EVENT_LOOP_REPORT=<file>.
 */
export const eventLoopMonitorOptions = `${process.env.NODE_OPTIONS ?? ''} --import=${path.join(import.meta.dirname, 'event-loop-monitor.mjs')}`

/**
 * Signals the server's event-loop monitor and returns the figures it appends to `reportFile` since
 * the previous signal; the monitor starts over.
 */
export async function eventLoopReport(reportFile, pid) {
  const lines = () => readFileSync(reportFile, 'utf8').split('\n').filter(Boolean)
  const before = lines().length
  process.kill(pid, 'SIGUSR2')
  for (;;) {
    const now = lines()
    if (now.length > before) return JSON.parse(now[now.length - 1])
    await new Promise((r) => setTimeout(r, 5))
  }
}
