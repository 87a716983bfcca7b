import {
  bookingServer,
  CREATE_COST_CONCURRENCY,
  CREATE_COST_CREATES,
  createBooking,
  freeSlot,
} from './lib/bookings.mjs'
import { onBoth } from './lib/databases.mjs'
import { mailSink } from './lib/mail-sink.mjs'
import { ms, percentile } from './lib/measure.mjs'
import { stop } from './lib/server.mjs'

export const about = 'what scheduling five workflow sends adds to a create, on PGlite and on PostgreSQL'

const SCHEDULING_BLOCK = 20

/**
 * Issue 18: what scheduling adds to a create. Harbour's demo workflows are deleted; then blocks of
 * creates alternate between five live workflows matching every booking (five sends scheduled each)
 * and none (the five deleted between blocks, outside the timing), so both kinds book the same
 * rooms for the same clients. Both send their booking mails: with dontSendEmail the sends would be
 * recorded skipped instead.
 */
async function workflowSchedulingCost(label, env) {
  const sink = await mailSink()
  const server = await bookingServer({ ...env, SMTP_URL: sink.url }, '3343')
  try {
    const call = async (method, urlPath, body) => {
      const response = await fetch(`${server.base}${urlPath}`, {
        method,
        headers: {
          cookie: server.cookie,
          range: '0-99',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      })
      if (!response.ok) throw new Error(`${method} ${urlPath}: ${response.status} ${await response.text()}`)
      return response.json()
    }
    const deleteAll = async () => {
      for (const { id } of await call('GET', '/api/workflow')) await call('DELETE', `/api/workflow/${id}`)
    }
    await deleteAll()
    const timed = { scheduled: [], none: [] }
    const blocks = CREATE_COST_CREATES / SCHEDULING_BLOCK + 1
    for (let block = 0; block < blocks; block++) {
      const kind = block % 2 === 1 ? 'scheduled' : 'none'
      if (kind === 'scheduled')
        for (let days = 1; days <= 5; days++)
          await call('POST', '/api/workflow', {
            name: `Bench ${days} days before`,
            action_type: 'Send Email',
            email_template_type: 'booking_reminder_3_days_before',
            time_value: days,
            time_unit: 'Days',
            direction: 'Before',
            event_variable: 'event_date',
          })
      let issued = 0
      const worker = async () => {
        while (issued < SCHEDULING_BLOCK) {
          const n = block * SCHEDULING_BLOCK + issued++
          const result = await createBooking(server, freeSlot(server, n))
          if (result.status !== 201)
            throw new Error(`create failed: ${result.status} ${JSON.stringify(result.json)}`)
          // The first block warms the server up.
          if (block > 0) timed[kind].push(result.ms)
        }
      }
      await Promise.all(Array.from({ length: CREATE_COST_CONCURRENCY }, worker))
      if (kind === 'scheduled') await deleteAll()
    }
    const p = (list, q) =>
      percentile(
        [...list].sort((a, b) => a - b),
        q,
      )
    console.log(
      `POST /api/userbooking on ${label}, concurrency ${CREATE_COST_CONCURRENCY}, ${CREATE_COST_CREATES} creates in alternating blocks of ${SCHEDULING_BLOCK}: 5 matching workflows p50 ${ms(p(timed.scheduled, 0.5))} p95 ${ms(p(timed.scheduled, 0.95))}; none p50 ${ms(p(timed.none, 0.5))} p95 ${ms(p(timed.none, 0.95))}; p95 difference ${ms(p(timed.scheduled, 0.95) - p(timed.none, 0.95))}`,
    )
  } finally {
    await stop(server.child)
    await sink.close()
  }
}

export default () => onBoth(workflowSchedulingCost)
