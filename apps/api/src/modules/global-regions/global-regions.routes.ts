import { globalRegionListQuerySchema, globalRegionSchema } from '@spaceboard/domain'
import type { App } from '../../platform/app.ts'
import { listWindow, sendPage } from '../../platform/list.ts'
import { idParams } from '../../platform/params.ts'
import * as service from './global-regions.service.ts'

const tags = ['global-regions']

export function globalRegionRoutes(app: App) {
  app.get(
    '/api/global-region',
    {
      config: { access: 'global-regions.read' },
      schema: {
        tags,
        summary: 'List global regions',
        description: 'With `all` every one, unpaged.',
        querystring: globalRegionListQuerySchema,
      },
    },
    (request, reply) => {
      const window = listWindow(request, request.query)
      return request.signedIn(async (ctx) =>
        sendPage(reply, window, await service.listGlobalRegions(ctx, request.query, window), () =>
          service.countGlobalRegions(ctx, request.query.search),
        ),
      )
    },
  )

  app.get(
    '/api/global-region/:id',
    {
      config: { access: 'global-regions.read' },
      schema: { tags, summary: 'One global region', params: idParams },
    },
    (request) => request.signedIn((ctx) => service.getGlobalRegion(ctx, request.params.id)),
  )

  app.post(
    '/api/global-region',
    {
      config: { access: 'global-regions.write' },
      schema: {
        tags,
        summary: 'Add a global region',
        description: 'Payload `{name, code}`.',
        body: globalRegionSchema,
      },
    },
    async (request, reply) =>
      reply.code(201).send(await request.signedIn((ctx) => service.createGlobalRegion(ctx, request.body))),
  )

  app.put(
    '/api/global-region/:id',
    {
      config: { access: 'global-regions.write' },
      schema: {
        tags,
        summary: 'Edit a global region',
        description: 'Default global regions cannot be edited.',
        params: idParams,
        body: globalRegionSchema,
      },
    },
    (request) => request.signedIn((ctx) => service.updateGlobalRegion(ctx, request.params.id, request.body)),
  )

  app.delete(
    '/api/global-region/:id',
    {
      config: { access: 'global-regions.write' },
      schema: {
        tags,
        summary: 'Delete a global region',
        description: 'Default global regions cannot be deleted.',
        params: idParams,
      },
    },
    (request) => request.signedIn((ctx) => service.deleteGlobalRegion(ctx, request.params.id)),
  )
}
