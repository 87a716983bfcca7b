// The `overhead` bench's baseline: a bare Fastify 5 + node-postgres server with the app's pool size,
// started with `npm start`'s node flags. `GET /replay/:endpoint/:n` runs the statements the capture
// proxy (sql-capture.mjs) recorded for the endpoint's request n, in the app's order — those outside a
// transaction on the pool, those from BEGIN to COMMIT on one connection, named ones as named
// (prepared) statements — and answers their rows as JSON.
// Environment: DATABASE_URL, POOL_SIZE, REQUESTS_FILE (JSON: per endpoint, one array of statements per request), PORT.
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'
import pg from 'pg'

const requests = JSON.parse(readFileSync(process.env.REQUESTS_FILE, 'utf8'))
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE) })
const app = Fastify({ logger: false })

app.get('/replay/:endpoint/:n', async (request) => {
  const captured = requests[request.params.endpoint]
  const statements = captured[Number(request.params.n) % captured.length]
  const results = []
  let client = null
  try {
    for (const { name, text, values } of statements) {
      const command = text.trim().toLowerCase()
      if (command === 'begin') client = await pool.connect()
      const result = await (client ?? pool).query(name ? { name, text, values } : { text, values })
      if (command === 'begin') continue
      if (command === 'commit' || command === 'rollback') {
        client.release()
        client = null
        continue
      }
      results.push(result.rows)
    }
  } finally {
    client?.release()
  }
  return results
})

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
for (const signal of ['SIGTERM', 'SIGINT'])
  process.once(signal, async () => {
    await app.close()
    await pool.end()
    process.exit(0)
  })
