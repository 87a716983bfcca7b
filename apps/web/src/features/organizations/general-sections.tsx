import {
  can,
  currencies,
  currencySymbols,
  messages,
  months,
  organizationSchema,
  type PrefixProposal,
  timeFormats,
} from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { Form, Input, Select, Typography } from 'antd'
import { useEffect } from 'react'
import { api } from '../../platform/api-client.ts'
import { zodRule } from '../../platform/form-kit.ts'
import { ImageUpload, singleImageField } from '../../platform/image-upload.tsx'
import { useDebounced } from '../../platform/use-debounced.ts'
import { countryOptionsQuery, globalRegionOptionsQuery, ORGANIZATION_ENDPOINT } from './api.ts'
import { Grid, Wide } from './fields.tsx'
import type { SectionProps } from './form-sections.ts'

const fields = organizationSchema.shape

/** The spec marks the prefixes required, though the API fills them in when they are empty. */
const requiredText = { required: true, whitespace: true, message: messages.fieldRequired }

export const currencyOptions = currencies.map((code) => ({
  value: code,
  label: currencySymbols[code] ? `${code.toUpperCase()} (${currencySymbols[code]})` : code.toUpperCase(),
}))
const monthOptions = months.map((name, index) => ({ value: index + 1, label: name }))
const timeFormatOptions = timeFormats.map((format) => ({ value: format, label: format }))

/**
 * Adding: the prefixes proposed for the typed name (issue 15), the spec's (MH- and the name's
 * first three letters) or, when another organization has it, the next free one; the auto-filled prefixes follow the proposal unless the
 * person typed their own, and the form says why a number was put in.
 */
function usePrefixProposal(enabled: boolean): PrefixProposal | null {
  const form = Form.useFormInstance()
  const name = (Form.useWatch('name', { form, preserve: true }) as string | undefined) ?? ''
  const settled = useDebounced(name.trim(), 300)
  const proposal = useQuery({
    queryKey: ['organization-prefixes', settled],
    queryFn: () =>
      api<PrefixProposal>(`${ORGANIZATION_ENDPOINT}/prefixes?name=${encodeURIComponent(settled)}`),
    enabled: enabled && settled !== '',
  })
  const data = enabled && settled === name.trim() ? (proposal.data ?? null) : null
  useEffect(() => {
    if (!data) return
    const defaults = {
      booking_prefix: data.default_booking_prefix,
      refund_prefix: `CR${data.default_booking_prefix}`,
    }
    for (const key of ['booking_prefix', 'refund_prefix'] as const) {
      // Only a prefix still as the name filled it in: one the person typed stays theirs.
      if (form.getFieldValue(key) === defaults[key] && data[key] !== defaults[key])
        form.setFieldValue(key, data[key])
    }
  }, [data, form])
  return data
}

