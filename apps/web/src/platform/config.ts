import { queryOptions } from '@tanstack/react-query'
import { api } from './api-client.ts'

/** GET /api/config: public settings of the deployment, read before sign-in too. */
export interface PublicConfig {
  /** The pricing page the profile's plan links to. */
  pricingUrl: string
  /** The map tiles' URL template ({z}/{x}/{y}) of the center map (MAP_TILE_URL). */
  mapTileUrl: string
  /** A new organization's booking and sender e-mail (the platform's no-reply address) and contact number. */
  organizationDefaults: { booking_email: string; sender_email: string; contact_number: string }
}

/** Public settings of the deployment; they do not change while the app runs. */
export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => api<PublicConfig>('/api/config', { signal, on401: 'error' }),
  staleTime: Number.POSITIVE_INFINITY,
})
