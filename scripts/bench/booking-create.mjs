import { bookingServer, createMany } from './lib/bookings.mjs'
import { onBoth } from './lib/databases.mjs'
import { ms, percentile } from './lib/measure.mjs'
import { stop } from './lib/server.mjs'

export const about = '300 creates on free slots at concurrency 4 on PGlite and on PostgreSQL'

async function bookingCreate(label, env) {
  const server = await bookingServer(env, '3312')
  try {
    await createMany(server, 20, 4) // warm-up, on slots of its own
    const { results, seconds } = await createMany(server, 300, 4, 20)
    const latencies = results.map((r) => r.ms).sort((a, b) => a - b)
    const failed = results.filter((r) => r.status !== 201)
    console.log(
      `POST /api/userbooking on ${label}, free slots, concurrency 4, ${results.length} creates: ${(results.length / seconds).toFixed(0)} req/s, p50 ${ms(percentile(latencies, 0.5))}, p95 ${ms(percentile(latencies, 0.95))}, p99 ${ms(percentile(latencies, 0.99))}, ${failed.length} failed`,
    )
    if (failed.length)
      console.log(
        `  failures: ${[...new Set(failed.map((r) => `${r.status} ${JSON.stringify(r.json)}`))].join('; ')}`,
      )
  } finally {
    await stop(server.child)
  }
}

export default () => onBoth(bookingCreate)
