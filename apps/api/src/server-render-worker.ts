import { setPriority } from 'node:os'
import { pathToFileURL } from 'node:url'
import { parentPort, workerData } from 'node:worker_threads'
import type { RenderedPage } from '@spaceboard/domain/served-page'
import type { ServerRenderMessage, WorkerMessage } from './platform/server-render.ts'

/**
 * The thread that renders the web app's pages on the server (platform/server-render.ts): it loads
 * the web build's render (apps/web/dist-ssr/ssr.js) once and renders one page after another; the
 * render's API calls are answered by the HTTP thread, with the page request's session. Bundled
 * beside the server as server-render-worker.mjs.
 */

// As the render worker's: the HTTP thread and the database keep their priority over a page render.
try {
  setPriority(19)
} catch {}

interface ServerRender {
  renderPage(
    url: string,
    call: (path: string, init: RequestInit) => Promise<Response>,
  ): Promise<RenderedPage | null>
  /** A render with made-up answers, so that the first page renders warm. */
  warmUp?(): Promise<void>
}

const port = parentPort
if (!port) throw new Error('server-render-worker runs as a worker thread.')
const { renderPage, warmUp } = (await import(
  pathToFileURL((workerData as { file: string }).file).href
)) as ServerRender
await warmUp?.().catch(() => undefined)

const answers = new Map<number, (response: Response) => void>()
let nextCall = 0
const send = (message: WorkerMessage) => port.postMessage(message)

port.on('message', (message: ServerRenderMessage) => {
  if (message.type === 'answer') {
    answers.get(message.call)?.(
      new Response(message.body, { status: message.status, headers: message.headers }),
    )
    answers.delete(message.call)
    return
  }
  const { render, url } = message
  const call = (path: string, init: RequestInit) =>
    new Promise<Response>((resolve) => {
      const id = ++nextCall
      answers.set(id, resolve)
      send({ type: 'call', render, call: id, path, headers: (init.headers ?? {}) as Record<string, string> })
    })
  renderPage(url, call).then(
    (page) => send({ type: 'page', render, page }),
    () => send({ type: 'page', render, page: null }),
  )
})
send({ type: 'ready' })
