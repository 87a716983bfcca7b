import { ArrowLeftOutlined } from '@ant-design/icons'
import {
  can,
  defaultPrefixes,
  messages,
  organizationSchema,
  type TimeFormat,
  type UserType,
} from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Collapse, type CollapseProps, Flex, Form, Modal, Spin, Tag, Typography, theme } from 'antd'
import { useMemo, useRef, useState } from 'react'
import { api } from '../../platform/api-client.ts'
import { BlackoutPeriods, blackoutErrors } from '../../platform/blackout-periods.tsx'
import { configQuery } from '../../platform/config.ts'
import { useToast } from '../../platform/feedback.ts'
import { reloadTo } from '../../platform/flash.ts'
import {
  applyServerErrors,
  type FieldErrorOptions,
  type FieldPath,
  showFieldErrors,
} from '../../platform/form-kit.ts'
import { useToday } from '../../platform/format.ts'
import { LoadFailed } from '../../platform/route-guard.tsx'
import { useProfile } from '../../platform/session.ts'
import {
  amenityOptionsQuery,
  clientTypeOptionsQuery,
  ORGANIZATION_ENDPOINT,
  type OrganizationView,
  organizationQuery,
  type SavedOrganization,
} from './api.ts'
import { AmenitiesSection, ClientTypesSection, SpaceTypesSection } from './choice-sections.tsx'
import { FinanceSection, SettingsSection } from './finance-settings-sections.tsx'
import {
  formPathOf,
  newOrganizationValues,
  type OrganizationFormValues,
  organizationPayload,
  organizationValues,
} from './form-model.ts'
import { OpenSections, type SectionKey, type SectionProps, sectionsOf } from './form-sections.ts'
import { ContactSection, GeneralSection } from './general-sections.tsx'
import { SuperAdminPanel, ThirdPartySection } from './super-panel.tsx'

/** The organization form waits for its sections to open before scrolling to an error (spec 1 §4). */
const SCROLL_DELAY = 500

/** Where a save leads: super to the list (search empty, direct asc, page 1), the others to the dashboard. */
export function afterSavePath(role: UserType): string {
  return can(role, 'organizations.list')
    ? '/admin/organization/list?search=&order=&direct=asc&page=1'
    : '/admin/dashboard'
}

const editRoute = getRouteApi('/_signed-in/admin/organization/edit/$id')

export function AddOrganization() {
  const clientTypes = useQuery(clientTypeOptionsQuery(null))
  const amenities = useQuery(amenityOptionsQuery)
  const config = useQuery(configQuery)
  const initial = useMemo(
    () =>
      clientTypes.data && amenities.data && config.data
        ? {
            ...newOrganizationValues(
              clientTypes.data.filter((t) => t.organization_id === null),
              amenities.data,
            ),
            // The spec's defaults (spec 1 §9): the platform's no-reply address and contact number.
            ...config.data.organizationDefaults,
          }
        : null,
    [clientTypes.data, amenities.data, config.data],
  )
  const error = clientTypes.error ?? amenities.error ?? config.error
  if (error) return <LoadFailed error={error} />
  if (!initial) return <Loading />
  return <OrganizationForm loaded={null} initial={initial} />
}

export function EditOrganization() {
  const { id } = editRoute.useParams()
  const view = useQuery(organizationQuery(Number(id)))
  const amenities = useQuery(amenityOptionsQuery)
  const initial = useMemo(
    () => (view.data && amenities.data ? organizationValues(view.data, amenities.data) : null),
    [view.data, amenities.data],
  )
  const error = view.error ?? amenities.error
  if (error) return <LoadFailed error={error} />
  if (!initial || !view.data) return <Loading />
  return <OrganizationForm key={view.data.id} loaded={view.data} initial={initial} />
}

function Loading() {
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <Spin size="large" />
    </Flex>
  )
}

interface TokensShown {
  api_token?: string | undefined
  web_api_token?: string | undefined
  next: string
  text: string
}

