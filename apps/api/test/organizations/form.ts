import type { TestApp } from '../helpers.ts'

type Json = Record<string, unknown>
const readOnly = [
  'id',
  'color_code',
  'charge_amenities',
  'ms365_client_secret_set',
  'stripe_secret_key_set',
  'api_token_set',
  'web_api_token_set',
  'created_at',
  'deleted_at',
]

/** The organization as its form would send it back: the view without its read-only keys. */
export async function organizationForm(t: TestApp, cookie: string, id: number): Promise<Json> {
  const view = (await t.api(cookie, 'GET', `/api/organization/${id}`)).json() as Json
  const form: Json = { ...view }
  for (const key of readOnly) delete form[key]
  const credentials = view.thirdPartyCredentials as Json
  form.thirdPartyCredentials = { customer_name: credentials.customer_name, username: credentials.username }
  return form
}
