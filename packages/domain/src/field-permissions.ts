import { can, type Permission, permissionTable } from './permissions.ts'
import type { UserType } from './roles.ts'

/**
 * Fields of a record some roles may read but not change, each with the permission that changes it
 * and its label on the form. The API refuses a change to one (403, naming the field) instead of
 * dropping it; the forms disable or hide it from the same rule.
 */
export interface FieldRule {
  permission: Permission
  label: string
}

const finance = (label: string): FieldRule => ({ permission: 'organizations.finance', label })
const settings = (label: string): FieldRule => ({ permission: 'organizations.settings', label })
const superPanel = (label: string): FieldRule => ({ permission: 'organizations.super-panel', label })

export const organizationFieldRules = {
  org_url: { permission: 'organizations.org-url', label: 'Org URL' },
  mh_url: superPanel('Spaceboard URL'),
  currency_code: finance('Currency'),
  month_id: finance('Financial Year Start'),
  banking_details: finance('Banking Details'),
  monthly_billing: finance('Monthly Billing'),
  invoice_numbering: finance('Invoice Numbering'),
  taxes_label: finance('Tax Label'),
  taxes_percent: finance('Tax Rate'),
  taxes_type: finance('Tax Type'),
  amenitiesCode: finance('Amenity Inventory Item Codes'),
  amenitiesAccountCode: finance('Amenity Account Codes'),
  orgRoomTypeCodes: finance('Space Type Codes'),
  packagesAccountCode: finance('Package Account Codes'),
  packagesInventoryItemCode: finance('Package Inventory Item Codes'),
  orgBillingSheetColumns: finance('Billing Sheet Columns'),
  client_default_payment_method: settings('Client Default Payment Method'),
  minimum_notice_period: settings('Minimum Notice Period'),
  use_email_template: settings('Use Email Template'),
  tax_type: superPanel('Tax Type'),
  mh_customer_id: superPanel('MH Customer ID'),
  exclude_from_reporting: superPanel('Exclude from Reporting'),
  mh_plan: superPanel('Plan'),
  licensed_spaces: superPanel('Licensed Spaces'),
  commission_rate: superPanel('Commission Rate'),
  features: superPanel('Features'),
  ms365_tenant_id: superPanel('MS 365 Tenant ID'),
  ms365_client_id: superPanel('MS 365 Client ID'),
  ms365_proxy_user_email: superPanel('MS 365 Proxy User Email'),
  ms365_default_client_name: superPanel('MS 365 Default Client Name'),
  stripe_publishable_key: superPanel('Stripe Publishable Key'),
  stripe_secret_key: superPanel('Stripe Secret Key'),
  ms365_client_secret: superPanel('MS 365 Client Secret'),
  google_analytics_code: superPanel('Google Analytics Code'),
  enable_api: superPanel('Enable API'),
  third_party_org_code: superPanel('Third Party Org Code'),
} as const satisfies Record<string, FieldRule>

export const clientFieldRules = {
  external_client_id: { permission: 'clients.rates', label: 'Unique Client ID' },
  internal_percent_discount_rate: { permission: 'clients.rates', label: 'Internal Percent Discount Rate' },
  additional_discount_rate: { permission: 'clients.rates', label: 'Additional Discount Rate' },
  company_number: { permission: 'clients.company-number', label: 'Company Registration Number' },
} as const satisfies Record<string, FieldRule>

export const centerFieldRules = {
  stripe_publishable_key: { permission: 'centers.stripe', label: 'Stripe Publishable Key' },
  stripe_secret_key: { permission: 'centers.stripe', label: 'Stripe Secret Key' },
} as const satisfies Record<string, FieldRule>

export const spaceFieldRules = {
  ms_365_resource_email: { permission: 'organizations.super-panel', label: 'MS 365 Resource Email' },
} as const satisfies Record<string, FieldRule>

export const userFieldRules = {
  exclude_from_reporting: { permission: 'users.exclude-from-reporting', label: 'Exclude from Reporting' },
} as const satisfies Record<string, FieldRule>

/** Whether the role may change the field (the form offers it only then). */
export function mayChangeField(type: UserType | undefined | null, rule: FieldRule): boolean {
  return can(type, rule.permission)
}

const roleNames: Record<UserType, string> = { super: 'super', admin: 'admin', csr: 'CSR', basic: 'basic' }

/** The refusal of a change to a field the role may not change: "Only super and admin users can change Tax Rate." */
export function fieldRefusal(rule: FieldRule): string {
  const names = (permissionTable[rule.permission] as readonly UserType[]).map((type) => roleNames[type])
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '')
  return `Only ${list} users can change ${rule.label}.`
}
