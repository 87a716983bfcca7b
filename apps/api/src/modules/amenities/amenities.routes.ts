import { amenityListQuerySchema, amenitySchema, messages } from '@spaceboard/domain'
import type { App, AppDeps } from '../../platform/app.ts'
import { listWindow, sendPage } from '../../platform/list.ts'
import { idParams } from '../../platform/params.ts'
import { receiveSingleImage, storeImage } from '../../platform/uploads.ts'
import * as service from './amenities.service.ts'

const tags = ['amenities']
const ICON_WIDTH = 256

export function amenityRoutes(app: App, { config }: AppDeps) {
  app.get(
    '/api/amenity',
    {
      config: { access: 'amenities.read' },
      schema: {
        tags,
        summary: 'List amenities',
        description: '`all=1` for pickers.',
        'x-spec-path': 'not shown',
        querystring: amenityListQuerySchema,
      },
    },
    (request, reply) => {
      const window = listWindow(request, request.query)
      return request.signedIn(async (ctx) =>
        sendPage(reply, window, await service.listAmenities(ctx, request.query, window), () =>
          service.countAmenities(ctx, request.query.search),
        ),
      )
    },
  )

  app.get(
    '/api/amenity/:id',
    {
      config: { access: 'amenities.read' },
      schema: { tags, summary: 'One amenity', 'x-spec-path': 'not shown', params: idParams },
    },
    (request) => request.signedIn((ctx) => service.getAmenity(ctx, request.params.id)),
  )

  app.post(
    '/api/amenity',
    {
      config: { access: 'amenities.write' },
      schema: {
        tags,
        summary: 'Add an amenity',
        description: 'Payload `{name, category, image}`.',
        'x-spec-path': 'not shown',
        body: amenitySchema,
      },
    },
    async (request, reply) =>
      reply.code(201).send(await request.signedIn((ctx) => service.createAmenity(ctx, request.body))),
  )

  app.put(
    '/api/amenity/:id',
    {
      config: { access: 'amenities.write' },
      schema: {
        tags,
        summary: 'Edit an amenity',
        'x-spec-path': 'not shown',
        params: idParams,
        body: amenitySchema,
      },
    },
    (request) => request.signedIn((ctx) => service.updateAmenity(ctx, request.params.id, request.body)),
  )

  app.delete(
    '/api/amenity/:id',
    {
      config: { access: 'amenities.write' },
      schema: { tags, summary: 'Delete an amenity', 'x-spec-path': 'not shown', params: idParams },
    },
    (request) => request.signedIn((ctx) => service.deleteAmenity(ctx, request.params.id)),
  )

  /** Icon upload: multipart `file` + `fileType=thumb`; answers file[0].url or file[0].error. */
  app.post(
    '/api/amenity/icon',
    {
      config: { access: 'amenities.write' },
      schema: {
        summary: 'Upload an amenity icon',
        description:
          'Multipart `file` and `fileType=thumb`; answers `file[0].url` (the image name) or `file[0].error`.',
        'x-spec-path': 'not shown',
        tags,
      },
    },
    async (request, reply) => {
      const received = await receiveSingleImage(request)
      if ('error' in received) return reply.code(400).send({ file: [{ error: received.error }] })
      return {
        file: [{ url: await storeImage(config.dataDir, received.image, ICON_WIDTH) }],
        message: messages.fileAdded,
      }
    },
  )

  app.get(
    '/api/organization-amenities/:id',
    {
      config: { access: 'amenities.read' },
      schema: {
        tags,
        summary: 'The services an organization offers',
        description: 'With `onlyOrg=1` as the spec sends it.',
        params: idParams,
      },
    },
    (request) => request.signedIn((ctx) => service.organizationAmenities(ctx, request.params.id)),
  )
}
