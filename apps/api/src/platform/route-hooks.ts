import type { RouteOptions } from 'fastify'

type HookName = 'onRequest' | 'onSend'

/**
 * Adds a hook to one route (from an onRoute hook) after the route's own and earlier plugins' ones.
 * A hook only the routes that need it carry costs the others nothing: every global hook is a step
 * of every request (npm run bench overhead).
 */
export function appendRouteHook<Name extends HookName>(
  route: RouteOptions,
  name: Name,
  hook: NonNullable<RouteOptions[Name]> extends infer H ? (H extends readonly (infer F)[] ? F : H) : never,
): void {
  const hooks = route[name] as unknown
  const list = Array.isArray(hooks) ? hooks : hooks ? [hooks] : []
  ;(route as unknown as Record<HookName, unknown>)[name] = [...list, hook]
}

const BODILESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Whether a route answers a method that carries a request body (it may change state). */
export function takesBody(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method]
  return methods.some((method) => !BODILESS_METHODS.has(method))
}
