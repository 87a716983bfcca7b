import { bookingServer, createMany } from './lib/bookings.mjs'
import { onBoth } from './lib/databases.mjs'
import { load, ms } from './lib/measure.mjs'
import { stop } from './lib/server.mjs'

export const about = 'GET /api/userbooking/:id at concurrency 10 on PGlite and on PostgreSQL'

async function bookingPage(label, env) {
  const server = await bookingServer(env, '3313')
  try {
    // The bookings read: 200 created here (the demo seed's, if any, are not needed).
    const { results } = await createMany(server, 200, 4)
    const bookingIds = results.filter((r) => r.status === 201).map((r) => r.json.bookingId)
    if (bookingIds.length < 200) throw new Error(`only ${bookingIds.length} of 200 bookings were created`)
    const result = await load(
      (n) => `${server.base}/api/userbooking/${bookingIds[n % bookingIds.length]}`,
      { cookie: server.cookie },
      10,
      2000,
    )
    console.log(
      `GET /api/userbooking/:id on ${label}, ${bookingIds.length} bookings, concurrency 10, ${result.total} requests: ${result.rps.toFixed(0)} req/s, p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, p99 ${ms(result.p99)}, ${result.failed} failed`,
    )
  } finally {
    await stop(server.child)
  }
}

export default () => onBoth(bookingPage)
