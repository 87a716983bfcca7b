// The `overhead` bench's recorder: a PostgreSQL wire-protocol proxy that records the statements the
// app sends, so the bare baseline (bare-server.mjs) runs what the app runs, not a guess.
import net from 'node:net'

/**
 * A TCP proxy in front of PostgreSQL that reads the frontend messages of every connection (simple
 * Query, Parse and Bind of the extended protocol) and records each executed statement:
 * `{ connection, name, text, values }`. `take()` returns and clears what was recorded.
 */
export async function startCaptureProxy(target) {
  let recorded = []
  let nextConnection = 0
  const server = net.createServer((client) => {
    const connection = nextConnection++
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    const statements = new Map()
    let buffered = Buffer.alloc(0)
    let started = false
    client.on('data', (chunk) => {
      upstream.write(chunk)
      buffered = Buffer.concat([buffered, chunk])
      for (;;) {
        if (!started) {
          if (buffered.length < 4) return
          const length = buffered.readInt32BE(0)
          if (buffered.length < length) return
          buffered = buffered.subarray(length)
          started = true
          continue
        }
        if (buffered.length < 5) return
        const length = buffered.readInt32BE(1)
        if (buffered.length < length + 1) return
        read(String.fromCharCode(buffered[0]), buffered.subarray(5, length + 1))
        buffered = buffered.subarray(length + 1)
      }
    })
    upstream.on('data', (chunk) => client.write(chunk))
    const close = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('error', close).on('close', close)
    upstream.on('error', close).on('close', close)

    function read(type, body) {
      let at = 0
      const cString = () => {
        const end = body.indexOf(0, at)
        const value = body.toString('utf8', at, end)
        at = end + 1
        return value
      }
      if (type === 'Q') recorded.push({ connection, name: '', text: cString(), values: [] })
      if (type === 'P') {
        const name = cString()
        statements.set(name, cString())
      }
      if (type === 'B') {
        cString() // portal
        const name = cString()
        const formats = body.readInt16BE(at)
        const formatCodes = []
        at += 2
        for (let i = 0; i < formats; i++, at += 2) formatCodes.push(body.readInt16BE(at))
        const count = body.readInt16BE(at)
        at += 2
        const values = []
        for (let i = 0; i < count; i++) {
          const length = body.readInt32BE(at)
          at += 4
          if (length < 0) values.push(null)
          else {
            const binary = (formatCodes.length === 1 ? formatCodes[0] : formatCodes[i]) === 1
            const bytes = body.subarray(at, at + length)
            values.push(binary ? Buffer.from(bytes) : bytes.toString('utf8'))
            at += length
          }
        }
        recorded.push({ connection, name, text: statements.get(name), values })
      }
    }
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: server.address().port,
    take() {
      const taken = recorded
      recorded = []
      return taken
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}
