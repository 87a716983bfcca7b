// `npm run docs:screenshots`: the pictures of README.md and docs/ taken from the running demo, so a
// changed screen is one command away from a changed picture. Starts the app as `npm start` does on
// a fresh data folder and a free port, signs in as Harbour's admin in Chromium, writes
// docs/images/*.png (1280×800, reduced motion) and stops the app.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'

const root = path.resolve(import.meta.dirname, '..')
const imagesDir = path.join(root, 'docs/images')
const ADMIN = { email: 'admin@harbour.test', password: 'Spaceboard1!' }
const VIEWPORT = { width: 1280, height: 800 }

/** The node flags and script of `npm start`, read from package.json: the pictures show what users run. */
const startArguments = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  .scripts.start.split(' ')
  .slice(1)

/** The browser tests' choice (apps/web/e2e/support.ts): CHROMIUM_PATH, else Debian's headless shell, else Chromium. */
function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  return ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find(existsSync) ?? '/usr/bin/chromium'
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

function stop(child) {
  if (child.exitCode !== null) return Promise.resolve()
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  return exited
}

async function getJson(page, url) {
  const response = await page.request.get(url)
  if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`)
  return response.json()
}

const addDays = (isoDate, days) =>
  new Date(Date.parse(`${isoDate}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/**
 * The demo's Showcase booking (apps/api/src/db/seed/bookings.ts): Acme Consulting in Harbour Room A
 * a few days ahead, its notes starting "Showcase booking". The list's search does not read notes,
 * so each of Acme's upcoming bookings is opened until it is found.
 */
async function showcaseBooking(page) {
  const today = new Date().toISOString().slice(0, 10)
  const query = new URLSearchParams({
    booking: '1',
    search: 'Acme Consulting',
    start_date: addDays(today, -1),
    end_date: addDays(today, 14),
  })
  const response = await page.request.get(`/api/userbooking?${query}`, { headers: { range: '0-99' } })
  if (!response.ok()) throw new Error(`bookings list: ${response.status()} ${await response.text()}`)
  for (const row of await response.json()) {
    if (row.meetingName !== 'Harbour Room A') continue
    const booking = await getJson(page, `/api/userbooking/${row.bookingId}`)
    if (booking.notes.startsWith('Showcase booking')) return row
  }
  throw new Error('the demo data has no Showcase booking in the next two weeks')
}

async function picture(page, name) {
  await page.screenshot({ path: path.join(imagesDir, `${name}.png`), animations: 'disabled' })
  console.log(`wrote docs/images/${name}.png`)
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-docs-screenshots-'))
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const server = spawn(process.execPath, startArguments, {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
let browser
try {
  // A first start may build the web app and the API first.
  await waitFor(`${base}/admin/login`, 600_000)
  mkdirSync(imagesDir, { recursive: true })
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const context = await browser.newContext({
    baseURL: base,
    viewport: VIEWPORT,
    locale: 'en-GB',
    reducedMotion: 'reduce',
  })
  context.setDefaultTimeout(60_000)
  const signIn = await context.request.post('/api/login', {
    data: { backend: 1, ...ADMIN },
    headers: { origin: base },
  })
  if (!signIn.ok()) throw new Error(`sign-in: ${signIn.status()} ${await signIn.text()}`)
  const page = await context.newPage()
  const showcase = await showcaseBooking(page)

  // The calendar's week of the Showcase booking at its location, one column per day.
  await page.goto(
    `/admin/book/calendar?business_center_id=${showcase.centerId}&date=${showcase.start_date}&view=1`,
  )
  await page.locator('.ec-event').first().waitFor()
  await page.waitForLoadState('networkidle')
  await picture(page, 'calendar')

  // Its confirmation from the booking's details down, so that the billing lines are in the picture.
  await page.goto(`/admin/book/invoice/${showcase.bookingId}`)
  const details = page.getByText('Booking Details', { exact: true })
  await details.waitFor()
  await page.waitForLoadState('networkidle')
  await details.evaluate((heading) => heading.scrollIntoView({ block: 'start' }))
  await picture(page, 'booking-confirmation')
} finally {
  await browser?.close()
  await stop(server)
  rmSync(dataDir, { recursive: true, force: true })
}
