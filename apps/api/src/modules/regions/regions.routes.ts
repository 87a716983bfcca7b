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
    {
      config: { access: 'regions.read' },
      schema: {
        tags,
        summary: 'List regions',
        description:
          "The organization's regions with their parent and global region names; `globalRegion=1`, `parents=1&except={id}` for the parent select, `organization_id` for a super user.",
        'x-spec-path': 'not shown',
        querystring: regionListQuerySchema,
      },
    },
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
    {
      config: { access: 'regions.read' },
      schema: { tags, summary: 'One region', 'x-spec-path': 'not shown', params: idParams },
    },
    (request) => request.signedIn((ctx) => service.getRegion(ctx, request.params.id)),
  )

  app.post(
    '/api/region',
    {
      config: { access: 'regions.create' },
      schema: {
        tags,
        summary: 'Add a region',
        description: 'Payload `{name, parent_id (0: none), global_region_id, organization_id}`.',
        'x-spec-path': 'not shown',
        body: regionSchema,
      },
    },
    async (request, reply) =>
      reply.code(201).send(await request.signedIn((ctx) => service.createRegion(ctx, request.body))),
  )

  app.put(
    '/api/region/:id',
    {
      config: { access: 'regions.update' },
      schema: {
        tags,
        summary: 'Edit a region',
        description: 'Default regions cannot be edited; a region cannot become its own ancestor.',
        'x-spec-path': 'not shown',
        params: idParams,
        body: regionSchema,
      },
    },
    (request) => request.signedIn((ctx) => service.updateRegion(ctx, request.params.id, request.body)),
  )

  app.delete(
    '/api/region/:id',
    {
      config: { access: 'regions.delete' },
      schema: {
        tags,
        summary: 'Delete a region',
        description: 'Deletes its child regions with it; default regions cannot be deleted.',
        'x-spec-path': 'not shown',
        params: idParams,
      },
    },
    (request) => request.signedIn((ctx) => service.deleteRegion(ctx, request.params.id)),
  )
}
