import { maxSpacePhotos, spaceActionSchema, spaceListQuerySchema, spaceSchema } from '@spaceboard/domain'
import { z } from 'zod'
import type { App, AppDeps } from '../../platform/app.ts'
import { sentFields } from '../../platform/field-access.ts'
import { listWindow, sendPage } from '../../platform/list.ts'
import { idParams, idValue } from '../../platform/params.ts'
import { receiveSingleImage, storeImage } from '../../platform/uploads.ts'
import { parseWith } from '../../platform/validation.ts'
import { actorPlan } from '../organizations/organizations.service.ts'
import * as service from './spaces.service.ts'

const tags = ['spaces']
const PHOTO_WIDTH = 1600

/** Spaces at /api/meetingroom, the spec's name for them. */
export function spaceRoutes(app: App, { config, secrets }: AppDeps) {
  const deps = { secrets }

  app.get(
    '/api/meetingroom',
    {
      config: { access: 'spaces.read' },
      schema: {
        tags,
        summary: 'List spaces',
        description: "In display order; `centerId` for one location's, `all=1` for pickers.",
        querystring: spaceListQuerySchema,
      },
    },
    (request, reply) => {
      const query = request.query
      if (query.all !== undefined)
        return request.signedIn((ctx) => service.spaceOptions(ctx, query.organization_id, query.centerId))
      const window = listWindow(request, query)
      return request.signedIn(async (ctx) =>
        sendPage(reply, window, await service.listSpaces(ctx, query, window), () =>
          service.countSpaces(ctx, query.search, query.organization_id, query.centerId),
        ),
      )
    },
  )

  app.get(
    '/api/roomsearch',
    {
      config: { access: 'spaces.read' },
      schema: {
        tags,
        summary: 'Spaces with rates',
        description: 'The active spaces of the location `business_center_id`, each with its rates.',
        querystring: z.object({ business_center_id: idValue }),
      },
    },
    (request) => request.signedIn((ctx) => service.roomSearch(ctx, request.query.business_center_id)),
  )

  app.get(
    '/api/meetingroom/licence',
    {
      config: { access: 'spaces.read' },
      schema: {
        tags,
        summary: 'Remaining licensed spaces',
        description: 'checkLicensedSpaces in the spec.',
        'x-spec-path': 'not shown',
        querystring: z.object({ organization_id: idValue.optional() }),
      },
    },
    (request) => request.signedIn((ctx) => service.remainingLicences(ctx, request.query.organization_id)),
  )

  app.get(
    '/api/meetingroom/space-types',
    {
      config: { access: 'spaces.read' },
      schema: {
        tags,
        summary: "The organization's space types",
        'x-spec-path': 'not shown',
        querystring: z.object({ organization_id: idValue.optional() }),
      },
    },
    (request) =>
      request.signedIn((ctx) => service.organizationSpaceTypes(ctx, request.query.organization_id)),
  )

  app.get(
    '/api/meetingroom/child-candidates',
    {
      config: { access: 'spaces.read' },
      schema: {
        tags,
        summary: 'Spaces that can be combined',
        description: 'Child candidates for `centerId`, `roomTypeId` and `currentRoomId`.',
        'x-spec-path': 'not shown',
        querystring: z.object({
          centerId: idValue,
          roomTypeId: z.string().min(1).max(50),
          currentRoomId: idValue.optional(),
          organization_id: idValue.optional(),
        }),
      },
    },
    (request) => {
      const q = request.query
      return request.signedIn((ctx) =>
        service.childCandidates(ctx, q.centerId, q.roomTypeId, q.currentRoomId, q.organization_id),
      )
    },
  )

  app.get(
    '/api/meetingroom/:id',
    {
      config: { access: 'spaces.read' },
      schema: {
        tags,
        summary: 'One space',
        description: 'With its rates, services, photos, blackout periods and children.',
        'x-spec-path': 'not shown',
        params: idParams,
      },
    },
    (request) => request.signedIn((ctx) => service.getSpace(ctx, request.params.id)),
  )

  app.post(
    '/api/meetingroom',
    { config: { access: 'spaces.write' }, schema: { tags, summary: 'Add a space', body: spaceSchema } },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await request.signedIn((ctx) => service.createSpace(ctx, deps, request.body, sentFields(request))),
        ),
  )

  app.put(
    '/api/meetingroom/:id',
    {
      config: { access: 'spaces.write' },
      // One path carries the form and the list's coded actions (DISPLAY_ORDER, ACTIVE_INACTIVE, ARCHIVE, RESTORE).
      schema: {
        tags,
        summary: 'Edit a space',
        description: 'The form, or `{code: DISPLAY_ORDER|ACTIVE_INACTIVE|ARCHIVE|RESTORE}`.',
        'x-spec-path': 'not shown',
        params: idParams,
        body: z.record(z.string(), z.unknown()),
      },
    },
    (request) =>
      request.signedIn(async (ctx): Promise<object> => {
        const body = request.body
        if ('code' in body)
          return service.applySpaceAction(ctx, request.params.id, parseWith(spaceActionSchema, body))
        return service.updateSpace(
          ctx,
          deps,
          request.params.id,
          parseWith(spaceSchema, body),
          sentFields(request),
        )
      }),
  )

  /** Photo upload: multipart `file` + `fileType=thumb`; answers file[0].url or file[0].error. */
  app.post(
    '/api/meetingroom/photo',
    {
      config: { access: 'spaces.write' },
      schema: {
        summary: 'Upload a space photo',
        description: 'Multipart `file` and `fileType=thumb`; answers `file[0].url` or `file[0].error`.',
        'x-spec-path': 'not shown',
        tags,
      },
    },
    async (request, reply) => {
      const plan = await request.signedIn((ctx) => actorPlan(ctx))
      const received = await receiveSingleImage(request)
      if ('error' in received) return reply.code(400).send({ file: [{ error: received.error }] })
      return {
        file: [{ url: await storeImage(config.dataDir, received.image, PHOTO_WIDTH) }],
        limit: maxSpacePhotos(plan ?? 'custom'),
      }
    },
  )
}
