import http from 'node:http'
import { availableParallelism } from 'node:os'
import pg from 'pg'
import { benchData, SOAK_ORGANIZATIONS } from './lib/bench-data.mjs'
import { onBenchDatabase } from './lib/databases.mjs'
import { cpuMsOf, machineCpuMs, memoryOf, ms, percentile } from './lib/measure.mjs'
import { serverPidOf, serverReady, signIn, startServer, stop } from './lib/server.mjs'

export const about =
  '5 minutes of mixed traffic from 50 staff on PostgreSQL: statuses, latencies, CPU, peak RSS'

/** The soak: 20 bench organizations of 10,000 bookings each; 50 staff signed in across them. */
const SOAK_BOOKINGS = 200_000
const SOAK_STAFF = 50
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS || 300)
/** A person's pause between two actions, 0.5–1.5 s: 50 staff ask about 50 things a second. */
const thinkTime = () => 500 + Math.random() * 1000

/** What one simulated person of an organization does next, with its share of all actions. */
const soakActions = [
  ['bookings list', 30],
  ['booking page', 28],
  ['other lists', 20],
  ['create', 10],
  ['reschedule', 6],
  ['excel export (month)', 2],
  ['run sheet pdf (month)', 2],
  ['confirmation pdf', 2],
]
const HEAVY = new Set(['excel export (month)', 'run sheet pdf (month)', 'confirmation pdf'])

/**
 * SOAK_HEAVY=0 leaves the heavy actions out (the light requests' latency on their own);
 * SOAK_HEAVY=excel,run sheet keeps the heavy actions whose names contain one of those words.
 */
const heavyKept = (name) => {
  const only = process.env.SOAK_HEAVY
  if (only === undefined || only === '') return true
  return only.split(',').some((word) => word !== '0' && name.includes(word.trim()))
}
const soakMix = soakActions.filter(([name]) => !HEAVY.has(name) || heavyKept(name))

function pickAction() {
  let r = Math.random() * soakMix.reduce((sum, [, w]) => sum + w, 0)
  for (const [name, weight] of soakMix) {
    r -= weight
    if (r < 0) return name
  }
  return soakActions[0][0]
}

const soakAgent = new http.Agent({ keepAlive: true, maxSockets: 256 })

/** One request over keep-alive, timed; the body is read and dropped. */
function soakRequest(base, cookie, method, urlPath, body) {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  const headers = { cookie }
  if (payload) {
    headers['content-type'] = 'application/json'
    headers['content-length'] = Buffer.byteLength(payload)
  }
  const t0 = performance.now()
  return new Promise((resolve) => {
    const request = http.request(`${base}${urlPath}`, { method, agent: soakAgent, headers }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode, ms: performance.now() - t0, body: Buffer.concat(chunks) }),
      )
      response.on('error', () => resolve({ status: 0, ms: performance.now() - t0, body: Buffer.alloc(0) }))
    })
    request.on('error', () => resolve({ status: 0, ms: performance.now() - t0, body: Buffer.alloc(0) }))
    request.end(payload)
  })
}

/**
 * `npm run bench soak` (issue 12): 5 minutes (SOAK_SECONDS) of mixed traffic on PostgreSQL from 50
 * simulated staff across 20 organizations: lists, booking pages, creates, reschedules, and the
 * heavy ones (a month's Excel export, a month's run sheet, a confirmation PDF) at the same time.
 * Reports every status, the latency of the non-heavy requests, the heavy ones' durations, the
 * server's peak RSS and whether it restarted.
 */
