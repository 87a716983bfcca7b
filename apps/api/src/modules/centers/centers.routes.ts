import {
  centerListQuerySchema,
  centerSchema,
  centerStatusSchema,
  FIRST_TARGET_YEAR,
} from '@spaceboard/domain'
import { z } from 'zod'
import type { App, AppDeps } from '../../platform/app.ts'
import { sentFields } from '../../platform/field-access.ts'
import { listWindow, sendPage } from '../../platform/list.ts'
import { idParams } from '../../platform/params.ts'
import { parseWith } from '../../platform/validation.ts'
import * as service from './centers.service.ts'

const tags = ['centers']

export function centerRoutes(app: App, { secrets }: AppDeps) {
  const deps = { secrets }

  app.get(
    '/api/center',
    {
      config: { access: 'centers.read' },
      schema: {
        tags,
        summary: 'List locations',
        description:
          '`all=1`, or `all_centers&currentOrganization` for pickers; `packageId` for the locations of a package.',
        querystring: centerListQuerySchema,
      },
    },
    (request, reply) => {
      const query = request.query
      if (query.packageId)
        return request.signedIn((ctx) => service.centersOfPackage(ctx, query.packageId as number))
      if (query.all !== undefined || query.all_centers !== undefined) {
        return request.signedIn((ctx) => service.centerOptions(ctx, query.organization_id))
      }
      const window = listWindow(request, query)
      return request.signedIn(async (ctx) =>
        sendPage(reply, window, await service.listCenters(ctx, query, window), () =>
          service.countCenters(ctx, query.search, query.organization_id),
        ),
      )
    },
  )

  app.get(
    '/api/center/:id',
    {
      config: { access: 'centers.read' },
      schema: {
        tags,
        summary: 'One location',
        description: 'With the revenue targets of `year`.',
        params: idParams,
        querystring: z.object({ year: z.coerce.number().int().min(FIRST_TARGET_YEAR).max(9999).optional() }),
      },
    },
    (request) => request.signedIn((ctx) => service.getCenter(ctx, request.params.id, request.query.year)),
  )

  app.post(
    '/api/center',
    { config: { access: 'centers.create' }, schema: { tags, summary: 'Add a location', body: centerSchema } },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await request.signedIn((ctx) => service.createCenter(ctx, deps, request.body, sentFields(request))),
        ),
  )

  app.put(
    '/api/center/:id',
    {
      config: { access: 'centers.update' },
      // One path carries both the form and the list's status changes; the keys say which.
      schema: {
        tags,
        summary: 'Edit a location',
        description:
          'The whole form, or `{id, is_active}`, `{id, deleted_at}` (archive or restore), `{id, code: PERMENANT}`.',
        params: idParams,
        body: z.record(z.string(), z.unknown()),
      },
    },
    (request) =>
      request.signedIn(async (ctx): Promise<object> => {
        const body = request.body
        if ('is_active' in body || 'deleted_at' in body || 'code' in body) {
          return service.changeCenterStatus(ctx, request.params.id, parseWith(centerStatusSchema, body))
        }
        return service.updateCenter(
          ctx,
          deps,
          request.params.id,
          parseWith(centerSchema, body),
          sentFields(request),
        )
      }),
  )

  app.delete(
    '/api/center/:id',
    {
      config: { access: 'centers.delete' },
      schema: {
        tags,
        summary: 'Delete a location',
        description: 'Deletes it permanently.',
        params: idParams,
      },
    },
    (request) => request.signedIn((ctx) => service.deleteCenter(ctx, request.params.id)),
  )
}
