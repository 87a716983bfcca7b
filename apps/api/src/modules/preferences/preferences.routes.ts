import { z } from 'zod'
import type { App } from '../../platform/app.ts'
import * as service from './preferences.service.ts'

const tags = ['preferences']
const keyParams = z.object({ key: z.string().max(50) })

/**
 * What a screen remembers for the signed-in person between visits (the bookings list's location,
 * later the calendar's filters): GET, PUT and DELETE /api/preference/{key}, own user only.
 */
export function preferenceRoutes(app: App) {
  app.get(
    '/api/preference/:key',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'What a screen remembers',
        description:
          "The signed-in person's own preference for `booking-list`, `calendar` or `billing-list`.",
        'x-spec-path': 'none',
        params: keyParams,
      },
    },
    (request) => request.signedIn((ctx) => service.getPreference(ctx, request.params.key)),
  )

  app.put(
    '/api/preference/:key',
    // The value's schema depends on the key: the service picks it.
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "Remember a screen's settings",
        description: "The value's shape depends on the key.",
        'x-spec-path': 'none',
        params: keyParams,
        body: z.unknown(),
      },
    },
    (request) => request.signedIn((ctx) => service.putPreference(ctx, request.params.key, request.body)),
  )

  app.delete(
    '/api/preference/:key',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: "Forget a screen's settings", params: keyParams },
    },
    (request) => request.signedIn((ctx) => service.deletePreference(ctx, request.params.key)),
  )
}
