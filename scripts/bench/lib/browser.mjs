// What the browser benches (web-load, calendar-render) share.
import { ms } from './measure.mjs'

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * A fixed piece of CPU work, timed: this machine's speed swings by 2× from one hour to the next,
 * and the browser benches' figures with it. Printed beside them, it says which hour a figure was
 * taken in (stop 41 measured 770–860 ms).
 */
export function machineReference() {
  const started = performance.now()
  let x = 0
  for (let i = 0; i < 2e8; i++) x = (x + i * 7) % 1000003
  // Its result is used, so that the loop cannot be optimised away.
  if (x < 0) throw new Error('unreachable')
  return `machine reference: a fixed loop took ${ms(performance.now() - started)}`
}
