import { clientListQuerySchema, clientRestoreSchema, clientSchema } from '@spaceboard/domain'
import { z } from 'zod'
import type { App } from '../../platform/app.ts'
import { sentFields } from '../../platform/field-access.ts'
import { listWindow, sendPage } from '../../platform/list.ts'
import { idParams, idValue } from '../../platform/params.ts'
import * as service from './clients.service.ts'

const tags = ['clients']

export function clientRoutes(app: App) {
  app.get(
    '/api/client',
    {
      config: { access: 'clients.read' },
      schema: {
        tags,
        summary: 'List clients',
        description: 'With their registered users and who registered them; `all=1` for pickers.',
        'x-spec-path': 'not shown',
        querystring: clientListQuerySchema,
      },
    },
    (request, reply) => {
      const query = request.query
      if (query.all !== undefined)
        return request.signedIn((ctx) => service.clientOptions(ctx, query.organization_id))
      const window = listWindow(request, query)
      return request.signedIn(async (ctx) =>
        sendPage(reply, window, await service.listClients(ctx, query, window), () =>
          service.countClients(ctx, query.search, query.organization_id),
        ),
      )
    },
  )

  app.get(
    '/api/client/exists',
    {
      config: { access: 'clients.read' },
      schema: {
        tags,
        summary: 'Client name check',
        description: '`"1"` when `name` exists in the organization (other than the client `id`).',
        'x-spec-path': 'not shown',
        querystring: z.object({
          name: z.string().trim().min(1).max(255),
          organization_id: idValue.optional(),
          id: idValue.optional(),
        }),
      },
    },
    async (request, reply) => {
      const { name, organization_id, id } = request.query
      const exists = await request.signedIn((ctx) => service.clientNameExists(ctx, name, organization_id, id))
      // The spec's answer is the JSON string "1" (or "0").
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(exists))
    },
  )

  app.get(
    '/api/client/:id',
    {
      config: { access: 'clients.read' },
      schema: { tags, summary: 'One client', 'x-spec-path': 'not shown', params: idParams },
    },
    (request) => request.signedIn((ctx) => service.getClient(ctx, request.params.id)),
  )

  app.get(
    '/api/client/:id/gratis-log',
    {
      config: { access: 'clients.read' },
      schema: { tags, summary: 'Used gratis minutes by month', 'x-spec-path': 'not shown', params: idParams },
    },
    (request) => request.signedIn((ctx) => service.clientGratisLog(ctx, request.params.id)),
  )

  app.post(
    '/api/client',
    {
      config: { access: 'clients.create' },
      schema: {
        tags,
        summary: 'Add a client',
        description: 'A CSR cannot set discounts, the Unique Client ID or the company number.',
        'x-spec-path': 'not shown',
        body: clientSchema,
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await request.signedIn((ctx) => service.createClient(ctx, request.body, sentFields(request)))),
  )

  app.put(
    '/api/client/:id',
    {
      config: { access: 'clients.update' },
      schema: {
        tags,
        summary: 'Edit a client',
        description: 'A CSR cannot change discounts, the Unique Client ID or the company number.',
        'x-spec-path': 'not shown',
        params: idParams,
        body: clientSchema,
      },
    },
    (request) =>
      request.signedIn((ctx) =>
        service.updateClient(ctx, request.params.id, request.body, sentFields(request)),
      ),
  )

  app.delete(
    '/api/client/:id',
    {
      config: { access: 'clients.archive' },
      schema: {
        tags,
        summary: 'Archive a client',
        description: 'Archives the client and all its users.',
        'x-spec-path': 'not shown',
        params: idParams,
      },
    },
    (request) => request.signedIn((ctx) => service.archiveClient(ctx, request.params.id)),
  )

  app.put(
    '/api/client/:id/restore',
    {
      config: { access: 'clients.archive' },
      schema: {
        tags,
        summary: 'Restore a client',
        description: 'Payload `{id, code: RESTORE, deleted_at: null}`; restores its users too.',
        'x-spec-path': 'not shown',
        params: idParams,
        body: clientRestoreSchema,
      },
    },
    (request) => request.signedIn((ctx) => service.restoreClient(ctx, request.params.id)),
  )
}
