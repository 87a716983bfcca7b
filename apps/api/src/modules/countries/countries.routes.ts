import { countryListQuerySchema, countrySchema } from '@spaceboard/domain'
import type { App } from '../../platform/app.ts'
import { listWindow, sendPage } from '../../platform/list.ts'
import { idParams } from '../../platform/params.ts'
import * as service from './countries.service.ts'

const tags = ['countries']

export function countryRoutes(app: App) {
  app.get(
    '/api/country',
    {
      config: { access: 'countries.read' },
      schema: { tags, summary: 'List countries', querystring: countryListQuerySchema },
    },
    (request, reply) => {
      const window = listWindow(request, request.query)
      return request.signedIn(async (ctx) =>
        sendPage(reply, window, await service.listCountries(ctx, request.query, window), () =>
          service.countCountries(ctx, request.query.search),
        ),
      )
    },
  )

  app.get(
    '/api/country/:id',
    { config: { access: 'countries.read' }, schema: { tags, summary: 'One country', params: idParams } },
    (request) => request.signedIn((ctx) => service.getCountry(ctx, request.params.id)),
  )

  app.post(
    '/api/country',
    {
      config: { access: 'countries.write' },
      schema: { tags, summary: 'Add a country', description: 'Payload `{name, code}`.', body: countrySchema },
    },
    async (request, reply) =>
      reply.code(201).send(await request.signedIn((ctx) => service.createCountry(ctx, request.body))),
  )

  app.put(
    '/api/country/:id',
    {
      config: { access: 'countries.write' },
      schema: {
        tags,
        summary: 'Edit a country',
        description: 'Payload `{name, code}`.',
        params: idParams,
        body: countrySchema,
      },
    },
    (request) => request.signedIn((ctx) => service.updateCountry(ctx, request.params.id, request.body)),
  )

  app.delete(
    '/api/country/:id',
    {
      config: { access: 'countries.write' },
      schema: {
        tags,
        summary: 'Delete a country',
        description: 'The country is archived.',
        params: idParams,
      },
    },
    (request) => request.signedIn((ctx) => service.deleteCountry(ctx, request.params.id)),
  )
}
