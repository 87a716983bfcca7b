import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { memoryOf } from './lib/measure.mjs'
import { serverPidOf, signIn, startServer, stop, waitFor } from './lib/server.mjs'

export const about =
  "spawn → the sign-in page answers, on an empty and on an existing data folder; the server's RSS"

/** Starts `npm start` on `dataDir` and resolves when the sign-in page answers: the child and the ms it took. */
async function timedStart(dataDir, port) {
  const t0 = performance.now()
  const child = startServer({ DATA_DIR: dataDir, PORT: port })
  await waitFor(`http://127.0.0.1:${port}/admin/login`, 180_000)
  return { child, ms: performance.now() - t0 }
}

/** The server's RSS after `IDLE_MS` of quiet, and its peak so far, in MB. */
async function idleMemory(child) {
  await new Promise((r) => setTimeout(r, IDLE_MS))
  return memoryOf(serverPidOf(child))
}

/** What a staff member does first: sign in, the bookings list, a booking page (the first of the list). */
async function typicalRequests(base) {
  const cookie = await signIn(base, 'admin@harbour.test')
  const list = await fetch(`${base}/api/userbooking?booking=1`, { headers: { cookie, range: '0-19' } })
  const [first] = await list.json()
  if (!list.ok || !first) throw new Error(`the bookings list answered ${list.status} with no booking`)
  const page = await fetch(`${base}/api/userbooking/${first.bookingId}`, { headers: { cookie } })
  if (!page.ok) throw new Error(`the booking page answered ${page.status}`)
  await page.arrayBuffer()
}

const IDLE_MS = 3000
const mb = (m) => `RSS ${m.rss.toFixed(0)} MB (peak ${m.hwm.toFixed(0)} MB)`

/**
 * `npm run bench startup` (issue 13): process spawn → the sign-in page answers, on an empty data
 * folder and then three times on the folder that start made; the server's RSS after 3 s idle, and
 * again after a sign-in, the bookings list and a booking page. A first start of its own, not timed,
 * builds the web app and the API if they are stale.
 */
export default async function startup() {
  const port = '3301'
  const warmDir = mkdtempSync(path.join(tmpdir(), 'sb-bench-'))
  try {
    await stop((await timedStart(warmDir, port)).child)
  } finally {
    rmSync(warmDir, { recursive: true, force: true })
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-bench-'))
  const base = `http://127.0.0.1:${port}`
  try {
    const first = await timedStart(dataDir, port)
    const firstIdle = await idleMemory(first.child)
    await typicalRequests(base)
    const firstUsed = await idleMemory(first.child)
    await stop(first.child)
    console.log(
      `first start on an empty data folder (database, demo data) → sign-in page answers: ${(first.ms / 1000).toFixed(2)} s`,
    )
    console.log(
      `  server idle after it: ${mb(firstIdle)}; after sign-in, bookings list, booking page: ${mb(firstUsed)}`,
    )
    const restarts = []
    for (let i = 0; i < 3; i++) {
      const again = await timedStart(dataDir, port)
      const idle = await idleMemory(again.child)
      await typicalRequests(base)
      restarts.push({ ms: again.ms, idle, used: await idleMemory(again.child) })
      await stop(again.child)
    }
    console.log(
      `start on an existing data folder → sign-in page answers: ${restarts.map((r) => `${(r.ms / 1000).toFixed(2)} s`).join(', ')}`,
    )
    for (const r of restarts)
      console.log(
        `  server idle after it: ${mb(r.idle)}; after sign-in, bookings list, booking page: ${mb(r.used)}`,
      )
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
