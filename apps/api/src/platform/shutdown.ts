/**
 * How the server process ends: on SIGINT/SIGTERM it closes what is open and exits 0; after an
 * error nothing caught (its state is then unknown) it logs, closes what it can and exits 1, and the
 * supervisor of `npm start` starts a fresh process. A close that hangs (a request that never ends)
 * is cut short, so the process always ends.
 */
export function exitCleanly({ closeTimeoutMs = 10_000 } = {}) {
  const closers: (() => Promise<unknown>)[] = []
  let stopping = false

  async function stop(code: number) {
    // A repeated signal (a terminal's Ctrl-C reaches the supervisor and this process both) must not
    // cut the close short.
    if (stopping) return
    stopping = true
    setTimeout(() => process.exit(code), closeTimeoutMs).unref()
    for (const close of closers) await close().catch((error) => console.error('Closing failed:', error))
    process.exit(code)
  }

  // A listener replaces Node's own exit on these, so each one has to end the process itself.
  process.on('uncaughtException', (error) => {
    console.error('Uncaught exception; the server stops:', error)
    void stop(1)
  })
  process.on('unhandledRejection', (reason) => {
    console.error('Unhandled promise rejection; the server stops:', reason)
    void stop(1)
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0))
  // Run by the supervisor (with an IPC channel): once it is gone, nobody would stop or restart this process.
  if (process.send) process.once('disconnect', () => void stop(0))

  return {
    /** Something to close on the way out; the last one added closes first (the server before its database). */
    add(close: () => Promise<unknown>) {
      closers.unshift(close)
    },
  }
}