/** General: identity, address, region, formats and the logo. */
export function GeneralSection({ mode, role, loaded }: SectionProps) {
  const countries = useQuery(countryOptionsQuery)
  const regions = useQuery(globalRegionOptionsQuery)
  const isSuper = can(role, 'organizations.super-panel')
  const proposal = usePrefixProposal(mode === 'add' && can(role, 'organizations.create'))
  const bookingPrefix = Form.useWatch('booking_prefix', { preserve: true }) as string | undefined
  const proposalNote = proposal?.note && bookingPrefix === proposal.booking_prefix ? proposal.note : undefined
  // A new organization is made by super; an existing one's Org URL is read-only for the others (spec 1 §4).
  const mayChangeOrgUrl = mode === 'add' || can(role, 'organizations.org-url')
  // Non-super users may set a prefix only while it is empty (spec 1 §6).
  const prefixLocked = (key: 'booking_prefix' | 'refund_prefix') =>
    !isSuper && mode === 'edit' && Boolean(loaded?.[key])
  const plan = loaded?.mh_plan ?? null
  const logoRefusal = !isSuper && plan === 'free' ? messages.logoNotOnFreePlan : null
  return (
    <Grid>
      <Form.Item label="Name" name="name" required rules={[zodRule(fields.name)]}>
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item
        label="Spaceboard URL"
        name="mh_url"
        required
        rules={[zodRule(fields.mh_url)]}
        extra={isSuper ? undefined : 'Set by the platform owner.'}
      >
        <Input maxLength={255} readOnly={!isSuper} variant={isSuper ? 'outlined' : 'filled'} />
      </Form.Item>
      <Form.Item
        label="Org URL"
        name="org_url"
        rules={[zodRule(fields.org_url)]}
        extra={mayChangeOrgUrl ? undefined : 'Set by the platform owner.'}
      >
        <Input
          maxLength={255}
          placeholder="www.example.com"
          readOnly={!mayChangeOrgUrl}
          variant={mayChangeOrgUrl ? 'outlined' : 'filled'}
        />
      </Form.Item>
      <Form.Item
        label="Company Registration Number"
        name="company_registration_number"
        required
        rules={[zodRule(fields.company_registration_number)]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        label="Booking Prefix"
        name="booking_prefix"
        required
        rules={[requiredText, zodRule(fields.booking_prefix)]}
        extra={prefixLocked('booking_prefix') ? 'Can no longer be changed once set.' : proposalNote}
      >
        <Input
          maxLength={20}
          readOnly={prefixLocked('booking_prefix')}
          variant={prefixLocked('booking_prefix') ? 'filled' : 'outlined'}
        />
      </Form.Item>
      <Form.Item
        label="Refund Prefix"
        name="refund_prefix"
        required
        rules={[requiredText, zodRule(fields.refund_prefix)]}
        extra={prefixLocked('refund_prefix') ? 'Can no longer be changed once set.' : undefined}
      >
        <Input
          maxLength={20}
          readOnly={prefixLocked('refund_prefix')}
          variant={prefixLocked('refund_prefix') ? 'filled' : 'outlined'}
        />
      </Form.Item>
      <Wide>
        <Form.Item label="Description" name="description" rules={[zodRule(fields.description)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} />
        </Form.Item>
      </Wide>
      <Wide>
        <Form.Item label="Street" name="street" required rules={[zodRule(fields.street)]}>
          <Input maxLength={100} />
        </Form.Item>
      </Wide>
      <Form.Item label="City" name="city" rules={[zodRule(fields.city)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="State" name="state" rules={[zodRule(fields.state)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="Postcode" name="postcode" rules={[zodRule(fields.postcode)]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item label="Country" name="country_id" required rules={[zodRule(fields.country_id)]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={countries.isPending}
          placeholder="Select a country"
          options={(countries.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
      <Form.Item
        label="Region"
        name="organization_region_id"
        required
        rules={[zodRule(fields.organization_region_id)]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={regions.isPending}
          placeholder="Select a region"
          options={(regions.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        />
      </Form.Item>
      <Form.Item label="Time Format" name="time_format" required rules={[zodRule(fields.time_format)]}>
        <Select options={timeFormatOptions} />
      </Form.Item>
      {/* Finance fields: not for csr (the API keeps the stored ones on a csr's save). */}
      {can(role, 'organizations.finance') ? (
        <>
          <Form.Item label="Currency" name="currency_code" required rules={[zodRule(fields.currency_code)]}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={currencyOptions} />
          </Form.Item>
          <Form.Item label="Financial Year Start" name="month_id" required rules={[zodRule(fields.month_id)]}>
            <Select options={monthOptions} />
          </Form.Item>
        </>
      ) : null}
      <Wide>
        <Form.Item
          label="Logo"
          name="logo"
          {...singleImageField}
          extra={
            logoRefusal ? (
              <Typography.Text type="warning">{logoRefusal}</Typography.Text>
            ) : (
              'png, jpg or jpeg, up to 1MB; shown at 100 × 100 px.'
            )
          }
        >
          {/* Stored 100×100 by the API. */}
          <ImageUpload endpoint={`${ORGANIZATION_ENDPOINT}/logo`} alt="Logo" refusal={logoRefusal} />
        </Form.Item>
      </Wide>
    </Grid>
  )
}

/** Contact details: how clients reach the organization and who its e-mails come from. */
export function ContactSection() {
  return (
    <Grid>
      <Form.Item
        label="Contact Number"
        name="contact_number"
        required
        rules={[zodRule(fields.contact_number)]}
      >
        <Input maxLength={30} inputMode="tel" />
      </Form.Item>
      <Form.Item label="Contact Email" name="contact_email" required rules={[zodRule(fields.contact_email)]}>
        <Input maxLength={255} inputMode="email" />
      </Form.Item>
      <Form.Item label="Website" name="website" required rules={[zodRule(fields.website)]}>
        <Input maxLength={255} placeholder="https://www.example.com" />
      </Form.Item>
      <Form.Item
        label="Contact Us Email"
        name="contact_us_email"
        required
        rules={[zodRule(fields.contact_us_email)]}
      >
        <Input maxLength={255} inputMode="email" />
      </Form.Item>
      <Form.Item
        label="Booking Email (reply-to)"
        name="booking_email"
        required
        rules={[zodRule(fields.booking_email)]}
      >
        <Input maxLength={255} inputMode="email" />
      </Form.Item>
      <Form.Item label="Sender Email" name="sender_email" required rules={[zodRule(fields.sender_email)]}>
        <Input maxLength={255} inputMode="email" />
      </Form.Item>
      <Form.Item label="Facebook URL" name="facebook_url" rules={[zodRule(fields.facebook_url)]}>
        <Input maxLength={255} placeholder="https://" />
      </Form.Item>
      <Form.Item label="Twitter URL" name="twitter_url" rules={[zodRule(fields.twitter_url)]}>
        <Input maxLength={255} placeholder="https://" />
      </Form.Item>
      <Form.Item label="LinkedIn URL" name="linkedIn_url" rules={[zodRule(fields.linkedIn_url)]}>
        <Input maxLength={255} placeholder="https://" />
      </Form.Item>
      <Form.Item label="Instagram URL" name="instagram_url" rules={[zodRule(fields.instagram_url)]}>
        <Input maxLength={255} placeholder="https://" />
      </Form.Item>
    </Grid>
  )
}
