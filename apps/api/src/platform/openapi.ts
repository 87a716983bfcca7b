import type { SwaggerTransform } from '@fastify/swagger'
import { permissionTable, type RouteAccess } from '@spaceboard/domain'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/**
 * Where a route stands against the spec's calls (docs/api.md explains it to readers of /api/docs):
 * left out when the spec shows the call at the route's own method and path; else the method and path
 * the spec shows it at, 'not shown' when the spec describes the call (its payload, its answer) but no
 * path, or 'none' when the spec has no such call and the route is ours.
 */
export type SpecPath = `${'GET' | 'POST' | 'PUT' | 'DELETE'} /api/${string}` | 'not shown' | 'none'

declare module 'fastify' {
  interface FastifySchema {
    /** Copied as it is into the route's OpenAPI operation, as every `x-` key of a schema is. */
    'x-spec-path'?: SpecPath
  }
}

/**
 * The OpenAPI document's operation of a route: the zod schemas as JSON Schema, and who may call
 * it, from the access the route declares (platform/auth.ts enforces that same access), so no route
 * writes it twice: `x-permission`, the session cookie as its security, and a last line of its
 * description naming the user types.
 */
export const documentTransform: SwaggerTransform = (document) => {
  const { schema, url } = jsonSchemaTransform(document)
  const access = document.route.config?.access
  if (!schema || schema.hide || !access) return { schema, url }
  const who = whoMayCall(access)
  return {
    schema: {
      ...schema,
      description: schema.description ? `${schema.description}\n\n${who}` : who,
      security: access === 'public' ? [] : [{ session: [] }],
      'x-permission': access,
    },
    url,
  }
}

function whoMayCall(access: RouteAccess): string {
  if (access === 'public') return 'Who: anyone, signed in or not.'
  if (access === 'signed-in') return 'Who: any signed-in user.'
  return `Who: ${permissionTable[access].join(', ')} (\`${access}\`).`
}
