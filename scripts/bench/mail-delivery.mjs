import { bookingServer, createBooking, freeSlot } from './lib/bookings.mjs'
import { onPostgres } from './lib/databases.mjs'
import { mailSink } from './lib/mail-sink.mjs'
import { memoryOf, resetPeak } from './lib/measure.mjs'
import { serverPidOf, stop } from './lib/server.mjs'

export const about = '10,000 queued mails delivered to a local SMTP server on PostgreSQL: mails/s, peak RSS'

const QUEUED_MAILS = 10_000
const QUEUED_PDF_MAILS = 200

/**
 * Issue 17: 10,000 queued booking mails (HTML, text and the iCalendar invitation, copied from a real
 * confirmation) delivered by one API process to a local SMTP server: throughput from the first to
 * the last sent_at, and the process's peak RSS. Then 200 that also carry the confirmation PDF,
 * rendered at delivery in the heavy-work pool.
 */
async function mailDelivery(label, env, inspect) {
  const sink = await mailSink()
  const server = await bookingServer({ ...env, SMTP_URL: sink.url }, '3322')
  try {
    const made = await createBooking(server, freeSlot(server, 0))
    if (made.status !== 201) throw new Error(`create failed: ${made.status}`)
    // Harbour screens its bookings: a new one is tentative and its mails are requests. Confirmed, it
    // sends the booker's confirmation with its invitation, the mail copied below.
    const confirmed = await fetch(`${server.base}/api/userbooking/${made.json.bookingId}`, {
      method: 'PUT',
      headers: { cookie: server.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'CONFIRM' }),
    })
    if (!confirmed.ok) throw new Error(`confirm failed: ${confirmed.status} ${await confirmed.text()}`)
    const serverPid = serverPidOf(server.child)
    const waitForSent = async (total) => {
      for (;;) {
        const [row] = await inspect((q) =>
          q(`select count(*)::int as n from mail_outbox where status <> 'pending'`),
        )
        if (row.n >= total) return
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    }
    const [{ sent }] = await inspect((q) =>
      q(`select count(*)::int as sent from mail_outbox where booking_id = ${made.json.bookingId}`),
    )
    await waitForSent(sent)
    const runs = [
      [QUEUED_MAILS, `attachments - 'confirmationPdf'`, 'HTML + text + invitation'],
      [QUEUED_PDF_MAILS, 'attachments', 'HTML + text + invitation + confirmation PDF'],
    ]
    for (const [count, attachments, what] of runs) {
      const before = memoryOf(serverPid)
      const peakReset = resetPeak(serverPid)
      const [{ first }] = await inspect((q) => q(`select coalesce(max(id), 0) as first from mail_outbox`))
      // The booker's confirmation, copied `count` times; jsonb_path_query_array keeps its other attachments.
      const copied = await inspect((q) =>
        q(`insert into mail_outbox ("to", subject, text, html, cc, reply_to, attachments, organization_id, booking_id, mail_type, status)
           select 'bench' || g || '@example.test', subject, text, html, '', reply_to,
                  ${
                    attachments === 'attachments'
                      ? 'attachments'
                      : `jsonb_path_query_array(attachments, '$[*] ? (@.kind != "confirmationPdf")')`
                  },
                  organization_id, booking_id, mail_type, 'pending'
           from mail_outbox, generate_series(1, ${count}) g
           where id = (select min(id) from mail_outbox where mail_type = 'booking_confirmation_user')
           returning id`),
      )
      if (copied.length !== count) throw new Error(`copied ${copied.length} confirmation mails, not ${count}`)
      const startSent = sink.received
      const allDone = (await inspect((q) => q(`select count(*)::int as n from mail_outbox`)))[0].n
      let polledPeak = before.rss
      const poll = setInterval(() => {
        polledPeak = Math.max(polledPeak, memoryOf(serverPid).rss)
      }, 50)
      await waitForSent(allDone)
      clearInterval(poll)
      const [span] = await inspect((q) =>
        q(`select extract(epoch from max(sent_at) - min(sent_at)) as seconds,
                  count(*) filter (where status = 'failed')::int as failed
           from mail_outbox where id > ${first}`),
      )
      const peak = peakReset ? memoryOf(serverPid).hwm : polledPeak
      console.log(
        `mail delivery on ${label}: ${count} queued mails (${what}) to a local SMTP server by one process in ${Number(span.seconds).toFixed(1)} s: ${(count / Number(span.seconds)).toFixed(0)} mails/s, ${span.failed} failed, ${sink.received - startSent} received; server RSS ${before.rss.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (${peakReset ? 'VmHWM' : 'polled'})`,
      )
    }
  } finally {
    await stop(server.child)
    await sink.close()
  }
}

export default () => onPostgres(mailDelivery)
