import { onBenchDatabase } from './lib/databases.mjs'
import { load, ms, timedGet } from './lib/measure.mjs'
import { serverReady, signIn, startServer, stop } from './lib/server.mjs'

export const about = 'GET /api/user with 100,000 users on PostgreSQL'

/** The users list bench: 100,000 bench users over 5 organizations, the first holding 60,000. */
const USER_LIST_USERS = 100_000
const USER_LIST_FIRST_ORGANIZATION = 60_000
const USER_LIST_ORGANIZATIONS = 5
/** Fewer than the bookings list's: before the change a page took 100–400 ms here. */
const USER_LIST_REQUESTS = 300
const USER_LIST_WARM_UP = 30

/**
 * The bench organizations with 50 clients and an admin each (the demo password), then the users:
 * every booker is a user, each of a client, named from a few first names.
 */
const userListData = [
  `insert into organizations (name, booking_prefix, currency_code, country_id)
   select format('Bench Org %s', lpad(o::text, 2, '0')), format('BO%s-', o), 'aud',
          (select id from countries where code = 'AU')
   from generate_series(1, ${USER_LIST_ORGANIZATIONS}) o`,
  `insert into clients (organization_id, name, contact_email)
   select o.id, format('Bench Client %s-%s', o.id, k), format('client.%s.%s@bench.test', o.id, k)
   from organizations o cross join generate_series(1, 50) k where o.name like 'Bench Org %'`,
  `insert into users (organization_id, type, first_name, last_name, email, password_hash)
   select o.id, 'admin', 'Bench', 'Admin ' || o.id, format('admin.%s@bench.test', substr(o.name, 11)),
          (select password_hash from users where email = 'admin@harbour.test')
   from organizations o where o.name like 'Bench Org %'`,
  `create temp table bench_orgs as
   select row_number() over (order by id) as k, id from organizations where name like 'Bench Org %'`,
  `insert into users (organization_id, client_id, type, first_name, last_name, email, password_hash)
   select o.id, cl.id, 'basic',
          (array['Alex', 'Blake', 'Casey', 'Drew', 'Emery', 'Finley', 'Harper', 'Jordan'])[1 + x.g % 8],
          'User ' || x.g, format('user.%s@bench.test', x.g), 'x'
   from (
     select g,
            case when g <= ${USER_LIST_FIRST_ORGANIZATION} then 1
                 else 2 + (g - ${USER_LIST_FIRST_ORGANIZATION + 1}) % ${USER_LIST_ORGANIZATIONS - 1} end as k
     from generate_series(1, ${USER_LIST_USERS}) g
   ) x
   join bench_orgs o on o.k = x.k
   join clients cl on cl.organization_id = o.id and cl.name = format('Bench Client %s-%s', o.id, 1 + x.g % 50)`,
  `vacuum analyze users`,
  `analyze`,
]

/**
 * GET /api/user at 100,000 users on PostgreSQL at concurrency 10: first page and page 50 as super
 * (every organization) and as the admin of the 60,000-user organization, and searches.
 */
export default async function userList() {
  await onBenchDatabase('3316', userListData, async ({ env, base, loadSeconds }) => {
    const child = startServer(env)
    try {
      await serverReady(base)
      const superCookie = await signIn(base)
      const adminCookie = await signIn(base, 'admin.01@bench.test')
      console.log(
        `user-list on PostgreSQL 15: ${USER_LIST_USERS} bench users in ${USER_LIST_ORGANIZATIONS} organizations (plus the demo seed's) loaded in ${loadSeconds.toFixed(1)} s; per case ${USER_LIST_REQUESTS} requests at concurrency 10 after ${USER_LIST_WARM_UP} warm-up`,
      )
      const cases = [
        ['super, first page', superCookie, '0-19', ''],
        ['super, page 50', superCookie, '980-999', ''],
        ['admin (60,000 users), first page', adminCookie, '0-19', ''],
        ['admin (60,000 users), page 50', adminCookie, '980-999', ''],
        ['admin, search "User 4242"', adminCookie, '0-19', '?search=User%204242'],
        ['super, search "Casey"', superCookie, '0-19', '?search=Casey'],
      ]
      for (const [label, cookie, range, query] of cases) {
        const url = `${base}/api/user${query}`
        const headers = { cookie, range }
        const first = await timedGet(url, headers)
        if (first.status !== 200) throw new Error(`${url} answered ${first.status}`)
        await load(url, headers, 10, USER_LIST_WARM_UP)
        const r = await load(url, headers, 10, USER_LIST_REQUESTS)
        if (r.failed) throw new Error(`${r.failed} requests failed: ${url}`)
        console.log(
          `  GET /api/user${query} Range ${range} (${label}): ${r.rps.toFixed(0)} req/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}; Content-Range ${first.range}`,
        )
      }
    } finally {
      await stop(child)
    }
  })
}
