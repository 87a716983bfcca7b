import type { UserType } from '@spaceboard/domain'
import { createContext, useContext } from 'react'
import type { FieldPath } from '../../platform/form-kit.ts'
import type { OrganizationView } from './api.ts'

export interface SectionProps {
  mode: 'add' | 'edit'
  role: UserType
  /** The organization as loaded (null when adding). */
  loaded: OrganizationView | null
}

export type SectionKey =
  | 'general'
  | 'contact'
  | 'blackout'
  | 'clientTypes'
  | 'spaceTypes'
  | 'amenities'
  | 'finance'
  | 'settings'
  | 'superPanel'
  | 'thirdParty'
  /** The billing sheet's column names, folded inside Accounts/Finance. */
  | 'billingColumns'

/** The section holding each top-level field of the form (to open it when one of its fields is wrong). */
const sectionOfField: Record<string, SectionKey> = {
  contact_number: 'contact',
  contact_email: 'contact',
  website: 'contact',
  contact_us_email: 'contact',
  booking_email: 'contact',
  sender_email: 'contact',
  facebook_url: 'contact',
  twitter_url: 'contact',
  linkedIn_url: 'contact',
  instagram_url: 'contact',
  blackoutPeriods: 'blackout',
  orgClientTypes: 'clientTypes',
  spaceTypes: 'spaceTypes',
  amenities: 'amenities',
  banking_details: 'finance',
  taxes_label: 'finance',
  taxes_percent: 'finance',
  taxes_type: 'finance',
  tax_type: 'finance',
  monthly_billing: 'finance',
  invoice_numbering: 'finance',
  orgBillingSheetColumns: 'finance',
  packagesAccountCode: 'finance',
  packagesInventoryItemCode: 'finance',
  client_default_payment_method: 'settings',
  minimum_notice_period: 'settings',
  color: 'settings',
  use_email_template: 'settings',
  mh_customer_id: 'superPanel',
  exclude_from_reporting: 'superPanel',
  mh_plan: 'superPanel',
  licensed_spaces: 'superPanel',
  commission_rate: 'superPanel',
  features: 'superPanel',
  ms365_tenant_id: 'superPanel',
  ms365_client_id: 'superPanel',
  ms365_client_secret: 'superPanel',
  ms365_proxy_user_email: 'superPanel',
  ms365_default_client_name: 'superPanel',
  stripe_publishable_key: 'superPanel',
  stripe_secret_key: 'superPanel',
  google_analytics_code: 'superPanel',
  enable_api: 'superPanel',
  generateToken: 'superPanel',
  generateWebToken: 'superPanel',
  third_party_org_code: 'superPanel',
  thirdPartyCredentials: 'thirdParty',
}

/** The sections to open to show a field: its section, and the fold holding it inside. */
export function sectionsOf(path: FieldPath): SectionKey[] {
  const head = String(path[0])
  if (head === 'orgBillingSheetColumns') return ['finance', 'billingColumns']
  return [sectionOfField[head] ?? 'general']
}

/** Which sections (and folds inside them) are open; the form opens those holding an error. */
export const OpenSections = createContext<{ open: string[]; setOpen: (keys: string[]) => void }>({
  open: [],
  setOpen: () => undefined,
})

export function useOpenSections() {
  return useContext(OpenSections)
}
