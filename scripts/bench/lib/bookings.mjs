// A server on the demo seed signed in as its center admin, and booking creates over HTTP: what the
// booking, mail and workflow benches share.
import http from 'node:http'
import { serverReady, signIn, startServer, stop } from './server.mjs'

/** The demo's ids a booking needs (Circular Quay, its rooms, two clients and a booker of each). */
export async function demoBookingIds(base, cookie) {
  const find = async (list, search, match) => {
    const response = await fetch(`${base}/api/${list}?search=${encodeURIComponent(search)}`, {
      headers: { cookie, range: '0-49' },
    })
    const row = (await response.json()).find(match)
    if (!row) throw new Error(`no ${search} in /api/${list}`)
    return row
  }
  const byName = (name) => (row) => row.name === name
  return {
    center: (await find('center', 'Circular Quay', byName('Circular Quay'))).id,
    roomA: (await find('meetingroom', 'Harbour Room A', byName('Harbour Room A'))).id,
    roomB: (await find('meetingroom', 'Harbour Room B', byName('Harbour Room B'))).id,
    roomAB: (await find('meetingroom', 'Harbour Room AB', byName('Harbour Room AB'))).id,
    acme: (await find('client', 'Acme Consulting', byName('Acme Consulting'))).id,
    alice: (await find('user', 'alice@acme.test', (u) => u.email === 'alice@acme.test')).id,
    coral: (await find('client', 'Coral Tech', byName('Coral Tech'))).id,
    carlos: (await find('user', 'carlos@coraltech.test', (u) => u.email === 'carlos@coraltech.test')).id,
  }
}

/** A started, signed-in (admin@harbour.test) server and the demo ids a booking needs. */
export async function bookingServer(env, port) {
  const child = startServer({ ...env, PORT: port })
  const base = `http://127.0.0.1:${port}`
  try {
    // `npm start` may first rebuild the web app and the API: fail at once if it exits instead.
    let onExit
    const exited = new Promise((_, reject) => {
      onExit = (code) => reject(new Error(`the server exited (${code}) before answering: see \`npm start\``))
      child.once('exit', onExit)
    })
    exited.catch(() => {})
    await Promise.race([serverReady(base, 180_000), exited])
    child.off('exit', onExit)
    const cookie = await signIn(base, 'admin@harbour.test')
    const ids = await demoBookingIds(base, cookie)
    return { child, base, cookie, ids }
  } catch (error) {
    await stop(child)
    throw error
  }
}

/** Today in Sydney (the demo center's zone) plus `days`, past 25/26 Dec and 1 Jan (demo blackouts). */
export function sydneyDate(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date())
  const date = new Date(`${today}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  while (['12-25', '12-26', '01-01'].includes(date.toISOString().slice(5, 10)))
    date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

/**
 * Keep-alive connections for the creates: node:http costs this process about a third of the CPU
 * that fetch does, and the server shares the machine's two cores with it.
 */
const createAgent = new http.Agent({ keepAlive: true, maxSockets: 64 })

/** POST /api/userbooking, timed. */
export function createBooking(server, body) {
  const payload = JSON.stringify({
    center_id: server.ids.center,
    client_id: server.ids.acme,
    user_id: server.ids.alice,
    attendees: 4,
    amenity_ids: [],
    payment_status: 'invoice',
    ...body,
  })
  const t0 = performance.now()
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.base}/api/userbooking`,
      {
        method: 'POST',
        agent: createAgent,
        headers: {
          cookie: server.cookie,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            json: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            ms: performance.now() - t0,
          }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

/** Four one-hour slots a day with 30 minutes between them (Room A and B have 15 minutes of preparation). */
const FREE_SLOTS = [
  ['09:00', '10:00'],
  ['10:30', '11:30'],
  ['12:00', '13:00'],
  ['13:30', '14:30'],
]

/** The nth distinct free slot from 150 days ahead: Room A or B, one of four slots a day; clients alternate. */
export function freeSlot(server, n) {
  const [start_time, end_time] = FREE_SLOTS[Math.floor(n / 2) % FREE_SLOTS.length]
  const alternate = n % 2 === 1
  return {
    meeting_room_id: alternate ? server.ids.roomB : server.ids.roomA,
    booking_date: sydneyDate(150 + Math.floor(n / (2 * FREE_SLOTS.length))),
    start_time,
    end_time,
    client_id: alternate ? server.ids.coral : server.ids.acme,
    user_id: alternate ? server.ids.carlos : server.ids.alice,
  }
}

/** `total` creates on distinct free slots from `concurrency` loops. */
export async function createMany(server, total, concurrency, first = 0) {
  const results = []
  let issued = 0
  const started = performance.now()
  async function worker() {
    while (issued < total) {
      const n = first + issued++
      results.push(await createBooking(server, freeSlot(server, n)))
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return { results, seconds: (performance.now() - started) / 1000 }
}

/**
 * The timed creates of each create-cost bench (mail-create, workflow-scheduling), half of each kind.
 * Their p95 is set by a create's slowest few (a commit's fsync): with 150 of a kind, the difference
 * of two p95s of the same code moved by ±5 ms from one run to the next.
 */
export const CREATE_COST_CREATES = Number(process.env.CREATE_COST_CREATES || 800)
/**
 * The concurrency of the create-cost benches (mail-create, workflow-scheduling). 1 measures what
 * the mails or the scheduling cost a create itself (the default): at 4 on two cores, queueing moved the p95
 * difference of the same code between 0.7 and 58 ms from one run to the next.
 */
export const CREATE_COST_CONCURRENCY = Number(process.env.CREATE_COST_CONCURRENCY || 1)
