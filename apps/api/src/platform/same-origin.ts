import { messages } from '@spaceboard/domain'
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify'
import { forbidden } from './errors.ts'
import { appendRouteHook, takesBody } from './route-hooks.ts'

/**
 * Whether a state-changing request may have come from another site (CSRF, OWASP ASVS 5.0 §3.5).
 * `Sec-Fetch-Site` (sent by every current browser) must be `same-origin` or `none` (typed by the
 * person); `Origin`, when present, must be the app's public origin or the origin the request was
 * addressed to (the Host header: a proxy that keeps it, such as the Vite dev server). A request
 * with neither header is not a browser's cross-site request (curl, server-to-server) and passes.
 * `Origin: null` passes only beside `Sec-Fetch-Site: same-origin`, which no page can set: it is what a
 * browser sends with the app's own native form (the sign-in page's, POST /admin/login) under the
 * app's `Referrer-Policy: no-referrer`.
 */
export function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true
  const origin = request.headers.origin
  if (origin === undefined) return false
  if (origin === 'null' && site === 'same-origin') return false
  if (origin === publicOrigin) return false
  let parsed: URL
  try {
    parsed = new URL(origin)
  } catch {
    // "null" (a sandboxed frame, a redirect across sites) and anything unparsable.
    return true
  }
  if (parsed.origin !== origin) return true
  return parsed.host !== request.headers.host
}

/**
 * Refuses a state-changing request from a foreign site with 403 before its body is read, so a
 * multipart upload is refused as well as JSON.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin
  const onRequest: onRequestHookHandler = (request, _reply, done) => {
    done(isCrossSite(request, publicOrigin) ? forbidden(messages.crossSiteRequest) : undefined)
  }
  // On the routes that change state only, and as a callback: reads pay nothing for it.
  app.addHook('onRoute', (route) => {
    if (takesBody(route)) appendRouteHook(route, 'onRequest', onRequest)
  })
}
