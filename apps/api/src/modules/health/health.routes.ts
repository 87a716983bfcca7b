import { readFileSync } from 'node:fs'
import path from 'node:path'
import { migrationsFolder } from '../../db/client.ts'
import type { App } from '../../platform/app.ts'
import { appliedMigrationTimes, selectOne } from './health.repository.ts'

const tags = ['health']
/** A load balancer's check must get an answer even when the database hangs. */
const READY_TIMEOUT_MS = 3000

interface JournalEntry {
  tag: string
  when: number
}

let journal: JournalEntry[] | undefined
/** The migrations this build ships (drizzle's journal), read once. */
function shippedMigrations(): JournalEntry[] {
  journal ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: JournalEntry[]
    }
  ).entries
  return journal
}

class NotReady extends Error {}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NotReady(`The database did not answer within ${ms / 1000} s.`)), ms)
  })
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer))
}

/**
 * For a load balancer: /api/health says the process answers (liveness: restart it when this
 * fails), /api/ready that it can serve requests (readiness: send it traffic), i.e. its database
 * answers and has every migration this build ships.
 */
export function healthRoutes(app: App) {
  // No database here: a slow database must not get a live process restarted.
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Liveness',
        description:
          'Answers `{status: "ok"}` while the process answers; never asks the database, so a slow database does not get a live process restarted. For a load balancer.',
        'x-spec-path': 'none',
        tags,
      },
    },
    async () => ({ status: 'ok' }),
  )

  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Readiness',
        description:
          'Answers `{status: "ok"}` when the database answers (within 3 s) with every migration applied, else 503 and why.',
        'x-spec-path': 'none',
        tags,
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      try {
        const applied = await withDeadline(
          request.anonymous(async ({ tx }) => {
            try {
              await selectOne(tx)
            } catch {
              throw new NotReady('The database does not answer.')
            }
            return appliedMigrationTimes(tx)
          }),
          READY_TIMEOUT_MS,
        )
        const missing = shippedMigrations().filter((m) => !applied.includes(m.when))
        if (missing.length > 0) {
          const tags = missing.map((m) => m.tag).join(', ')
          return reply.code(503).send({ message: `The database lacks migrations: ${tags}.` })
        }
        return { status: 'ok' }
      } catch (error) {
        // Whatever failed is the database's state, never the caller's: 503, without internals.
        const message = error instanceof NotReady ? error.message : 'The database does not answer.'
        request.log.warn({ err: error }, 'not ready')
        return reply.code(503).send({ message })
      }
    },
  )
}
