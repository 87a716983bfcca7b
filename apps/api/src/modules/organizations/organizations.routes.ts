import {
  messages,
  organizationListQuerySchema,
  organizationRestoreSchema,
  organizationSchema,
} from '@spaceboard/domain'
import { z } from 'zod'
import type { App, AppDeps } from '../../platform/app.ts'
import { sentFields } from '../../platform/field-access.ts'
import { listWindow, sendPage } from '../../platform/list.ts'
import { idParams } from '../../platform/params.ts'
import { receiveSingleImage, storeResizedImage } from '../../platform/uploads.ts'
import * as service from './organizations.service.ts'

const tags = ['organizations']
const LOGO_SIZE = 100

export function organizationRoutes(app: App, { config, secrets }: AppDeps) {
  const deps = { secrets }

  app.get(
    '/api/organization',
    {
      config: { access: 'organizations.list' },
      schema: {
        tags,
        summary: 'List organizations',
        description: 'Archived ones included.',
        'x-spec-path': 'not shown',
        querystring: organizationListQuerySchema,
      },
    },
    (request, reply) => {
      const window = listWindow(request, request.query)
      return request.signedIn(async (ctx) =>
        sendPage(reply, window, await service.listOrganizations(ctx, request.query, window), () =>
          service.countOrganizations(ctx, request.query.search),
        ),
      )
    },
  )

  app.get(
    '/api/organization/options',
    {
      config: { access: 'organizations.read' },
      schema: {
        summary: 'Organizations for pickers',
        description:
          'Active organizations (a non-super user: their own) with `currency_code`, `time_format`, `exclude_from_reporting` and `industry_benchmarking_report`.',
        'x-spec-path': 'GET /api/organization/?all_organizations=',
        tags,
      },
    },
    (request) => request.signedIn((ctx) => service.organizationOptions(ctx)),
  )

  // Ours (issue 15): the prefixes the add form proposes for a name, the next free ones when the
  // spec's prefix (MH- and the name's first three letters) is taken, with the note saying so.
  app.get(
    '/api/organization/prefixes',
    {
      config: { access: 'organizations.create' },
      schema: {
        tags,
        summary: 'Prefixes proposed for a name',
        description:
          "The add form's booking and refund prefixes for `name`: `MH-XXX`, or the next free (`MH-XX2` …) with a `note` saying why (issue 15).",
        'x-spec-path': 'none',
        querystring: z.object({ name: z.string().trim().max(255).default('') }),
      },
    },
    (request) => request.signedIn((ctx) => service.prefixProposal(ctx, request.query.name)),
  )

  app.get(
    '/api/organization/customer-id',
    {
      config: { access: 'organizations.super-panel' },
      schema: {
        tags,
        summary: 'Customer id check',
        description: '`"1"` when another organization has `mh_customer_id`, else `"0"`.',
        'x-spec-path': 'not shown',
        querystring: z.object({
          mh_customer_id: z.string().trim().min(1).max(100),
          id: z.coerce.number().int().positive().optional(),
        }),
      },
    },
    async (request, reply) => {
      const exists = await request.signedIn((ctx) =>
        service.customerIdExists(ctx, request.query.mh_customer_id, request.query.id),
      )
      // The spec's answer is the JSON string "1" (or "0"), which Fastify would otherwise send as plain text.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(exists))
    },
  )

  app.get(
    '/api/organization/:id',
    {
      config: { access: 'organizations.read' },
      schema: {
        tags,
        summary: 'One organization',
        description: 'The organization form; secrets only as `*_set` flags.',
        'x-spec-path': 'not shown',
        params: idParams,
      },
    },
    (request) => request.signedIn((ctx) => service.getOrganization(ctx, request.params.id)),
  )

  app.post(
    '/api/organization',
    {
      config: { access: 'organizations.create' },
      schema: {
        tags,
        summary: 'Add an organization',
        description: 'Prefixes and defaults are filled in.',
        'x-spec-path': 'not shown',
        body: organizationSchema,
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await request.signedIn((ctx) => service.createOrganization(ctx, deps, request.body))),
  )

  app.put(
    '/api/organization/:id',
    {
      config: { access: 'organizations.update' },
      schema: {
        tags,
        summary: 'Edit an organization',
        description: "Saves the whole form; fields beyond the caller's role are ignored.",
        'x-spec-path': 'not shown',
        params: idParams,
        body: organizationSchema,
      },
    },
    (request) =>
      request.signedIn((ctx) =>
        service.updateOrganization(ctx, deps, request.params.id, request.body, sentFields(request)),
      ),
  )

  app.delete(
    '/api/organization/:id',
    {
      config: { access: 'organizations.archive' },
      schema: { tags, summary: 'Archive an organization', 'x-spec-path': 'not shown', params: idParams },
    },
    (request) => request.signedIn((ctx) => service.archiveOrganization(ctx, request.params.id)),
  )

  app.put(
    '/api/organization/:id/restore',
    {
      config: { access: 'organizations.archive' },
      schema: {
        tags,
        summary: 'Restore an organization',
        description: 'Payload `{time_format}`.',
        'x-spec-path': 'not shown',
        params: idParams,
        body: organizationRestoreSchema,
      },
    },
    (request) =>
      request.signedIn((ctx) =>
        service.restoreOrganization(ctx, request.params.id, request.body.time_format),
      ),
  )

  /** Logo upload (spec 1 §7): multipart `file` and `fileType=thumb`; answers file[0].url or file[0].error. */
  app.post(
    '/api/organization/logo',
    {
      config: { access: 'organizations.update' },
      schema: {
        summary: 'Upload a logo',
        description:
          'Multipart `file` and `fileType=thumb`; stored 100×100 px. Answers `file[0].url` or `file[0].error`.',
        'x-spec-path': 'not shown',
        tags,
      },
    },
    async (request, reply) => {
      const fail = (error: string) => reply.code(400).send({ file: [{ error }] })
      const plan = await request.signedIn((ctx) => service.actorPlan(ctx))
      if (request.actor?.type !== 'super' && plan === 'free') return fail(messages.logoNotOnFreePlan)
      const received = await receiveSingleImage(request)
      if ('error' in received) return fail(received.error)
      const stored = await storeResizedImage(config.dataDir, received.image, LOGO_SIZE, LOGO_SIZE)
      return { file: [{ url: stored }], message: messages.fileAdded }
    },
  )
}
