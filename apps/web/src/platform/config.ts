import { queryOptions } from '@tanstack/react-query'
import { api } from '../../platform/api-client.ts'

export interface PublicConfig {
  pricingUrl: string
}

/** Public settings of the deployment (the pricing page the plan links to). */
export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => api<PublicConfig>('/api/config', { signal, on401: 'error' }),
  staleTime: Number.POSITIVE_INFINITY,
})
