import { benchmarkSettingsSchema, settingQuerySchema } from '@spaceboard/domain'
import type { App } from '../../platform/app.ts'
import * as service from './settings.service.ts'

const tags = ['settings']

export function settingRoutes(app: App) {
  /** GET api/setting?type=benchmarking (spec 3 §7): the key/value rows of the type. */
  app.get(
    '/api/setting',
    {
      config: { access: 'benchmarking.read' },
      schema: {
        tags,
        summary: 'Benchmark settings',
        description:
          '`type=benchmarking`: key/value rows (`average.occupancy`, `average.bookingvalue`, `average.bookingduration`).',
        querystring: settingQuerySchema,
      },
    },
    async (request) => ({
      success: true,
      data: await request.signedIn((ctx) => service.listSettings(ctx, request.query.type)),
    }),
  )

  /** POST api/setting with { data: { averageoccupancy, averagebookingvalue, averagebookingduration, type } }. */
  app.post(
    '/api/setting',
    {
      config: { access: 'benchmarking.write' },
      schema: {
        tags,
        summary: 'Save benchmark settings',
        description:
          'Payload `{data: {averageoccupancy, averagebookingvalue, averagebookingduration, type}}`: occupancy 0–100, value ≥ 0, duration 0–24 h, two decimals at most.',
        body: benchmarkSettingsSchema,
      },
    },
    async (request) => {
      await request.signedIn((ctx) => service.saveBenchmarkSettings(ctx, request.body.data))
      return { success: true }
    },
  )
}
