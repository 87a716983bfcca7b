import {
  emailTemplateCodeQuerySchema,
  emailTemplateListQuerySchema,
  emailTemplateSchema,
  messages,
} from '@spaceboard/domain'
import type { App, AppDeps } from '../../platform/app.ts'
import { listWindow, sendPage } from '../../platform/list.ts'
import { idParams } from '../../platform/params.ts'
import { receiveSingleImage, receiveSinglePdf, storeImage, storePdf } from '../../platform/uploads.ts'
import * as service from './email-templates.service.ts'

const tags = ['email-templates']
/** Mail is read about 600 pixels wide; twice that stays sharp on high-density screens. */
const IMAGE_WIDTH = 1200

export function emailTemplateRoutes(app: App, { config }: AppDeps) {
  app.get(
    '/api/email-template',
    {
      config: { access: 'email-templates.read' },
      schema: {
        tags,
        summary: 'List e-mail templates',
        description: "The organization's (a super user: all, or one organization's with `organization_id`).",
        querystring: emailTemplateListQuerySchema,
      },
    },
    (request, reply) => {
      const window = listWindow(request, request.query)
      return request.signedIn(async (ctx) =>
        sendPage(reply, window, await service.listEmailTemplates(ctx, request.query, window), () =>
          service.countEmailTemplates(ctx, request.query.search, request.query.organization_id),
        ),
      )
    },
  )

  // With code=EXISTING_TEMPLATES the spec's call asks for the organization's template types instead
  // (the id of the path plays no part then).
  app.get(
    '/api/email-template/:id',
    {
      config: { access: 'email-templates.read' },
      schema: {
        tags,
        summary: 'One e-mail template',
        description:
          'With `code=EXISTING_TEMPLATES&organizationId=`: the template types the organization has (the form disables them); the id then plays no part.',
        params: idParams,
        querystring: emailTemplateCodeQuerySchema,
      },
    },
    (request) =>
      request.signedIn(
        async (ctx): Promise<unknown> =>
          request.query.code === 'EXISTING_TEMPLATES'
            ? await service.existingTemplates(ctx, request.query.organizationId)
            : await service.getEmailTemplate(ctx, request.params.id),
      ),
  )

  app.post(
    '/api/email-template',
    {
      config: { access: 'email-templates.create' },
      schema: {
        tags,
        summary: 'Add an e-mail template',
        description: 'The organization needs the `email_template` plan feature.',
        body: emailTemplateSchema,
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await request.signedIn((ctx) => service.createEmailTemplate(ctx, config.dataDir, request.body)),
        ),
  )

  app.put(
    '/api/email-template/:id',
    {
      config: { access: 'email-templates.update' },
      schema: { tags, summary: 'Edit an e-mail template', params: idParams, body: emailTemplateSchema },
    },
    (request) =>
      request.signedIn((ctx) =>
        service.updateEmailTemplate(ctx, config.dataDir, request.params.id, request.body),
      ),
  )

  app.delete(
    '/api/email-template/:id',
    {
      config: { access: 'email-templates.delete' },
      schema: { tags, summary: 'Delete an e-mail template', params: idParams },
    },
    (request) => request.signedIn((ctx) => service.deleteEmailTemplate(ctx, request.params.id)),
  )

  /** Attachment upload (spec 3 §7): multipart `file` + `fileType=image-pdf`; answers file[0].url or file[0].error. */
  app.post(
    '/api/email-template/attachment',
    {
      config: { access: 'email-templates.update' },
      schema: {
        summary: "Upload a template's PDF attachment",
        description:
          'Multipart `file` and `fileType=image-pdf`; a PDF by its content, under 2 MB. Answers `file[0].url` or `file[0].error`.',
        'x-spec-path': 'not shown',
        tags,
      },
    },
    async (request, reply) => {
      const received = await receiveSinglePdf(request)
      if ('error' in received) return reply.code(400).send({ file: [{ error: received.error }] })
      const url = await storePdf(config.dataDir, received.pdf)
      await request.signedIn((ctx) => service.recordAttachment(ctx, url))
      return { file: [{ url }], message: messages.fileAdded }
    },
  )

  /** The editor's image button: multipart `file` + `fileType=thumb`, a png/jpg under 1 MB; answers file[0].url. */
  app.post(
    '/api/email-template/image',
    {
      config: { access: 'email-templates.update' },
      schema: {
        summary: 'Upload a picture for the template editor',
        description:
          "The editor's image button: multipart `file` and `fileType=thumb`, a png or jpg under 1 MB; answers `file[0].url`.",
        'x-spec-path': 'none',
        tags,
      },
    },
    async (request, reply) => {
      const received = await receiveSingleImage(request)
      if ('error' in received) return reply.code(400).send({ file: [{ error: received.error }] })
      return {
        file: [{ url: await storeImage(config.dataDir, received.image, IMAGE_WIDTH) }],
        message: messages.fileAdded,
      }
    },
  )
}
