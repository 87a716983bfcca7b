// `npm run test:pg`: the API integration suite on a PostgreSQL server. Each run creates its own
// databases there (a template and one copy per test file) and drops them at the end.
import { spawnSync } from 'node:child_process'

const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
// Further arguments go to vitest: `npm run test:pg -- apps/api/test/bookings` runs those files only.
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'api', '--project', 'api-own-process', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  },
)
process.exit(run.status ?? 1)
