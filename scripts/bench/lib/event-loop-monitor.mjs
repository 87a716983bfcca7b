// Preloaded into the server by `npm run bench pglite-blocking` (NODE_OPTIONS=--import=…), so the app
// itself carries no bench hook. With EVENT_LOOP_REPORT=<file>, each SIGUSR2 appends one JSON line
// with the event loop's figures since the previous signal and starts over, so the bench measures
// one action between two signals:
//   maxMs   the longest event-loop delay (perf_hooks.monitorEventLoopDelay, resolution 10 ms: a
//           block of B ms shows as B to B + 10 ms);
//   p99Ms   its 99th percentile;
//   busyMs  how long the loop ran code rather than waited (event-loop utilization's `active`).
// Under `npm start` the supervisor loads it too; it only answers a signal, and the bench signals
// the server's pid alone.
import { appendFileSync } from 'node:fs'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'

const reportFile = process.env.EVENT_LOOP_REPORT
if (reportFile) {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  let since = performance.eventLoopUtilization()
  let sequence = 0
  process.on('SIGUSR2', () => {
    const utilization = performance.eventLoopUtilization(since)
    const report = {
      sequence: ++sequence,
      maxMs: histogram.max / 1e6,
      p99Ms: histogram.percentile(99) / 1e6,
      busyMs: utilization.active,
      elapsedMs: utilization.active + utilization.idle,
    }
    appendFileSync(reportFile, `${JSON.stringify(report)}\n`)
    histogram.reset()
    since = performance.eventLoopUtilization()
  })
}
