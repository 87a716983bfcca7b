import { voucherListQuerySchema, voucherSchema } from '@spaceboard/domain'
import type { App } from '../../platform/app.ts'
import { listWindow, sendPage } from '../../platform/list.ts'
import { idParams } from '../../platform/params.ts'
import * as service from './vouchers.service.ts'

const tags = ['vouchers']

/**
 * Vouchers at /api/voucher (ours: the spec shows no path). No delete: a voucher is switched off
 * with is_active, so bookings that used it keep pointing at it.
 */
export function voucherRoutes(app: App) {
  app.get(
    '/api/voucher',
    {
      config: { access: 'vouchers.read' },
      schema: {
        tags,
        summary: 'List vouchers',
        description:
          '`organization_id` for a super user; `all=1` only active ones, with `date=YYYY-MM-DD` those valid that day (pickers).',
        'x-spec-path': 'none',
        querystring: voucherListQuerySchema,
      },
    },
    (request, reply) => {
      const query = request.query
      const window = listWindow(request, query)
      return request.signedIn(async (ctx) =>
        sendPage(reply, window, await service.listVouchers(ctx, query, window), () =>
          service.countVouchers(ctx, query),
        ),
      )
    },
  )

  app.get(
    '/api/voucher/:id',
    {
      config: { access: 'vouchers.read' },
      schema: { tags, summary: 'One voucher', 'x-spec-path': 'none', params: idParams },
    },
    (request) => request.signedIn((ctx) => service.getVoucher(ctx, request.params.id)),
  )

  app.post(
    '/api/voucher',
    {
      config: { access: 'vouchers.write' },
      schema: {
        tags,
        summary: 'Add a voucher',
        description:
          'Payload `{code, type, value, valid_from, valid_to, is_active}`; a code taken in the organization is refused with 409.',
        'x-spec-path': 'none',
        body: voucherSchema,
      },
    },
    async (request, reply) =>
      reply.code(201).send(await request.signedIn((ctx) => service.createVoucher(ctx, request.body))),
  )

  app.put(
    '/api/voucher/:id',
    {
      config: { access: 'vouchers.write' },
      schema: {
        tags,
        summary: 'Edit a voucher',
        description: 'There is no delete: a voucher is deactivated.',
        'x-spec-path': 'none',
        params: idParams,
        body: voucherSchema,
      },
    },
    (request) => request.signedIn((ctx) => service.updateVoucher(ctx, request.params.id, request.body)),
  )
}
