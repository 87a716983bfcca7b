import { messages } from '@spaceboard/domain'
import { z } from 'zod'
import type { App, AppDeps } from '../../platform/app.ts'

const GEOCODER_TIMEOUT_MS = 5000

/**
 * Address → coordinates through the Nominatim-compatible service at GEOCODER_URL. The browser asks
 * us rather than the service, so the page's CSP stays 'self' and one setting points everything at it.
 */
export function geocodeRoutes(app: App, { config }: AppDeps) {
  app.get(
    '/api/geocode',
    {
      config: { access: 'centers.read' },
      schema: {
        tags: ['lookups'],
        summary: 'Geocode an address',
        description:
          "Address `q` to `{lat, lon}` through `GEOCODER_URL`; 422 with the spec's message when none is found.",
        'x-spec-path': 'none',
        querystring: z.object({ q: z.string().trim().min(3).max(500) }),
      },
    },
    async (request, reply) => {
      // The person gets a plain message; the geocoder's status stays in the answer for support.
      const fail = (status: string) => reply.code(422).send({ message: messages.addressNotLocated, status })
      const url = new URL(`${config.geocoderUrl.replace(/\/$/, '')}/search`)
      url.searchParams.set('format', 'json')
      url.searchParams.set('limit', '1')
      url.searchParams.set('q', request.query.q)
      let response: Response
      try {
        response = await fetch(url, {
          headers: { 'User-Agent': 'Spaceboard/1.0 (back-office geocoding)', Accept: 'application/json' },
          signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
        })
      } catch {
        return fail('UNKNOWN_ERROR')
      }
      if (!response.ok) return fail(response.status === 429 ? 'OVER_QUERY_LIMIT' : `ERROR_${response.status}`)
      const results = (await response.json().catch(() => null)) as { lat?: string; lon?: string }[] | null
      const first = Array.isArray(results) ? results[0] : undefined
      const lat = Number(first?.lat)
      const lon = Number(first?.lon)
      if (!first || !Number.isFinite(lat) || !Number.isFinite(lon)) return fail('ZERO_RESULTS')
      return { lat, lon }
    },
  )
}
