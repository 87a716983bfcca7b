import { clientTypeListQuerySchema, clientTypeSchema } from '@spaceboard/domain'
import type { App } from '../../platform/app.ts'
import { listWindow, sendPage } from '../../platform/list.ts'
import { idParams } from '../../platform/params.ts'
import * as service from './client-types.service.ts'

const tags = ['client-types']

export function clientTypeRoutes(app: App) {
  app.get(
    '/api/client-types',
    {
      config: { access: 'client-types.read' },
      schema: {
        tags,
        summary: 'List client types',
        description:
          "The shared default types and the organization's own; a super user sees all, or one organization's with `organization_id`. `all=1` for pickers.",
        querystring: clientTypeListQuerySchema,
      },
    },
    (request, reply) => {
      const window = listWindow(request, request.query)
      return request.signedIn(async (ctx) =>
        sendPage(reply, window, await service.listClientTypes(ctx, request.query, window), () =>
          service.countClientTypes(ctx, request.query.search, request.query.organization_id),
        ),
      )
    },
  )

  app.get(
    '/api/client-types/:id',
    {
      config: { access: 'client-types.read' },
      schema: {
        tags,
        summary: 'One client type',
        description: "Another organization's type answers 404.",
        params: idParams,
      },
    },
    (request) => request.signedIn((ctx) => service.getClientType(ctx, request.params.id)),
  )

  app.post(
    '/api/client-types',
    {
      config: { access: 'client-types.create' },
      schema: {
        tags,
        summary: 'Add a client type',
        description: 'Payload `{name, organization_id}`: the organization then uses the type.',
        body: clientTypeSchema,
      },
    },
    async (request, reply) =>
      reply.code(201).send(await request.signedIn((ctx) => service.createClientType(ctx, request.body))),
  )

  app.put(
    '/api/client-types/:id',
    {
      config: { access: 'client-types.update' },
      schema: {
        tags,
        summary: 'Rename a client type',
        description: 'Default types cannot be renamed.',
        params: idParams,
        body: clientTypeSchema,
      },
    },
    (request) => request.signedIn((ctx) => service.updateClientType(ctx, request.params.id, request.body)),
  )

  // The spec's call sends the id in the query string: DELETE /api/client-types?id={id}.
  app.delete(
    '/api/client-types',
    {
      config: { access: 'client-types.delete' },
      schema: {
        tags,
        summary: 'Delete a client type',
        description:
          'The id comes in the query (`?id=`), as the spec sends it. Default types cannot be deleted.',
        querystring: idParams,
      },
    },
    (request) => request.signedIn((ctx) => service.deleteClientType(ctx, request.query.id)),
  )
}
