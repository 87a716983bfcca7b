import { workflowExecutionLogQuerySchema, workflowListQuerySchema, workflowSchema } from '@spaceboard/domain'
import type { App } from '../../platform/app.ts'
import { listWindow, sendPage } from '../../platform/list.ts'
import { idParams } from '../../platform/params.ts'
import * as service from './workflows.service.ts'

const tags = ['workflows']

export function workflowRoutes(app: App) {
  app.get(
    '/api/workflow',
    {
      config: { access: 'workflows.read' },
      schema: { tags, summary: 'List workflows', querystring: workflowListQuerySchema },
    },
    (request, reply) => {
      const query = request.query
      const window = listWindow(request, query)
      return request.signedIn(async (ctx) =>
        sendPage(reply, window, await service.listWorkflows(ctx, query, window), () =>
          service.countWorkflows(ctx, query),
        ),
      )
    },
  )

  app.get(
    '/api/workflow/logs/:id',
    {
      config: { access: 'workflows.read' },
      schema: {
        tags,
        summary: "A workflow's log",
        description: 'What the workflow did, newest first.',
        params: idParams,
      },
    },
    (request) => request.signedIn((ctx) => service.workflowLogs(ctx, request.params.id)),
  )

  app.get(
    '/api/workflow/:id',
    { config: { access: 'workflows.read' }, schema: { tags, summary: 'One workflow', params: idParams } },
    (request) => request.signedIn((ctx) => service.getWorkflow(ctx, request.params.id)),
  )

  app.post(
    '/api/workflow',
    {
      config: { access: 'workflows.write' },
      schema: { tags, summary: 'Add a workflow', body: workflowSchema },
    },
    async (request, reply) =>
      reply.code(201).send(await request.signedIn((ctx) => service.createWorkflow(ctx, request.body))),
  )

  app.put(
    '/api/workflow/:id',
    {
      config: { access: 'workflows.write' },
      schema: { tags, summary: 'Edit a workflow', params: idParams, body: workflowSchema },
    },
    (request) => request.signedIn((ctx) => service.updateWorkflow(ctx, request.params.id, request.body)),
  )

  app.delete(
    '/api/workflow/:id',
    {
      config: { access: 'workflows.write' },
      schema: { tags, summary: 'Delete a workflow', params: idParams },
    },
    (request) => request.signedIn((ctx) => service.deleteWorkflow(ctx, request.params.id)),
  )

  app.get(
    '/api/workflow-execution-log',
    {
      config: { access: 'bookings.read' },
      schema: {
        tags,
        summary: 'What the workflows did about a booking',
        description: 'For `booking_id`.',
        querystring: workflowExecutionLogQuerySchema,
      },
    },
    (request) => request.signedIn((ctx) => service.executionLogOfBooking(ctx, request.query.booking_id)),
  )

  app.get(
    '/api/email-template/check-workflow-usage/:id',
    {
      config: { access: 'email-templates.read' },
      schema: {
        tags,
        summary: 'Workflows that send a template',
        description: 'Answers `isUsed` and `workflowNames` of the live workflows sending it.',
        params: idParams,
      },
    },
    (request) => request.signedIn((ctx) => service.templateUsage(ctx, request.params.id)),
  )
}
