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
    { config: { access: 'cancel-rules.read' }, schema: { tags, querystring: cancelRuleListQuerySchema } },
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
    { config: { access: 'cancel-rules.read' }, schema: { tags, params: idParams } },
    (request) => request.signedIn((ctx) => service.getCancelRule(ctx, request.params.id)),
  )

  app.post(
    '/api/rule',
    { config: { access: 'cancel-rules.write' }, schema: { tags, body: cancelRuleSchema } },
    async (request, reply) =>
      reply.code(201).send(await request.signedIn((ctx) => service.createCancelRule(ctx, request.body))),
  )

  app.put(
    '/api/rule/:id',
    { config: { access: 'cancel-rules.write' }, schema: { tags, params: idParams, body: cancelRuleSchema } },
    (request) => request.signedIn((ctx) => service.updateCancelRule(ctx, request.params.id, request.body)),
  )

  app.delete(
    '/api/rule/:id',
    { config: { access: 'cancel-rules.delete' }, schema: { tags, params: idParams } },
    (request) => request.signedIn((ctx) => service.deleteCancelRule(ctx, request.params.id)),
  )
}
