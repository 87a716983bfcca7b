// The bench organizations and their bookings, loaded in bulk SQL.

/** The bookings list bench: 1,000,000 bookings over 50 organizations, the first holding 100,000. */
export const LIST_BOOKINGS = 1_000_000
export const LIST_FIRST_ORGANIZATION = 100_000
export const LIST_ORGANIZATIONS = 50

/** The soak's organizations. */
export const SOAK_ORGANIZATIONS = 20

/** Requests per case of the booking-list and billing benches, after their warm-up. */
export const LIST_REQUESTS = 2000
export const LIST_WARM_UP = 200

/**
 * The bench organizations and what bookings need (5 centers in five zones, 10 spaces each, 50
 * clients with a booker each, an admin signing in with the demo password), then the bookings, all
 * in bulk SQL. Realistic figures (spec 0): about 2.5 hours and AUD 60 a booking, 10 % by card,
 * statuses mixed, a note on every fifth; start times spread over two years and a quarter.
 * `bookingColumns` adds columns to the bookings insert: { column: SQL over x.g, x.start_time,
 * x.minutes, x.amount and the organization o }.
 */
export const benchData = (bookingCount, firstOrganization, organizationCount, bookingColumns = {}) => [
  `insert into organizations (name, booking_prefix, currency_code, time_format, features, country_id)
   select format('Bench Org %s', lpad(o::text, 2, '0')), format('BO%s-', o), 'aud',
          case when o % 2 = 0 then 'mm/dd' else 'dd/mm' end,
          case when o % 2 = 1 then '{"user_screen_booking": true}'::jsonb else '{}'::jsonb end,
          (select id from countries where code = 'AU')
   from generate_series(1, ${organizationCount}) o`,
  `insert into centers (organization_id, name, booking_confirm_email, contact_email, contact_number, street,
                        city, state, postcode, country_id, timezone_id)
   select o.id, format('%s Center %s', o.name, c), 'desk@bench.test', 'desk@bench.test', '+61 2 9000 0000',
          c || ' Bench Street', 'Sydney', 'New South Wales', '2000', o.country_id,
          (array['Australia/Sydney', 'America/Denver', 'Europe/London', 'Asia/Singapore', 'Pacific/Auckland'])[c]
   from organizations o cross join generate_series(1, 5) c where o.name like 'Bench Org %'`,
  `insert into spaces (organization_id, center_id, name, capacity, minimum_duration_minutes,
                       maximum_duration_minutes, start_time, end_time, description, room_type)
   select ce.organization_id, ce.id, format('%s Room %s', ce.name, s), 10, 60, 600, '07:00', '21:00', '',
          'meetingroom'
   from centers ce join organizations o on o.id = ce.organization_id and o.name like 'Bench Org %'
   cross join generate_series(1, 10) s`,
  `insert into space_rates (organization_id, space_id, unit, amount)
   select sp.organization_id, sp.id, 'hour', 60
   from spaces sp join organizations o on o.id = sp.organization_id and o.name like 'Bench Org %'`,
  `insert into clients (organization_id, name, contact_email)
   select o.id, format('Bench Client %s-%s', o.id, k), format('client.%s.%s@bench.test', o.id, k)
   from organizations o cross join generate_series(1, 50) k where o.name like 'Bench Org %'`,
  `insert into users (organization_id, client_id, type, first_name, last_name, email, password_hash)
   select cl.organization_id, cl.id, 'basic', 'Booker', 'Number ' || cl.id, format('booker.%s@bench.test', cl.id), 'x'
   from clients cl join organizations o on o.id = cl.organization_id and o.name like 'Bench Org %'`,
  `insert into users (organization_id, type, first_name, last_name, email, password_hash)
   select o.id, 'admin', 'Bench', 'Admin ' || o.id, format('admin.%s@bench.test', substr(o.name, 11)),
          (select password_hash from users where email = 'admin@harbour.test')
   from organizations o where o.name like 'Bench Org %'`,
  `create temp table bench_orgs as
   select row_number() over (order by o.id) as k, o.id, o.booking_prefix, u.id as admin_id
   from organizations o join users u on u.organization_id = o.id and u.type = 'admin'
   where o.name like 'Bench Org %'`,
  `create temp table bench_spaces as
   select organization_id, (row_number() over (partition by organization_id order by id) - 1)::int as n,
          id as space_id, center_id
   from spaces where organization_id in (select id from bench_orgs)`,
  `create temp table bench_clients as
   select cl.organization_id, (row_number() over (partition by cl.organization_id order by cl.id) - 1)::int as n,
          cl.id as client_id, u.id as user_id
   from clients cl join users u on u.client_id = cl.id and u.organization_id = cl.organization_id
   where cl.organization_id in (select id from bench_orgs)`,
  // The data is valid by construction: foreign keys are not checked row by row while loading.
  `set session_replication_role = replica`,
  `insert into bookings (organization_id, booking_prefix, status, payment_status, transaction_id, is_paid,
                         center_id, space_id, start_time, end_time, duration_minutes, attendees, client_id,
                         user_id, submitted_by, currency, room_amount, original_amount,
                         room_amount_after_discount, sub_total, net_amount, notes, special_requirement
                         ${Object.keys(bookingColumns)
                           .map((column) => `, ${column}`)
                           .join('')})
   select o.id, o.booking_prefix, (array['confirmed', 'confirmed', 'tentative', 'cancelled'])[1 + x.g % 4],
          case when x.g % 10 = 0 then 'card' else 'invoice' end,
          case when x.g % 10 = 0 then 'ch_' || x.g else '' end, x.g % 3 = 0,
          s.center_id, s.space_id, x.start_time, x.start_time + x.minutes * interval '1 minute', x.minutes,
          1 + x.g % 8, c.client_id, c.user_id, o.admin_id, 'aud', x.amount, x.amount, x.amount, x.amount, x.amount,
          case when x.g % 5 = 0 then 'Bench note ' || x.g else '' end, ''
          ${Object.values(bookingColumns)
            .map((value) => `, ${value}`)
            .join('')}
   from (
     select g,
            case when g <= ${firstOrganization} then 1
                 else 2 + (g - ${firstOrganization + 1}) % ${organizationCount - 1} end as k,
            timestamptz '2024-10-01 00:00+00' + ((g::bigint * 7919) % (820 * 96)) * interval '15 minutes' as start_time,
            (4 + g % 12) * 15 as minutes,
            (10 + (g % 10000) / 100.0)::numeric(12, 2) as amount
     from generate_series(1, ${bookingCount}) g
   ) x
   join bench_orgs o on o.k = x.k
   join bench_spaces s on s.organization_id = o.id and s.n = (x.g / ${organizationCount}) % 50
   join bench_clients c on c.organization_id = o.id and c.n = (x.g / 7) % 50`,
  `set session_replication_role = origin`,
  // The triggers that keep booking_counts do not fire in replica mode: count once.
  `insert into booking_counts (organization_id, bookings)
   select organization_id, count(*) from bookings group by organization_id
   on conflict (organization_id) do update set bookings = excluded.bookings`,
  // Nor those that name the months whose report facts need building (built on first read).
  `select mark_every_report_month_stale()`,
  `vacuum analyze bookings`,
  `analyze`,
]
