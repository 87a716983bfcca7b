/** A local SMTP server that takes every mail and counts it (the bench's mail sink). */
export async function mailSink() {
  const { SMTPServer } = await import('smtp-server')
  const sink = { received: 0 }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume()
      stream.on('end', () => {
        sink.received++
        callback()
      })
    },
  })
  // A server stopped mid-delivery resets its connection: that is the bench ending, not a failure.
  server.on('error', () => {})
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  sink.url = `smtp://127.0.0.1:${server.server.address().port}`
  sink.close = () => new Promise((resolve) => server.close(() => resolve()))
  return sink
}
