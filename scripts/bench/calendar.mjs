import { benchData, LIST_BOOKINGS, LIST_FIRST_ORGANIZATION, LIST_ORGANIZATIONS } from './lib/bench-data.mjs'
import { onBenchDatabase } from './lib/databases.mjs'
import { bytesSent, load, ms, whileChanging } from './lib/measure.mjs'
import { serverReady, signIn, startServer, stop } from './lib/server.mjs'

export const about =
  "the calendar's window call with 1,000,000 bookings on PostgreSQL, and while bookings change"

/** The calendar bench: the booking-list bench's million bookings, its first organization grown to 100 spaces. */
const CALENDAR_REQUESTS = 1000
const CALENDAR_WARM_UP = 100

/**
 * After benchData: Bench Org 01 gets five more locations of 10 spaces (100 in all), and every
 * second of its 100,000 bookings moves to the matching new space, so each space holds about 1,000
 * (about 90 bookings a day across the organization, some 2,800 not cancelled in a month).
 */
const calendarData = () => [
  ...benchData(LIST_BOOKINGS, LIST_FIRST_ORGANIZATION, LIST_ORGANIZATIONS),
  `insert into centers (organization_id, name, booking_confirm_email, contact_email, contact_number, street,
                        city, state, postcode, country_id, timezone_id)
   select o.id, format('%s Center %s', o.name, c), 'desk@bench.test', 'desk@bench.test', '+61 2 9000 0000',
          c || ' Bench Street', 'Sydney', 'New South Wales', '2000', o.country_id, 'Australia/Sydney'
   from organizations o cross join generate_series(6, 10) c where o.name = 'Bench Org 01'`,
  `insert into spaces (organization_id, center_id, name, capacity, minimum_duration_minutes,
                       maximum_duration_minutes, start_time, end_time, description, room_type, display_order)
   select ce.organization_id, ce.id, format('%s Room %s', ce.name, s), 10, 60, 600, '07:00', '21:00', '',
          'meetingroom', s
   from centers ce join organizations o on o.id = ce.organization_id and o.name = 'Bench Org 01'
   cross join generate_series(1, 10) s
   where ce.id not in (select center_id from spaces)`,
  `create temp table calendar_moves as
   with org as (select id from organizations where name = 'Bench Org 01'),
        ranked as (select id, center_id, row_number() over (order by id) as n from spaces where organization_id = (select id from org))
   select old.id as old_space, new.id as new_space, new.center_id as new_center
   from ranked old join ranked new on new.n = old.n + 50 where old.n <= 50`,
  `update bookings b set space_id = m.new_space, center_id = m.new_center
   from calendar_moves m
   where b.organization_id = (select id from organizations where name = 'Bench Org 01')
     and b.space_id = m.old_space and b.id % 2 = 0`,
  `vacuum analyze bookings`,
  `analyze spaces`,
]

/**
 * `npm run bench calendar` (issue 16): the calendar's window call on PostgreSQL with 1,000,000
 * bookings, as the admin of the 100-space organization at concurrency 10: a month (every space) and
 * a day (every space, what the day view asks), and a week of one location.
 */
export default async function calendarBench() {
  await onBenchDatabase('3316', calendarData(), async ({ env, base, loadSeconds }) => {
    const child = startServer(env)
    try {
      await serverReady(base)
      const cookie = await signIn(base, 'admin.01@bench.test')
      const centers = await (await fetch(`${base}/api/center?all=1`, { headers: { cookie } })).json()
      console.log(
        `calendar on PostgreSQL 15: ${LIST_BOOKINGS} bench bookings (plus the demo seed's), the admin's organization with 100 spaces in ${centers.length} locations and 100,000 bookings; loaded in ${loadSeconds.toFixed(1)} s; per case ${CALENDAR_REQUESTS} requests at concurrency 10 after ${CALENDAR_WARM_UP} warm-up`,
      )
      const window = (start, end, center = '') =>
        `${base}/api/userbooking/?business_center_id=${center}&end_date=${end}&meeting_room_id=&onlyBooked=&org_id=&start_date=${start}`
      const month = window('2025-06-01', '2025-06-30')
      const day = window('2025-06-17', '2025-06-17')
      // The browser's own Accept-Encoding (Chromium's): the answer comes brotli-compressed, as users get it.
      const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' }
      const cases = [
        ['month, all 100 spaces', month, 100, {}],
        ['month, all 100 spaces, as a browser asks (br)', month, 100, browser],
        ['day, all 100 spaces', day, 30, {}],
        ['day, all 100 spaces, as a browser asks (br)', day, 30, browser],
        ['week, one location', window('2025-06-15', '2025-06-21', centers[0].id), 30, {}],
      ]
      for (const [label, url, goal, encoding] of cases) {
        const headers = { cookie, ...encoding }
        const first = await fetch(url, { headers: { cookie } })
        if (first.status !== 200) throw new Error(`${url} answered ${first.status}: ${await first.text()}`)
        const body = await first.json()
        const sent = await bytesSent(url, headers)
        const wire = encoding['accept-encoding'] ? ` (sent ${(sent / 1024).toFixed(0)} KB)` : ''
        await load(url, headers, 10, CALENDAR_WARM_UP)
        // One at a time first: what a request costs without queueing behind nine others.
        const alone = await load(url, headers, 1, 50)
        const r = await load(url, headers, 10, CALENDAR_REQUESTS)
        if (r.failed) throw new Error(`${r.failed} requests failed: ${url}`)
        console.log(
          `  ${label}: ${body.spaces.length} spaces, ${body.bookings.length} bookings, ${(JSON.stringify(body).length / 1024).toFixed(0)} KB${wire}; alone p50 ${ms(alone.p50)}; concurrency 10: ${r.rps.toFixed(0)} req/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)} (goal < ${goal} ms), p99 ${ms(r.p99)}`,
        )
      }
      // The answers are kept until the organization changes (calendar-answers.ts), so the cases above
      // are mostly answers kept. What a change costs: a booking of the month changed by another
      // connection (as another process would), then the month asked once its announcement arrived.
      // 30 ms for the change's announcement to reach the server, as it reaches other processes.
      const { afterChange, paces } = await whileChanging(
        {
          databaseUrl: env.DATABASE_URL,
          from: '2025-06-10',
          to: '2025-07-01',
          change: (writer, id) =>
            writer.query('update bookings set is_paid = not is_paid where id = $1', [id]),
        },
        month,
        { cookie },
        5 * CALENDAR_REQUESTS,
        30,
      )
      console.log(
        `  month, each asked after one of its bookings changed (computed again): p50 ${ms(afterChange.p50)}, slowest ${ms(afterChange.slowest)} (30 requests one at a time)`,
      )
      for (const { label, changes, result: r } of paces) {
        if (r.failed) throw new Error(`${r.failed} requests failed: ${month}`)
        console.log(
          `  month, all 100 spaces, while a booking of the organization changes ${label} (${changes} changes): ${r.rps.toFixed(0)} req/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)} (goal < 100 ms), p99 ${ms(r.p99)}`,
        )
      }
    } finally {
      await stop(child)
    }
  })
}
