import {
  can,
  changePasswordSchema,
  permissionRefusal,
  userCreateSchema,
  userExportColumns,
  userListQuerySchema,
  userStatusSchema,
  userUpdateSchema,
} from '@spaceboard/domain'
import { z } from 'zod'
import type { App, AppDeps } from '../../platform/app.ts'
import { forbidden } from '../../platform/errors.ts'
import { sentFields } from '../../platform/field-access.ts'
import { listWindow, sendPage } from '../../platform/list.ts'
import { idParams, idValue } from '../../platform/params.ts'
import { streamWorkbook } from '../../platform/xlsx.ts'
import { bookingMailSender } from '../booking-mails/booking-mails.service.ts'
import * as repo from './users.repository.ts'
import * as service from './users.service.ts'

const tags = ['users']
/**
 * Rows read per query of the export. Measured on 50,000 users (npm run bench user-export): 2000 a batch
 * raised the server's RSS by 80–120 MB during the export, 500 by 50–70 MB, at the same speed.
 */
const EXPORT_BATCH = 500

export function userRoutes(app: App, { heavyWork, mailer, config }: AppDeps) {
  const mails = bookingMailSender({ mailer, publicUrl: config.publicUrl })
  app.get(
    '/api/user',
    {
      config: { access: 'users.read' },
      schema: {
        tags,
        summary: 'List users',
        description:
          '`clientId` to one client\'s users, the super user\'s filters, and `report=1` for the Excel export "User List.xlsx" (super).',
        'x-spec-path': 'not shown',
        querystring: userListQuerySchema,
      },
    },
    async (request, reply) => {
      const query = request.query
      if (query.report === '1') {
        const signedIn = request.actor
        if (!signedIn || !can(signedIn.type, 'users.export'))
          throw forbidden(permissionRefusal('users.export'))
        const actor = signedIn
        async function* batches() {
          let afterId = 0
          for (;;) {
            const rows = await request.signedIn(({ tx }) =>
              repo.exportBatch(tx, service.filtersFor(actor, query), afterId, EXPORT_BATCH),
            )
            if (rows.length === 0) return
            afterId = rows[rows.length - 1]?.id ?? afterId
            yield rows.map((u) => [
              u.organizationName,
              u.type,
              u.firstName,
              u.lastName,
              u.email,
              u.mobile,
              u.clientName,
              u.clientEmail,
              u.clientPhone,
              u.street,
              u.city,
              u.state,
              u.countryName,
              u.postcode,
              service.statusOf(u.deletedAt),
              u.lastLogin,
            ])
          }
        }
        return heavyWork.withSlot(actor.organizationId, () =>
          streamWorkbook(reply, 'User List.xlsx', userExportColumns, batches()),
        )
      }
      const window = listWindow(request, query)
      return request.signedIn(async (ctx) =>
        sendPage(reply, window, await service.listUsers(ctx, query, window), () =>
          service.countUsers(ctx, query),
        ),
      )
    },
  )

  app.get(
    '/api/user/email-exists',
    {
      config: { access: 'users.read' },
      schema: {
        tags,
        summary: 'E-mail exists check',
        description: 'Answers `{exists}` for `email`, other than the user `id`.',
        'x-spec-path': 'not shown',
        querystring: z.object({ email: z.string().trim().min(1).max(255), id: idValue.optional() }),
      },
    },
    (request) => request.signedIn((ctx) => service.emailExists(ctx, request.query.email, request.query.id)),
  )

  app.get(
    '/api/user/:id',
    {
      config: { access: 'users.read' },
      schema: { tags, summary: 'One user', 'x-spec-path': 'not shown', params: idParams },
    },
    (request) => request.signedIn((ctx) => service.getUser(ctx, request.params.id)),
  )

  app.post(
    '/api/user',
    {
      config: { access: 'users.create' },
      schema: {
        tags,
        summary: 'Add a user',
        description:
          'A CSR adds basic users only; a new client is made from `company_name` only with `new_client`.',
        'x-spec-path': 'not shown',
        body: userCreateSchema,
      },
    },
    async (request, reply) => {
      const created = await request.signedIn((ctx) =>
        service.createUser(ctx, request.body, sentFields(request), mails),
      )
      mails.kick()
      return reply.code(201).send(created)
    },
  )

  app.put(
    '/api/user/:id',
    {
      config: { access: 'users.update' },
      schema: {
        tags,
        summary: 'Edit a user',
        description: 'A CSR edits basic users only.',
        'x-spec-path': 'not shown',
        params: idParams,
        body: userUpdateSchema,
      },
    },
    (request) =>
      request.signedIn((ctx) =>
        service.updateUser(ctx, request.params.id, request.body, sentFields(request)),
      ),
  )

  app.put(
    '/api/user/:id/password',
    {
      // The current password is checked here: a stolen session may not guess it quickly.
      config: { access: 'users.update', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Change password',
        description:
          "Payload `{password, confirm_password}`, and `current_password` for one's own; 20 a minute.",
        'x-spec-path': 'none',
        params: idParams,
        body: changePasswordSchema,
      },
    },
    (request) => request.signedIn((ctx) => service.changePassword(ctx, request.params.id, request.body)),
  )

  app.put(
    '/api/user/:id/status',
    {
      config: { access: 'users.archive' },
      schema: {
        tags,
        summary: 'Archive, restore or delete a user',
        description:
          "Payload `{code: ARCHIVE|RESTORE|PERMENANT}`; archiving ends the user's sessions, PERMENANT (delete) is for super users only.",
        'x-spec-path': 'not shown',
        params: idParams,
        body: userStatusSchema,
      },
    },
    (request) => request.signedIn((ctx) => service.changeStatus(ctx, request.params.id, request.body.code)),
  )
}