export default async function soak() {
  const statements = benchData(SOAK_BOOKINGS, SOAK_BOOKINGS / SOAK_ORGANIZATIONS, SOAK_ORGANIZATIONS)
  await onBenchDatabase('3315', statements, async ({ env, base, url }) => {
    const client = new pg.Client({ connectionString: url.toString() })
    await client.connect()
    const organizations = []
    try {
      const orgs = await client.query(
        `select o.id, u.email from organizations o join users u on u.organization_id = o.id and u.type = 'admin'
         where o.name like 'Bench Org %' order by o.id`,
      )
      for (const org of orgs.rows) {
        const spaces = await client.query(
          'select id, center_id from spaces where organization_id = $1 order by id',
          [org.id],
        )
        const bookers = await client.query(
          `select c.id as client_id, u.id as user_id from clients c join users u on u.client_id = c.id
           where c.organization_id = $1 order by c.id`,
          [org.id],
        )
        const bookings = await client.query(
          'select id from bookings where organization_id = $1 order by random() limit 300',
          [org.id],
        )
        organizations.push({
          ...org,
          spaces: spaces.rows,
          bookers: bookers.rows,
          bookings: bookings.rows.map((b) => b.id),
        })
      }
    } finally {
      await client.end()
    }

    const child = startServer(env)
    try {
      await serverReady(base)
      const serverPid = serverPidOf(child)
      const staff = []
      for (let i = 0; i < SOAK_STAFF; i++) {
        const org = organizations[i % organizations.length]
        staff.push({ i, org, cookie: await signIn(base, org.email), created: [] })
      }
      const results = new Map(soakActions.map(([action]) => [action, []]))
      const statuses = new Map()
      let peakRss = memoryOf(serverPid).rss
      const poller = setInterval(() => {
        try {
          peakRss = Math.max(peakRss, memoryOf(serverPid).rss)
        } catch {}
      }, 100)
      const months = ['2025-03', '2025-06', '2025-09', '2025-11', '2026-02', '2026-05']
      const monthQuery = () => {
        const month = months[Math.floor(Math.random() * months.length)]
        return `start_date=${month}-01&end_date=${month}-28`
      }
      const deadline = performance.now() + SOAK_SECONDS * 1000
      const seen400 = new Set()

      async function person(p) {
        let n = 0
        await new Promise((r) => setTimeout(r, Math.random() * 1000))
        while (performance.now() < deadline) {
          const action = pickAction()
          const org = p.org
          const pick = (list) => list[Math.floor(Math.random() * list.length)]
          let r
          switch (action) {
            case 'bookings list': {
              const page = 1 + Math.floor(Math.random() * 20)
              const filter = Math.random() < 0.3 ? `&${monthQuery()}` : ''
              r = await soakRequest(base, p.cookie, 'GET', `/api/userbooking?booking=1&page=${page}${filter}`)
              break
            }
            case 'booking page':
              r = await soakRequest(base, p.cookie, 'GET', `/api/userbooking/${pick(org.bookings)}`)
              break
            case 'other lists':
              r = await soakRequest(
                base,
                p.cookie,
                'GET',
                pick(['/api/center', '/api/meetingroom', '/api/client', '/api/dashboard', '/api/user']),
              )
              break
            case 'create': {
              // A slot of its own: this person's nth create on a day no one else of the organization books.
              const space = org.spaces[(p.i * 7 + n) % org.spaces.length]
              const booker = pick(org.bookers)
              const day = new Date(Date.UTC(2031, 0, 1 + n * SOAK_STAFF + p.i)).toISOString().slice(0, 10)
              n++
              r = await soakRequest(base, p.cookie, 'POST', '/api/userbooking', {
                center_id: space.center_id,
                meeting_room_id: space.id,
                client_id: booker.client_id,
                user_id: booker.user_id,
                booking_date: day,
                start_time: '09:00',
                end_time: '10:00',
                attendees: 2,
                amenity_ids: [],
                payment_status: 'invoice',
              })
              if (r.status === 201) p.created.push({ id: JSON.parse(r.body).bookingId, space, day })
              break
            }
            case 'reschedule': {
              const booking = p.created.pop()
              if (!booking) continue
              r = await soakRequest(base, p.cookie, 'PUT', `/api/userbooking/${booking.id}`, {
                code: 'RESCHEDULE_BOOKING',
                newMeetingRoomId: booking.space.id,
                newStartTime: `${booking.day} 11:00`,
                newEndTime: `${booking.day} 12:00`,
                reason: 'Soak',
              })
              break
            }
            case 'excel export (month)':
              r = await soakRequest(base, p.cookie, 'GET', `/api/userbooking?bookingSheet=1&${monthQuery()}`)
              break
            case 'run sheet pdf (month)':
              r = await soakRequest(base, p.cookie, 'GET', `/api/userbooking?pdf=true&${monthQuery()}`)
              break
            case 'confirmation pdf':
              r = await soakRequest(
                base,
                p.cookie,
                'GET',
                `/api/userbooking?invoice_pdf=true&invoice_id=${pick(org.bookings)}`,
              )
              break
          }
          results.get(action).push(r.ms)
          const key = `${action} ${r.status}`
          statuses.set(key, (statuses.get(key) ?? 0) + 1)
          if (r.status >= 500 || r.status === 0 || (r.status === 400 && !seen400.has(action))) {
            seen400.add(action)
            console.log(`  ${action}: ${r.status} ${r.body.toString('utf8').slice(0, 200)}`)
          }
          await new Promise((resolve) => setTimeout(resolve, thinkTime()))
        }
      }
      const started = performance.now()
      const cpuBefore = { machine: machineCpuMs(), server: cpuMsOf(serverPid), bench: process.cpuUsage() }
      await Promise.all(staff.map(person))
      const seconds = (performance.now() - started) / 1000
      const machine = machineCpuMs()
      const benchCpu = process.cpuUsage(cpuBefore.bench)
      const cpu = {
        busy: (machine.busy - cpuBefore.machine.busy) / 1000,
        postgres: (machine.postgres - cpuBefore.machine.postgres) / 1000,
        server: (cpuMsOf(serverPid) - cpuBefore.server) / 1000,
        bench: (benchCpu.user + benchCpu.system) / 1e6,
      }
      clearInterval(poller)
      const hwm = memoryOf(serverPid).hwm
      const restarted = child.exitCode !== null || serverPidOf(child) !== serverPid

      const light = []
      let total = 0
      console.log(
        `soak on PostgreSQL 15: ${SOAK_STAFF} staff across ${organizations.length} organizations (${SOAK_BOOKINGS.toLocaleString('en-US')} bookings) for ${seconds.toFixed(0)} s`,
      )
      for (const [action, latencies] of results) {
        latencies.sort((a, b) => a - b)
        total += latencies.length
        if (!HEAVY.has(action)) light.push(...latencies)
        if (!latencies.length) continue
        console.log(
          `  ${action.padEnd(22)} ${String(latencies.length).padStart(6)} requests: p50 ${ms(percentile(latencies, 0.5))}, p95 ${ms(percentile(latencies, 0.95))}, p99 ${ms(percentile(latencies, 0.99))}, max ${ms(latencies.at(-1))}`,
        )
      }
      light.sort((a, b) => a - b)
      const serverErrors = [...statuses].filter(([key]) => /\s(5\d\d|0)$/.test(key))
      console.log(
        `  all non-heavy requests: ${light.length}, p50 ${ms(percentile(light, 0.5))}, p95 ${ms(percentile(light, 0.95))}, p99 ${ms(percentile(light, 0.99))}; ${(total / seconds).toFixed(1)} req/s overall`,
      )
      console.log(`  statuses: ${[...statuses].map(([key, count]) => `${key}: ${count}`).join(', ')}`)
      console.log(
        `  CPU seconds over ${seconds.toFixed(0)} s on ${availableParallelism()} cores: machine ${cpu.busy.toFixed(1)}, server ${cpu.server.toFixed(1)} (its render worker included), PostgreSQL ${cpu.postgres.toFixed(1)}, the bench ${cpu.bench.toFixed(1)}`,
      )
      console.log(
        `  5xx or no answer: ${serverErrors.reduce((sum, [, count]) => sum + count, 0)}; server restarted: ${restarted ? 'yes' : 'no'}; server RSS peak ${Math.max(peakRss, hwm).toFixed(0)} MB (VmHWM ${hwm.toFixed(0)} MB, polled ${peakRss.toFixed(0)} MB)`,
      )
    } finally {
      await stop(child)
    }
  })
}
