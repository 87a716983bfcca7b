import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { benchData } from './lib/bench-data.mjs'
import { onBenchDatabase } from './lib/databases.mjs'
import { mailSink } from './lib/mail-sink.mjs'
import { serverReady, startServer, stop } from './lib/server.mjs'

export const about = '10,000 due workflow sends drained by one, then by two API processes on PostgreSQL'

const WORKFLOW_SENDS = 10_000
const WORKFLOW_ORGANIZATIONS = 20
const WORKFLOW_DRAIN_DEADLINE_S = 180

/** Issue 18's data: benchData's 20 organizations and 10,000 bookings, and one reminder workflow each. */
const workflowData = [
  ...benchData(WORKFLOW_SENDS, WORKFLOW_SENDS / WORKFLOW_ORGANIZATIONS, WORKFLOW_ORGANIZATIONS),
  `insert into workflows (organization_id, name, email_template_type, time_value, time_unit, direction, event_variable)
   select id, 'Bench Reminder', 'booking_reminder_3_days_before', 1, 'Minutes', 'Before', 'event_date'
   from organizations where name like 'Bench Org %'`,
]

/**
 * One drain: the bench's earlier sends, logs and mails are removed, then one send per bench booking
 * is made due a few seconds from now; the wait counts only those (by the bench workflows' ids and
 * organizations, not the demo's own future sends) and gives up after a deadline, saying what is left.
 */
async function workflowDrain(client, sink, processes) {
  const scope = `organization_id in (select id from organizations where name like 'Bench Org %')`
  await client.query(`delete from booking_workflow_logs where ${scope}`)
  await client.query(`delete from workflow_sends where ${scope}`)
  await client.query(`delete from mail_outbox where ${scope}`)
  const startReceived = sink.received
  const {
    rows: [{ due }],
  } = await client.query(`select now() + interval '3 seconds' as due`)
  await client.query(
    `insert into workflow_sends (organization_id, workflow_id, booking_id, due_at, state)
     select b.organization_id, w.id, b.id, $1, 'pending'
     from bookings b join workflows w on w.organization_id = b.organization_id and w.name = 'Bench Reminder'
     where b.${scope}`,
    [due],
  )
  const progress = async () =>
    (
      await client.query(
        `select (select count(*)::int from workflow_sends where ${scope} and state = 'pending') as pending,
                (select count(*)::int from mail_outbox where ${scope} and status = 'pending') as unsent,
                (select count(*)::int from mail_outbox where ${scope} and status = 'sent') as sent,
                (select count(*)::int from booking_workflow_logs where ${scope} and status = 'failed') as failed`,
      )
    ).rows[0]
  const deadline = new Date(due).getTime() + WORKFLOW_DRAIN_DEADLINE_S * 1000
  let state = await progress()
  while (state.pending + state.unsent > 0 || state.sent + state.failed < WORKFLOW_SENDS) {
    if (Date.now() > deadline) break
    await new Promise((resolve) => setTimeout(resolve, 250))
    state = await progress()
  }
  const drained = state.pending + state.unsent === 0 && state.sent + state.failed >= WORKFLOW_SENDS
  const {
    rows: [span],
  } = await client.query(
    `select extract(epoch from max(o.sent_at) - $1::timestamptz) as seconds,
            extract(epoch from (select max(updated_at) from workflow_sends where ${scope}) - $1::timestamptz) as queued
     from mail_outbox o where o.${scope}`,
    [due],
  )
  console.log(
    drained
      ? `workflow sends on PostgreSQL 15, ${processes} API process${processes > 1 ? 'es' : ''}: ${WORKFLOW_SENDS} sends due at the same moment across ${WORKFLOW_ORGANIZATIONS} organizations drained ${Number(span.seconds).toFixed(1)} s after their due time (all queued in the outbox after ${Number(span.queued).toFixed(1)} s; the runner polls every 5 s): ${state.sent} sent, ${state.failed} failed, ${sink.received - startReceived} received by the SMTP server`
      : `workflow sends on PostgreSQL 15, ${processes} API process${processes > 1 ? 'es' : ''}: NOT drained ${WORKFLOW_DRAIN_DEADLINE_S} s after their due time: ${state.pending} sends pending, ${state.unsent} mails unsent, ${state.sent} sent, ${state.failed} failed`,
  )
}

/** Issue 18: 10,000 due sends drained by one API process, then by two on the same database. */
export default async function workflowThroughput() {
  await onBenchDatabase('3341', workflowData, async ({ env, base, url }) => {
    const sink = await mailSink()
    const client = new pg.Client({ connectionString: url.toString() })
    await client.connect()
    const children = []
    try {
      for (const processes of [1, 2]) {
        while (children.length < processes) {
          const port = String(3341 + children.length)
          const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-bench-'))
          children.push(startServer({ ...env, PORT: port, DATA_DIR: dataDir, SMTP_URL: sink.url }))
          await serverReady(`http://127.0.0.1:${port}`, 180_000)
        }
        await workflowDrain(client, sink, processes)
      }
    } finally {
      for (const child of children) await stop(child)
      await client.end()
      await sink.close()
    }
    void base
  })
}
