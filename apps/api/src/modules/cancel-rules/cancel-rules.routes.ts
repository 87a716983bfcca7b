import { cancelRuleListQuerySchema, cancelRuleSchema } from '@spaceboard/domain'
import type { App } from '../../platform/app.ts'
import { listWindow, sendPage } from '../../platform/list.ts'
import { idParams } from '../../platform/params.ts'
import * as service from './cancel-rules.service.ts'

const tags = ['cancel-rules']

/** Cancellation rules at /api/rule, as spec 1 §7 names them. */
export function cancelRuleRoutes(app: App) {
  app.get(
    '/api/rule',
    {
      config: { access: 'cancel-rules.read' },
      schema: { tags, summary: 'List cancellation rules', querystring: cancelRuleListQuerySchema },
    },
    (request, reply) => {
      const query = request.query
      const window = listWindow(request, query)
      return request.signedIn(async (ctx) =>
        sendPage(reply, window, await service.listCancelRules(ctx, query, window), () =>
          service.countCancelRules(ctx, query.search, query.organization_id),
        ),
      )
    },
  )

  app.get(
    '/api/rule/:id',
    {
      config: { access: 'cancel-rules.read' },
      schema: { tags, summary: 'One cancellation rule', params: idParams },
    },
    (request) => request.signedIn((ctx) => service.getCancelRule(ctx, request.params.id)),
  )

  app.post(
    '/api/rule',
    {
      config: { access: 'cancel-rules.write' },
      schema: {
        tags,
        summary: 'Add a cancellation rule',
        description:
          'Payload `{min_day, max_day, max_attendee, refund_percent}`; a rule overlapping another is refused with 409.',
        body: cancelRuleSchema,
      },
    },
    async (request, reply) =>
      reply.code(201).send(await request.signedIn((ctx) => service.createCancelRule(ctx, request.body))),
  )

  app.put(
    '/api/rule/:id',
    {
      config: { access: 'cancel-rules.write' },
      schema: {
        tags,
        summary: 'Edit a cancellation rule',
        description: 'A rule overlapping another is refused with 409.',
        params: idParams,
        body: cancelRuleSchema,
      },
    },
    (request) => request.signedIn((ctx) => service.updateCancelRule(ctx, request.params.id, request.body)),
  )

  app.delete(
    '/api/rule/:id',
    {
      config: { access: 'cancel-rules.delete' },
      schema: { tags, summary: 'Delete a cancellation rule', params: idParams },
    },
    (request) => request.signedIn((ctx) => service.deleteCancelRule(ctx, request.params.id)),
  )
}
