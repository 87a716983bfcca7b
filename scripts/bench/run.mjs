// `npm run bench <name>…`: runs the named benches one after the other. Each bench is a file of this
// folder (its `about` and its default export, the bench); lib/ holds what they share. A bench runs
// the real app (`npm start`) as a child process on loopback and measures it from outside; the
// figures are quoted in docs/benchmarks.md.
import * as billing from './billing.mjs'
import * as bookingContested from './booking-contested.mjs'
import * as bookingCreate from './booking-create.mjs'
import * as bookingList from './booking-list.mjs'
import * as bookingPage from './booking-page.mjs'
import * as calendar from './calendar.mjs'
import * as calendarRender from './calendar-render.mjs'
import * as countryList from './country-list.mjs'
import * as mail from './mail.mjs'
import * as mailCreate from './mail-create.mjs'
import * as mailDelivery from './mail-delivery.mjs'
import * as overhead from './overhead.mjs'
import * as pgliteBlocking from './pglite-blocking.mjs'
import * as reports from './reports.mjs'
import * as soak from './soak.mjs'
import * as startup from './startup.mjs'
import * as userExport from './user-export.mjs'
import * as userList from './user-list.mjs'
import * as webLoad from './web-load.mjs'
import * as workflowDrain from './workflow-drain.mjs'
import * as workflowScheduling from './workflow-scheduling.mjs'
import * as workflows from './workflows.mjs'

const benches = {
  startup,
  'country-list': countryList,
  'user-export': userExport,
  'booking-contested': bookingContested,
  'booking-create': bookingCreate,
  'booking-page': bookingPage,
  'booking-list': bookingList,
  calendar,
  billing,
  reports,
  overhead,
  soak,
  'pglite-blocking': pgliteBlocking,
  'user-list': userList,
  'web-load': webLoad,
  'calendar-render': calendarRender,
  mail,
  'mail-create': mailCreate,
  'mail-delivery': mailDelivery,
  workflows,
  'workflow-drain': workflowDrain,
  'workflow-scheduling': workflowScheduling,
}

const chosen = process.argv.slice(2)
const unknown = chosen.filter((name) => !Object.hasOwn(benches, name))
if (chosen.length === 0 || unknown.length > 0) {
  for (const name of unknown) console.error(`Unknown bench "${name}".`)
  console.error('Usage: npm run bench <name>… (one at a time is best: see docs/benchmarks.md). Benches:')
  const width = Math.max(...Object.keys(benches).map((name) => name.length))
  for (const [name, bench] of Object.entries(benches))
    console.error(`  ${name.padEnd(width)}  ${bench.about}`)
  process.exit(1)
}
for (const name of chosen) await benches[name].default()
