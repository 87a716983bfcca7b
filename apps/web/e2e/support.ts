import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import axe from 'axe-core'
import {
  type Browser,
  type BrowserContext,
  type Cookie,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'

export const PASSWORD = 'Spaceboard1!'

export const logins = {
  super: 'super@spaceboard.test',
  harbourAdmin: 'admin@harbour.test',
  harbourCsr: 'csr@harbour.test',
  summitAdmin: 'admin@summit.test',
  summitCsr: 'csr@summit.test',
} as const

/** What apps/api/test/server.ts gives: the app (API + built SPA) on a fresh seeded database. */
export interface TestServer {
  url: string
  close(): Promise<void>
  outbox(): Promise<Array<{ to: string; subject: string; text: string }>>
  /** Runs a statement on the app's database: fixtures the screens cannot set up. */
  sql(statement: string): Promise<void>
}

/** Settings of the app under test (a `Partial<Config>` of apps/api/src/config.ts), e.g. geocoderUrl, mapTileUrl. */
export type ServerOverrides = Record<string, unknown>

/**
 * Imported at run time so the web typecheck does not compile the API's test code (its vitest
 * `inject` typing is declared in the API's global setup).
 */
async function startTestServer(overrides: ServerOverrides = {}): Promise<TestServer> {
  const modulePath = fileURLToPath(new URL('../../api/test/server.ts', import.meta.url))
  const module = (await import(/* @vite-ignore */ modulePath)) as {
    startTestServer: (overrides: ServerOverrides) => Promise<TestServer>
  }
  return module.startTestServer(overrides)
}

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Debian's headless shell of Chromium when it is there (the old headless mode, without the browser's
 * own windowing and compositing: the browser suite took about 9% less time with it), else Debian's
 * Chromium; CHROMIUM_PATH chooses another.
 */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  return ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find(existsSync) ?? '/usr/bin/chromium'
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath()
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: apt-get install -y chromium-headless-shell (or chromium), or set CHROMIUM_PATH`,
    )
  }
  return chromium.launch({ executablePath, args: chromiumArgs })
}

export interface E2eApp {
  server: TestServer
  browser: Browser
  /** A fresh browser context (its own cookies) on a new page of the app. */
  newPage(): Promise<Page>
  /** A new page signed in as the given user, on /admin/profile/show. */
  signedInPage(email: string, password?: string): Promise<Page>
}

/**
 * One app (API + built SPA on a fresh seeded database) and one browser per test file, closed
 * after the file. Returns an object whose fields are filled in by `beforeAll`. `overrides` gives
 * the app's settings when it starts (after the file's earlier `beforeAll`s, which may start the
 * local services it points at).
 */
export function setupE2eApp(overrides?: () => ServerOverrides): E2eApp {
  const contexts: BrowserContext[] = []
  const pageErrors: string[] = []
  const app = {} as E2eApp
  beforeAll(async () => {
    app.server = await startTestServer(overrides?.())
    app.browser = await launchBrowser()
    app.newPage = async () => {
      const context = await app.browser.newContext({
        baseURL: app.server.url,
        viewport: { width: 1280, height: 860 },
        locale: 'en-GB',
        // As a user who asked for less motion: the app then turns antd's animations off (theme.ts),
        // so no click waits for a dialog or a menu to finish sliding in.
        reducedMotion: 'reduce',
      })
      // 30 s: on this two-core machine a route's first chunk, its data and Chromium's paint can take
      // over 15 s while the rest of the suite's work shares it (seen on the calendar's drag-to-book).
      context.setDefaultTimeout(30_000)
      contexts.push(context)
      const page = await context.newPage()
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`))
      page.on('console', (message) => {
        // Refused calls (401, 409 …) are part of the flows under test; anything else is a bug.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          pageErrors.push(`${page.url()}: ${message.text()}`)
        }
      })
      return page
    }
    // Signing in through the page is sign-in.test.ts's subject; elsewhere a user's session is signed
    // in through the API once per file (the form cost about 4.5 s a time) and its cookie given to
    // each new page, while the API still accepts it.
    const sessions = new Map<string, Cookie[]>()
    app.signedInPage = async (email, password = PASSWORD) => {
      const page = await app.newPage()
      const context = page.context()
      const cookies = sessions.get(`${email}\n${password}`)
      if (cookies) await context.addCookies(cookies)
      if (!cookies || !(await context.request.get('/api/profile')).ok()) {
        await context.clearCookies()
        const response = await context.request.post('/api/login', {
          data: { backend: 1, email, password },
          headers: { origin: app.server.url },
        })
        if (!response.ok())
          throw new Error(`sign-in of ${email}: ${response.status()} ${await response.text()}`)
        sessions.set(`${email}\n${password}`, await context.cookies())
      }
      await page.goto('/admin/profile/show')
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor()
      return page
    }
  })
  // Each test's pages close after it, so that no page of an earlier test (its live updates, its
  // refetched queries) runs on beside the next. Timed on two files, it saved nothing measurable.
  afterEach(closeContexts)
  async function closeContexts() {
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined)
  }
  afterAll(async () => {
    await closeContexts()
    await app.browser?.close()
    await app.server?.close()
    // No script error or console error on any page of the file.
    expect(pageErrors).toEqual([])
  })
  return app
}

