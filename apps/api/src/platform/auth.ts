import { can, messages, permissionRefusal, type RouteAccess, type UserType } from '@spaceboard/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { actorForSession, SESSION_TTL_MS } from '../modules/auth/auth.service.ts'
import type { Actor, AnonymousCtx, ContextRunner, Ctx, InTransaction } from './context.ts'
import { forbidden, unauthorized } from './errors.ts'
import { hashToken } from './tokens.ts'
import { UPLOADS_PREFIX } from './uploads.ts'

export const SESSION_COOKIE = 'sb_session'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route requires: a permission of packages/domain, `signed-in`, or `public`. */
    access?: RouteAccess
  }
  interface FastifyRequest {
    actor: Actor | null
    /** The session id of the cookie, whether or not it is still valid. */
    sessionId: string | undefined
    /** Runs work in the request's context (actor + transaction); refuses anonymous requests. */
    signedIn<T>(work: (ctx: Ctx) => Promise<T>): Promise<T>
    /** A write whose first reads may refuse it, before any transaction (see createContextRunner). */
    signedInReadFirst<T>(work: (read: Ctx, inTransaction: InTransaction) => Promise<T>): Promise<T>
    /** Runs work in a context that may have no actor (sign-in, password reset). */
    anonymous<T>(work: (ctx: AnonymousCtx) => Promise<T>): Promise<T>
  }
}

/** GET and HEAD handlers only read: they run without a transaction (see createContextRunner). */
function readsOnly(request: FastifyRequest) {
  return request.method === 'GET' || request.method === 'HEAD'
}

export interface RouteAccessEntry {
  method: string
  url: string
  access: RouteAccess
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge: SESSION_TTL_MS / 1000,
  })
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: '/' })
}

/**
 * Sessions, the actor of each request and the access check of every route. A route that declares
 * no access makes startup fail, so nothing is reachable by accident.
 */
export function registerAuth(app: FastifyInstance, runner: ContextRunner): RouteAccessEntry[] {
  const table: RouteAccessEntry[] = []

  app.decorateRequest('actor', null)
  app.decorateRequest('sessionId', undefined)
  app.decorateRequest('signedIn', function <T>(this: FastifyRequest, work: (ctx: Ctx) => Promise<T>) {
    return runner.signedIn(this.actor, readsOnly(this), work)
  })
  app.decorateRequest('signedInReadFirst', function <
    T,
  >(this: FastifyRequest, work: (read: Ctx, inTransaction: InTransaction) => Promise<T>) {
    return runner.signedInReadFirst(this.actor, work)
  })
  app.decorateRequest('anonymous', function <
    T,
  >(this: FastifyRequest, work: (ctx: AnonymousCtx) => Promise<T>) {
    return runner.anonymous(this.actor, readsOnly(this), work)
  })

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return
    const access = route.config?.access
    if (!access)
      throw new Error(`Route ${route.method} ${route.url} declares no access (a permission or 'public')`)
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue
      table.push({ method, url: route.url, access })
    }
  })

  // Access is checked before the body is parsed or validated: an anonymous caller learns nothing more.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access
    // Uploads: an e-mail attachment is served to its organization's signed-in users only.
    if (!access || !(request.url.startsWith('/api') || request.url.startsWith(UPLOADS_PREFIX))) return
    const token = request.cookies[SESSION_COOKIE]
    if (token && token.length <= 200) {
      const sessionId = hashToken(token)
      request.sessionId = sessionId
      const actor = await runner.statement((tx) => actorForSession(tx, sessionId))
      if (actor) request.actor = { ...actor, type: actor.type as UserType }
    }
    if (access === 'public') return
    if (!request.actor) throw unauthorized(request.sessionId ? messages.sessionExpired : messages.notSignedIn)
    if (access !== 'signed-in' && !can(request.actor.type, access)) throw forbidden(permissionRefusal(access))
  })

  return table
}
