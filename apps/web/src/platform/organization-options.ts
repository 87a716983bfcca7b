import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from './api-client.ts'

export interface OrganizationOption {
  id: number
  name: string
  /** The organization's currency: its amounts are shown with this currency's symbol. */
  currency_code: string
  /** The organization's date order: its dates are shown MM-dd-yyyy when mm/dd. */
  time_format: 'dd/mm' | 'mm/dd'
  /** Left out of reporting: the reports screen does not offer it (spec 3 §6). */
  exclude_from_reporting: boolean
  /** The organization may see the Industry Benchmarking report (spec 3 §6). */
  industry_benchmarking_report: boolean
}

/** Active organizations a super user may pick (GET /api/organization/options), keyed under the organizations. */
export const organizationOptionsQuery = queryOptions({
  queryKey: ['/api/organization', 'options'],
  queryFn: ({ signal }) => api<OrganizationOption[]>('/api/organization/options', { signal }),
  staleTime: 60_000,
})

export function useOrganizationOptions(enabled = true) {
  return useQuery({ ...organizationOptionsQuery, enabled })
}

/**
 * The currency of an organization (issue 15: amounts show the organization's currency everywhere),
 * from the organization options every staff member may read; null until known.
 */
export function useOrganizationCurrency(organizationId: number | null | undefined): string | null {
  const options = useOrganizationOptions(Boolean(organizationId))
  return options.data?.find((o) => o.id === organizationId)?.currency_code ?? null
}
