import { packageListQuerySchema, packageSchema, packageStatusSchema } from '@spaceboard/domain'
import { z } from 'zod'
import type { App } from '../../platform/app.ts'
import { listWindow, sendPage } from '../../platform/list.ts'
import { idParams, idValue } from '../../platform/params.ts'
import { parseWith } from '../../platform/validation.ts'
import * as service from './packages.service.ts'

const tags = ['packages']

export function packageRoutes(app: App) {
  app.get(
    '/api/package',
    {
      config: { access: 'packages.read' },
      schema: {
        tags,
        summary: 'List package deals',
        'x-spec-path': 'not shown',
        querystring: packageListQuerySchema,
      },
    },
    (request, reply) => {
      const query = request.query
      const window = listWindow(request, query)
      return request.signedIn(async (ctx) =>
        sendPage(reply, window, await service.listPackages(ctx, query, window), () =>
          service.countPackages(ctx, query.search, query.organization_id),
        ),
      )
    },
  )

  app.get(
    '/api/package/codes',
    {
      config: { access: 'packages.read' },
      schema: {
        tags,
        summary: 'Account codes for package deals',
        description: 'The account codes of the organization `organization_id`.',
        'x-spec-path': 'none',
        querystring: z.object({ organization_id: idValue }),
      },
    },
    (request) => request.signedIn((ctx) => service.packageCodes(ctx, request.query.organization_id)),
  )

  app.get(
    '/api/package/:id',
    {
      config: { access: 'packages.read' },
      schema: {
        tags,
        summary: 'One package deal',
        description: '`view=1` as the detail screen asks.',
        'x-spec-path': 'not shown',
        params: idParams,
        querystring: z.object({ view: z.string().max(5).optional() }),
      },
    },
    (request) => request.signedIn((ctx) => service.getPackage(ctx, request.params.id)),
  )

  app.post(
    '/api/package',
    {
      config: { access: 'packages.write' },
      schema: { tags, summary: 'Add a package deal', 'x-spec-path': 'not shown', body: packageSchema },
    },
    async (request, reply) =>
      reply.code(201).send(await request.signedIn((ctx) => service.createPackage(ctx, request.body))),
  )

  app.put(
    '/api/package/:id',
    {
      config: { access: 'packages.write' },
      // The form, or Activate / De-activate as {id, code: 'ACTIVE_INACTIVE', status} (spec 1 §7).
      schema: {
        tags,
        summary: 'Edit a package deal',
        description: 'The form, or `{code: ACTIVE_INACTIVE, status}` to activate or de-activate it.',
        'x-spec-path': 'not shown',
        params: idParams,
        body: z.record(z.string(), z.unknown()),
      },
    },
    (request) =>
      request.signedIn(async (ctx): Promise<object> => {
        const body = request.body
        if ('code' in body) {
          return service.setPackageStatus(ctx, request.params.id, parseWith(packageStatusSchema, body).status)
        }
        return service.updatePackage(ctx, request.params.id, parseWith(packageSchema, body))
      }),
  )

  app.delete(
    '/api/package/:id',
    {
      config: { access: 'packages.delete' },
      schema: { tags, summary: 'Delete a package deal', 'x-spec-path': 'not shown', params: idParams },
    },
    (request) => request.signedIn((ctx) => service.deletePackage(ctx, request.params.id)),
  )
}
