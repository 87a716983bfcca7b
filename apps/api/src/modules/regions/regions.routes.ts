import { regionListQuerySchema, regionSchema } from '@spaceboard/domain'
import type { App } from '../../platform/app.ts'
import { listWindow, sendPage } from '../../platform/list.ts'
import { idParams } from '../../platform/params.ts'
import * as service from './regions.service.ts'

const tags = ['regions']

/** The spec shows no paths for regions; these follow the singular style of /api/center and /api/rule. */
export function regionRoutes(app: App) {
  app.get(
    '/api/region',
    { config: { access: 'regions.read' }, schema: { tags, querystring: regionListQuerySchema } },
    (request, reply) => {
      const window = listWindow(request, request.query)
      return request.signedIn(async (ctx) =>
        sendPage(reply, window, await service.listRegions(ctx, request.query, window), () =>
          service.countRegions(ctx, request.query),
        ),
      )
    },
  )

  app.get(
    '/api/region/:id',
    { config: { access: 'regions.read' }, schema: { tags, params: idParams } },
    (request) => request.signedIn((ctx) => service.getRegion(ctx, request.params.id)),
  )

  app.post(
    '/api/region',
    { config: { access: 'regions.create' }, schema: { tags, body: regionSchema } },
    async (request, reply) =>
      reply.code(201).send(await request.signedIn((ctx) => service.createRegion(ctx, request.body))),
  )

  app.put(
    '/api/region/:id',
    { config: { access: 'regions.update' }, schema: { tags, params: idParams, body: regionSchema } },
    (request) => request.signedIn((ctx) => service.updateRegion(ctx, request.params.id, request.body)),
  )

  app.delete(
    '/api/region/:id',
    { config: { access: 'regions.delete' }, schema: { tags, params: idParams } },
    (request) => request.signedIn((ctx) => service.deleteRegion(ctx, request.params.id)),
  )
}