function OrganizationForm({
  loaded,
  initial,
}: {
  loaded: OrganizationView | null
  initial: OrganizationFormValues
}) {
  const profile = useProfile()
  const role = profile.type
  const mode = loaded ? 'edit' : 'add'
  const navigate = useNavigate()
  const toast = useToast()
  const today = useToday()
  const { token } = theme.useToken()
  const [form] = Form.useForm<OrganizationFormValues>()
  const [saving, setSaving] = useState(false)
  const [tokens, setTokens] = useState<TokensShown | null>(null)
  const prefixesEdited = useRef({ booking_prefix: false, refund_prefix: false })

  const blackoutOn = Form.useWatch(['features', 'blackout_period'], { form, preserve: true }) as
    | boolean
    | undefined
  const timeFormat = Form.useWatch('time_format', { form, preserve: true }) as TimeFormat | undefined
  const thirdParty = Form.useWatch('third_party_org_code', { form, preserve: true }) as string | undefined

  const props: SectionProps = { mode, role, loaded }
  const sections: Array<{ key: SectionKey; label: string; shown: boolean; body: React.ReactNode }> = [
    { key: 'general', label: 'General', shown: true, body: <GeneralSection {...props} /> },
    { key: 'contact', label: 'Contact details', shown: true, body: <ContactSection /> },
    {
      key: 'blackout',
      label: 'Blackout Periods',
      shown: Boolean(blackoutOn),
      body: <BlackoutPeriods timeFormat={timeFormat} />,
    },
    {
      key: 'clientTypes',
      label: 'Organization Client Types',
      shown: true,
      body: <ClientTypesSection {...props} />,
    },
    {
      key: 'spaceTypes',
      label: 'Organization Space Types',
      shown: mode === 'edit' && can(role, 'organizations.settings'),
      body: <SpaceTypesSection />,
    },
    {
      key: 'amenities',
      label: 'Organization Amenities Available',
      shown: true,
      body: <AmenitiesSection role={role} />,
    },
    {
      key: 'finance',
      label: 'Accounts/Finance',
      shown: can(role, 'organizations.finance'),
      body: <FinanceSection {...props} />,
    },
    {
      key: 'settings',
      label: 'Settings',
      shown: can(role, 'organizations.settings'),
      body: <SettingsSection {...props} />,
    },
    {
      key: 'superPanel',
      label: 'Super Admin panel',
      shown: can(role, 'organizations.super-panel'),
      body: <SuperAdminPanel {...props} />,
    },
    {
      key: 'thirdParty',
      label: 'Third-party credentials',
      shown: can(role, 'organizations.settings') && Boolean(thirdParty),
      body: <ThirdPartySection {...props} />,
    },
  ]
  const [open, setOpen] = useState<string[]>(sections.map((section) => section.key))

  // Errors may sit in closed sections: open those, then scroll once they have unfolded.
  const openSectionsOf = (paths: FieldPath[]) =>
    setOpen((current) => [...new Set([...current, ...paths.flatMap(sectionsOf)])])
  const errorOptions: FieldErrorOptions = {
    pathOf: formPathOf,
    onShown: openSectionsOf,
    scrollDelay: SCROLL_DELAY,
  }

  const onValuesChange = (changed: Partial<OrganizationFormValues>) => {
    if ('booking_prefix' in changed) prefixesEdited.current.booking_prefix = true
    if ('refund_prefix' in changed) prefixesEdited.current.refund_prefix = true
    // Adding: the name fills the prefixes the person has not typed themselves (spec 1 §4).
    if (mode === 'add' && typeof changed.name === 'string') {
      const prefixes = defaultPrefixes(changed.name)
      if (!prefixesEdited.current.booking_prefix)
        form.setFieldValue('booking_prefix', prefixes.booking_prefix)
      if (!prefixesEdited.current.refund_prefix) form.setFieldValue('refund_prefix', prefixes.refund_prefix)
    }
    // No tax percent, no tax: its label and type are cleared (spec 1 §4).
    if (
      'taxes_percent' in changed &&
      (changed.taxes_percent === null || changed.taxes_percent === undefined)
    ) {
      form.setFieldsValue({ taxes_label: '', taxes_type: '' })
    }
  }

  const submit = async () => {
    const values = form.getFieldsValue(true) as OrganizationFormValues
    const payload = organizationPayload(values, loaded, role)
    // The whole payload through the domain schema: its cross-field rules (invoice numbering, tax
    // label, MS 365) and the blackout rules over all rows.
    const errors: Record<string, string> = {}
    const parsed = organizationSchema.safeParse(payload)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message
    }
    if (values.features.blackout_period) {
      Object.assign(errors, blackoutErrors(values.blackoutPeriods, today))
    }
    if (Object.keys(errors).length > 0) {
      if (showFieldErrors(form, errors, errorOptions).length === 0) {
        toast.error(Object.values(errors)[0] ?? messages.internalError)
      }
      return
    }
    setSaving(true)
    let saved: SavedOrganization
    try {
      saved = loaded
        ? await api<SavedOrganization>(`${ORGANIZATION_ENDPOINT}/${loaded.id}`, {
            method: 'PUT',
            body: payload,
          })
        : await api<SavedOrganization>(ORGANIZATION_ENDPOINT, { method: 'POST', body: payload })
    } catch (error) {
      if (!applyServerErrors(form, error, errorOptions)) toast.failure(error)
      setSaving(false)
      return
    }
    const text = loaded ? messages.recordUpdated : messages.recordCreated
    const next = afterSavePath(role)
    // A generated token is in this answer only: show it before the page reloads.
    if (saved.api_token || saved.web_api_token) {
      setTokens({ api_token: saved.api_token, web_api_token: saved.web_api_token, next, text })
      return
    }
    reloadTo(next, text)
  }

  const title = loaded ? 'Edit Organization' : 'Add Organization'
  const back = () => void navigate({ href: afterSavePath(role) })

  const items: CollapseProps['items'] = sections
    .filter((section) => section.shown)
    .map((section) => ({ key: section.key, label: section.label, children: section.body, forceRender: true }))

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={12} wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {loaded ? <Typography.Text type="secondary">{loaded.name}</Typography.Text> : null}
          {loaded?.deleted_at ? <Tag color="red">Archived</Tag> : null}
        </Flex>
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          Back
        </Button>
      </Flex>
      <Form<OrganizationFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={onValuesChange}
        onFinish={() => void submit()}
        onFinishFailed={({ errorFields }) => {
          const paths = errorFields.map((field) => field.name as FieldPath)
          openSectionsOf(paths)
          const first = paths[0]
          if (first)
            setTimeout(() => form.scrollToField(first, { block: 'center', behavior: 'smooth' }), SCROLL_DELAY)
        }}
        scrollToFirstError={false}
        requiredMark
      >
        <OpenSections.Provider value={{ open, setOpen }}>
          <Collapse
            items={items}
            activeKey={open}
            onChange={(keys) =>
              // Folds inside the sections keep their own state.
              setOpen([...keys, ...open.filter((key) => key === 'billingColumns')])
            }
            size="large"
            styles={{ header: { fontWeight: 600 } }}
          />
        </OpenSections.Provider>
        <div
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 3,
            marginTop: 16,
            padding: '12px 0',
            background: token.colorBgContainer,
            borderTop: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Flex gap={8} justify="end">
            <Button htmlType="button" onClick={back} disabled={saving}>
              Cancel
            </Button>
            <Button type="primary" htmlType="submit" loading={saving} disabled={saving}>
              Save
            </Button>
          </Flex>
        </div>
      </Form>
      <Modal
        open={tokens !== null}
        title="New API token"
        closable={false}
        maskClosable={false}
        keyboard={false}
        footer={
          <Button type="primary" onClick={() => tokens && reloadTo(tokens.next, tokens.text)}>
            Done
          </Button>
        }
      >
        <Typography.Paragraph>Copy the token now: it is not shown again.</Typography.Paragraph>
        {tokens?.api_token ? (
          <>
            <Typography.Text strong>API token</Typography.Text>
            <Typography.Paragraph copyable code data-testid="api-token">
              {tokens.api_token}
            </Typography.Paragraph>
          </>
        ) : null}
        {tokens?.web_api_token ? (
          <>
            <Typography.Text strong>Web API token</Typography.Text>
            <Typography.Paragraph copyable code data-testid="web-api-token">
              {tokens.web_api_token}
            </Typography.Paragraph>
          </>
        ) : null}
      </Modal>
    </Flex>
  )
}
