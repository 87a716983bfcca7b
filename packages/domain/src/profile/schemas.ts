import { z } from 'zod'
import { messages } from '../messages.ts'
import type { FeatureFlag } from '../organizations/constants.ts'
import { requiredError } from '../validation-messages.ts'

const requiredName = z.string().trim().min(1, messages.fieldRequired).max(255)

export const profileUpdateSchema = z.strictObject({
  first_name: requiredName,
  last_name: requiredName,
  email: z
    .string()
    .trim()
    .min(1, messages.fieldRequired)
    .max(255)
    .pipe(z.email({ error: requiredError(messages.profileEmailInvalid) })),
})
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>

/** The e-mail change's confirmation: the token of the link sent to the new address. */
export const emailConfirmationSchema = z.strictObject({
  token: z.string().min(1, messages.emailChangeLinkInvalid).max(200, messages.emailChangeLinkInvalid),
})
export type EmailConfirmation = z.infer<typeof emailConfirmationSchema>

export interface Profile {
  id: number
  first_name: string
  last_name: string
  email: string
  type: 'super' | 'admin' | 'csr' | 'basic'
  createdAt: string
  organization_id: number | null
  organizationName: string | null
  mh_plan: string | null
  licensed_spaces: number | null
  /** The organization's date order (dd/mm by default and for super users). */
  time_format: 'dd/mm' | 'mm/dd'
  /**
   * The organization's IANA zone (its first location's; UTC for super users and an organization
   * without locations): "today" and times where no location applies are on this clock.
   */
  time_zone: string
  /** The organization's plan features (none for super users): screens of a feature show only with it. */
  features: Partial<Record<FeatureFlag, boolean>>
  /**
   * The address an e-mail change waits to be confirmed at (its link sent there, not yet followed
   * nor expired), or null: the e-mail stays `email` until then.
   */
  pending_email: string | null
}
