import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { type RenderedPage, SERVED_MARK, SERVED_STATE_ID } from '@spaceboard/domain/served-page'
import type { FastifyRequest } from 'fastify'
import type { App } from './app.ts'
import { SESSION_COOKIE } from './auth.ts'

/** From the HTTP thread to the render thread: a page to render, or the answer to one of its calls. */
export type ServerRenderMessage =
  | { type: 'render'; render: number; url: string }
  | { type: 'answer'; call: number; status: number; headers: Record<string, string>; body: Uint8Array | null }

/** From the render thread: it is up, an API call of a render, or a render's page (null: not rendered). */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'call'; render: number; call: number; path: string; headers: Record<string, string> }
  | { type: 'page'; render: number; page: RenderedPage | null }

/**
 * Renders at most this many pages at once; past it a page goes out as the plain app, which renders
 * itself in the browser (a render takes 50-150 ms of the render thread's CPU).
 */
const MAX_RENDERS = 2
/** A render taking longer than this (a slow database, a busy machine) gives way to the plain app. */
const RENDER_BUDGET_MS = 1_500
/** A render still running after this is stuck: its thread is ended. */
const STUCK_MS = 15_000
/** After a render thread failed, pages go out plain this long before another starts (a build that cannot load). */
const RESTART_PAUSE_MS = 60_000
/** The render thread's heap: the web app's render holds ~70 MB. */
const WORKER_HEAP_MB = 160

const ROOT = '<div id="root"></div>'

/** The render thread: its TypeScript source under tests and `npm run dev`, its bundle beside the server's. */
const workerFile = new URL(
  import.meta.url.endsWith('.ts') ? '../server-render-worker.ts' : './server-render-worker.mjs',
  import.meta.url,
)

/**
 * The signed-in screens the web app renders on the server (issue 14): the page comes with the
 * screen's markup, antd's styles for it and the answers it shows, so that on a slow line it shows
 * before the app's JavaScript has come; the app then starts from those answers and replaces it
 * (apps/web/src/main.tsx). The render runs in a thread of its own, so the API's requests do not
 * wait for it; its data calls go through the API itself (inject), with the page request's session:
 * it shows what the browser's calls would have answered, to that person, in their organization.
 * Any failure, refusal or wait sends the plain app, as before.
 */
export function serverRender(app: App, webDir: string) {
  const file = path.join(webDir, '..', 'dist-ssr', 'ssr.js')
  if (!existsSync(file)) return null
  const index = readFileSync(path.join(webDir, 'index.html'), 'utf8')
  if (!index.includes(ROOT)) return null

  const renders = new Map<
    number,
    { cookie: string; userAgent: string; done: (page: RenderedPage | null) => void }
  >()
  let nextRender = 0
  let worker: { thread: Worker; ready: Promise<boolean> } | undefined
  let closed = false
  let restartAfter = 0

  const answer = async (thread: Worker, message: Extract<WorkerMessage, { type: 'call' }>) => {
    const render = renders.get(message.render)
    let reply: ServerRenderMessage = {
      type: 'answer',
      call: message.call,
      status: 503,
      headers: {},
      body: null,
    }
    try {
      // Only the API, and only reading (ssr.tsx refuses the rest before it gets here).
      if (render && message.path.startsWith('/api/')) {
        const response = await app.inject({
          method: 'GET',
          url: message.path,
          headers: { ...message.headers, cookie: render.cookie, 'user-agent': render.userAgent },
        })
        const headers: Record<string, string> = {}
        for (const [name, value] of Object.entries(response.headers))
          if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value)
        const empty = response.statusCode === 204 || response.statusCode === 304
        reply = { ...reply, status: response.statusCode, headers, body: empty ? null : response.rawPayload }
      }
    } catch (error) {
      app.log.warn({ err: error }, 'a server render call failed')
    }
    thread.postMessage(reply)
  }

  const start = () => {
    const thread = new Worker(workerFile, {
      workerData: { file },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
    })
    // The server's exit does not wait for it.
    thread.unref()
    const ready = new Promise<boolean>((resolve) => {
      thread.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') resolve(true)
        else if (message.type === 'call') void answer(thread, message)
        else {
          renders.get(message.render)?.done(message.page)
          renders.delete(message.render)
        }
      })
      // A thread that fails (its heap, a bad build) fails its renders; a page after a pause starts another.
      const lost = (error?: unknown) => {
        if (error) {
          app.log.error({ err: error }, 'the web server render thread stopped')
          restartAfter = Date.now() + RESTART_PAUSE_MS
        }
        resolve(false)
        if (worker?.thread === thread) worker = undefined
        for (const render of renders.values()) render.done(null)
        renders.clear()
      }
      thread.on('error', lost)
      thread.on('exit', () => lost())
    })
    worker = { thread, ready }
    return worker
  }
  // Started once the server is up, not on its first page.
  app.addHook('onReady', () => {
    start()
  })
  app.addHook('onClose', async () => {
    closed = true
    await worker?.thread.terminate()
  })

  return async function renderedPage(request: FastifyRequest): Promise<string | null> {
    if (closed || !request.cookies[SESSION_COOKIE] || renders.size >= MAX_RENDERS) return null
    if (!worker && Date.now() < restartAfter) return null
    const { thread, ready } = worker ?? start()
    const id = ++nextRender
    let timer: NodeJS.Timeout | undefined
    const page = await new Promise<RenderedPage | null>((resolve) => {
      renders.set(id, {
        cookie: request.headers.cookie ?? '',
        userAgent: request.headers['user-agent'] ?? '',
        done: resolve,
      })
      timer = setTimeout(() => {
        resolve(null)
        // A render that never ends would hold its place for good: the thread goes, the next page starts another.
        setTimeout(() => {
          if (renders.has(id)) void thread.terminate()
        }, STUCK_MS).unref()
      }, RENDER_BUDGET_MS)
      void ready.then((up) =>
        up ? thread.postMessage({ type: 'render', render: id, url: request.url }) : resolve(null),
      )
    })
    clearTimeout(timer)
    if (!isRenderedPage(page)) return null
    // Replaced through functions: a `$` in the page is no replacement pattern.
    return index
      .replace(
        '</head>',
        () => `<style ${SERVED_MARK}>${page.styles.replaceAll('</', '<\\/')}</style></head>`,
      )
      .replace(
        ROOT,
        () =>
          `<div id="root"><div ${SERVED_MARK} inert>${page.html}</div></div><script type="application/json" id="${SERVED_STATE_ID}">${jsonInHtml(page.state)}</script>`,
      )
  }
}

function isRenderedPage(page: unknown): page is RenderedPage {
  if (typeof page !== 'object' || page === null) return false
  const { html, styles, state } = page as Record<string, unknown>
  return typeof html === 'string' && typeof styles === 'string' && typeof state === 'string'
}

/** JSON inside a <script> element: no `<` can close it (JSON.parse reads \u003c back as `<`). */
function jsonInHtml(json: string): string {
  return json.replaceAll('<', '\\u003c')
}
