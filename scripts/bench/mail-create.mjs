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

export const about = 'what queuing the booking mails adds to a create, on PGlite and on PostgreSQL'

/**
 * Issue 17: what the booking mails add to a create. Creates alternate between sending their mails
 * (two rendered mails, an invitation, queued in the transaction) and `dontSendEmail`, on one server
 * whose worker delivers to a local SMTP server meanwhile, so both kinds see the same background load.
 */
async function mailCreateCost(label, env) {
  const sink = await mailSink()
  const server = await bookingServer({ ...env, SMTP_URL: sink.url }, '3321')
  try {
    const timed = { mails: [], none: [] }
    let issued = 0
    const worker = async () => {
      while (issued < CREATE_COST_CREATES + 20) {
        const n = issued++
        // freeSlot alternates the rooms by n: pairs alternate here, so both kinds book both rooms.
        const mails = Math.floor(n / 2) % 2 === 0
        const result = await createBooking(server, { ...freeSlot(server, n), dontSendEmail: !mails })
        if (result.status !== 201)
          throw new Error(`create failed: ${result.status} ${JSON.stringify(result.json)}`)
        if (n >= 20) timed[mails ? 'mails' : 'none'].push(result.ms)
      }
    }
    await Promise.all(Array.from({ length: CREATE_COST_CONCURRENCY }, worker))
    const p = (list, q) =>
      percentile(
        [...list].sort((a, b) => a - b),
        q,
      )
    console.log(
      `POST /api/userbooking on ${label}, concurrency ${CREATE_COST_CONCURRENCY}, ${CREATE_COST_CREATES} creates alternating: with mails p50 ${ms(p(timed.mails, 0.5))} p95 ${ms(p(timed.mails, 0.95))}; dontSendEmail p50 ${ms(p(timed.none, 0.5))} p95 ${ms(p(timed.none, 0.95))}; p95 difference ${ms(p(timed.mails, 0.95) - p(timed.none, 0.95))}`,
    )
  } finally {
    await stop(server.child)
    await sink.close()
  }
}

export default () => onBoth(mailCreateCost)
