import type { EmailTemplateFlags } from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../platform/api-client.ts'

export const EMAIL_TEMPLATE_ENDPOINT = '/api/email-template'
export const ATTACHMENT_ENDPOINT = '/api/email-template/attachment'
export const IMAGE_ENDPOINT = '/api/email-template/image'

/**
 * The organization's template flags, from GET /api/organization/{id} (every staff member reads
 * their own; the cache is the organization form's). Null until an organization is known.
 */
export function useEmailTemplateFlags(organizationId: number | null | undefined) {
  return useQuery({
    queryKey: ['/api/organization', 'record', organizationId],
    queryFn: ({ signal }) => api<EmailTemplateFlags>(`/api/organization/${organizationId}`, { signal }),
    enabled: Boolean(organizationId),
    staleTime: 60_000,
    select: (organization): EmailTemplateFlags => ({
      features: organization.features,
      use_email_template: organization.use_email_template,
    }),
  })
}

/** The types an organization has templates of (`code=EXISTING_TEMPLATES`, spec 3 §7): disabled in the type select. */
export function useExistingTemplateTypes(organizationId: number | null | undefined) {
  return useQuery({
    queryKey: [EMAIL_TEMPLATE_ENDPOINT, 'existing', organizationId],
    queryFn: ({ signal }) =>
      api<{ id: number; template_type: string }[]>(
        `${EMAIL_TEMPLATE_ENDPOINT}/${organizationId}?code=EXISTING_TEMPLATES&organizationId=${organizationId}`,
        { signal },
      ),
    enabled: Boolean(organizationId),
    staleTime: 0,
  })
}