/**
 * Opens the sign-in page and waits until its script has taken over the form the server sent (the
 * show-password button is the script's): from then on the form checks what is typed and signs in
 * without leaving the page.
 */
export async function openSignIn(page: Page, url = '/admin/login'): Promise<void> {
  await page.goto(url)
  await page.getByRole('button', { name: 'Show' }).waitFor()
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await openSignIn(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL('**/admin/profile/show')
  // The shell (menu, header) is a chunk of its own, loaded after sign-in.
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor()
}

/** Reads until the screen shows the value: what a click or a load changes lands a frame or a fetch later. */
export const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 })

/** Waits until one match of the locator is visible (fails after the page's default timeout). */
export async function visible(locator: Locator): Promise<void> {
  await locator.filter({ visible: true }).first().waitFor({ state: 'visible' })
}

/** Waits until nothing matches the locator any more. */
export async function gone(locator: Locator): Promise<void> {
  await expect.poll(() => locator.count()).toBe(0)
}

export function pathAndQuery(page: Page): string {
  const url = new URL(page.url())
  return `${url.pathname}${url.search}`
}

/** The URL's query as an object (list pages mirror their state there). */
export function query(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams)
}

/** A toast (antd message) with the text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.ant-message').getByText(text, { exact: true })
}

/** The open antd dialog with the title. */
export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) })
}

/** The error message shown under a form field. */
export function fieldError(scope: Page | Locator, text: string): Locator {
  // antd forms, and the sign-in page's own (plain React, features/auth/sign-in.tsx).
  return scope.locator('.ant-form-item-explain-error, .auth-field-error').getByText(text, { exact: true })
}

/**
 * Whether antd's first-paint stylesheet (vite.config.ts antdStyles) is loaded, and which of the
 * given antd class names antd styled in the browser instead: a <style> it made holds the component's
 * rule (`:where(.css-<hash>).ant-table-wrapper{`), not only its theme's variables, which antd sets in
 * the browser either way (`.css-var-<id>.ant-table-wrapper{`).
 */
export async function antdStylesOfPage(
  page: Page,
  classNames: string[],
): Promise<{ stylesheet: boolean; madeInBrowser: string[] }> {
  return page.evaluate((names) => {
    const link = document.querySelector<HTMLLinkElement>('link[data-antd-styles]')
    // Not the styles a server-rendered page came with (style[data-served]): the browser made none of those.
    const made = [...document.querySelectorAll('style:not([data-served])')].map(
      (style) => style.textContent ?? '',
    )
    return {
      stylesheet: Boolean(link?.sheet?.cssRules.length),
      madeInBrowser: names.filter((name) => made.some((css) => css.includes(`).${name}{`))),
    }
  }, classNames)
}

/** Screenshots for a look by eye: written only when E2E_SHOTS_DIR is set. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR
  if (!dir) return
  mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, animations: 'disabled' })
}

/**
 * The serious and critical WCAG 2.2 A/AA violations axe finds on the page as it is, one line each
 * (rule, count, the first three elements and why). axe-core itself runs in the page:
 * @axe-core/playwright's analyze took ~2.4 s a screen here (it finishes each run in a new page),
 * this ~0.6 s. The app has no frame of its own to check.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source)
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    } satisfies axe.RunOptions,
  )
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1).join(' ') ?? ''}`)
          .join(' | ')}`,
    )
}
