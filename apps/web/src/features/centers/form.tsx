import { ArrowLeftOutlined } from '@ant-design/icons'
import { can, messages } from '@spaceboard/domain'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Collapse, type CollapseProps, Flex, Form, Spin, Tag, Typography, theme } from 'antd'
import { useEffect, useMemo, useRef, useState } from 'react'
import { api } from '../../platform/api-client.ts'
import { useToast } from '../../platform/feedback.ts'
import { applyServerErrors, type FieldErrorOptions, type FieldPath } from '../../platform/form-kit.ts'
import { NotFound } from '../../platform/not-found.tsx'
import { recordIdOf } from '../../platform/record-page.tsx'
import { LoadFailed } from '../../platform/route-guard.tsx'
import { useProfile } from '../../platform/session.ts'
import { countryOptionsQuery, organizationQuery } from '../organizations/api.ts'
import { CENTER_ENDPOINT, type CenterPayload, type CenterView, centerQuery, geocode } from './api.ts'
import { FinancePanel } from './finance-panel.tsx'
import {
  addressOf,
  type CenterFormValues,
  centerPayload,
  centerValues,
  formPathOf,
  monthTargets,
  newCenterValues,
  type PanelKey,
  panelOf,
} from './form-model.ts'
import { DetailsPanel, MapPanel, RegionPanel, StripePanel, TaxesPanel } from './panels.tsx'

const editRoute = getRouteApi('/_signed-in/admin/center/edit/$id')

/** How long the address must stay unchanged before it is located on the map by itself. */
const GEOCODE_DELAY_MS = 800

/** Add Location / Center (/admin/center/add; the spec's route name CenterAdd). */
export function AddCenter() {
  const initial = useMemo(() => newCenterValues(new Date().getFullYear()), [])
  return <CenterForm loaded={null} initial={initial} currentYear={new Date().getFullYear()} />
}

/** Edit Location / Center (/admin/center/edit/{id}): the center with the targets of the chosen year. */
export function EditCenter() {
  const { id: raw } = editRoute.useParams()
  const id = recordIdOf(raw)
  return id === null ? <NotFound /> : <EditCenterOf key={id} id={id} />
}

function EditCenterOf({ id }: { id: number }) {
  // null: the year the API picks (the current one in the center's time zone).
  const [year, setYear] = useState<number | null>(null)
  // While another year loads, the form keeps showing the last one (its targets greyed out).
  const view = useQuery({ ...centerQuery(id, year), placeholderData: keepPreviousData })
  const initial = useRef<CenterFormValues | null>(null)
  if (view.data && !initial.current) initial.current = centerValues(view.data)
  if (!initial.current) {
    if (view.error) return <LoadFailed error={view.error} />
    return <Loading />
  }
  return (
    <CenterForm
      key={id}
      loaded={view.data ?? null}
      initial={initial.current}
      currentYear={view.data?.current_year ?? new Date().getFullYear()}
      onYearChange={setYear}
      yearLoading={view.isFetching}
      yearError={view.error}
    />
  )
}

/** The calendar year now in the time zone (null without a valid zone). */
function yearIn(timeZone: string | undefined): number | null {
  if (!timeZone) return null
  try {
    return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(new Date()))
  } catch {
    return null
  }
}

function Loading() {
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <Spin size="large" />
    </Flex>
  )
}

interface CenterFormProps {
  /** The center being edited (its latest load: another year's targets after a year change). */
  loaded: CenterView | null
  initial: CenterFormValues
  /** The year whose targets can still change (earlier years are history). */
  currentYear: number
  onYearChange?: (year: number) => void
  yearLoading?: boolean
  yearError?: unknown
}

/**
 * The center form (spec 1 §2): panels Location/Center Details, Location/Center Map, Taxes, Region,
 * Stripe API Keys (super), Finance, then Save, which leads back to /admin/centers/list.
 */
function CenterForm({
  loaded,
  initial,
  currentYear: givenCurrentYear,
  onYearChange,
  yearLoading = false,
  yearError,
}: CenterFormProps) {
  const profile = useProfile()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const toast = useToast()
  const { token } = theme.useToken()
  const [form] = Form.useForm<CenterFormValues>()
  const [saving, setSaving] = useState(false)
  const editing = loaded !== null
  const isSuper = profile.type === 'super'
  const showStripe = can(profile.type, 'centers.stripe')
  // A new center's "current year" is the one in its time zone, as the API counts it (New Year's Eve
  // in Denver is already New Year's Day in Sydney).
  const timeZone = Form.useWatch('timezone_id', { form, preserve: true }) as string | undefined
  const currentYear = editing ? givenCurrentYear : (yearIn(timeZone) ?? givenCurrentYear)
  useEffect(() => {
    if (editing || form.isFieldTouched('year')) return
    if ((form.getFieldValue('year') as number) < currentYear) form.setFieldValue('year', currentYear)
  }, [editing, form, currentYear])

  // The organization: the record's, super's choice, or one's own.
  const chosenOrganization = Form.useWatch('organization_id', { form, preserve: true }) as number | undefined
  const organizationId = editing
    ? loaded.organization_id
    : isSuper
      ? (chosenOrganization ?? null)
      : profile.organization_id
  // Adding: the organization says whether it is linked to a third party, and its taxes are the defaults.
  const organization = useQuery({
    ...organizationQuery(organizationId ?? 0),
    enabled: !editing && organizationId !== null,
  })
  const thirdParty = editing ? loaded.third_party : Boolean(organization.data?.third_party_org_code)
  useEffect(() => {
    const data = organization.data
    if (editing || !data || form.isFieldsTouched(['taxes_label', 'taxes_percent', 'taxes_type'])) return
    form.setFieldsValue({
      taxes_label: data.taxes_label ?? '',
      taxes_percent: data.taxes_percent,
      taxes_type: data.taxes_type ?? '',
    })
  }, [editing, organization.data, form])

  // Another year's targets have loaded (edit mode): they replace the Finance panel's inputs.
  const loadedTargets = useRef(editing ? initial.monthRevenue : null)
  const shownYear = loaded?.year
  const shownTargets = loaded?.monthRevenue
  useEffect(() => {
    if (shownYear === undefined || !shownTargets) return
    const targets = monthTargets(shownTargets)
    loadedTargets.current = targets
    form.setFieldsValue({ year: shownYear, monthRevenue: targets })
  }, [form, shownYear, shownTargets])
  useEffect(() => {
    if (yearError) toast.failure(yearError)
  }, [yearError, toast])

  // Address → pin: on "Locate on map", and by itself once the address is complete and has changed.
  const countries = useQuery(countryOptionsQuery)
  const street = Form.useWatch('street', form) as string | undefined
  const city = Form.useWatch('city', form) as string | undefined
  const state = Form.useWatch('state', form) as string | undefined
  const postcode = Form.useWatch('postcode', form) as string | undefined
  const countryId = Form.useWatch('country_id', form) as number | undefined
  const countryName = countries.data?.find((c) => c.id === countryId)?.name
  const address = addressOf(
    { street: street ?? '', city: city ?? '', state: state ?? '', postcode: postcode ?? '' },
    countryName,
  )
  const located = useRef<string | null>(editing ? addressOf(initial, loaded.countryName ?? undefined) : null)
  const request = useRef(0)
  const [locating, setLocating] = useState(false)
  const locate = async (text: string) => {
    const ticket = ++request.current
    located.current = text
    setLocating(true)
    try {
      const { lat, lon } = await geocode(text)
      if (ticket === request.current) form.setFieldsValue({ lat, lon })
    } catch (error) {
      if (ticket !== request.current) return
      // The API's message: the address could not be located; the pin and coordinates stay editable.
      toast.failure(error)
      form.setFieldsValue({ lat: null, lon: null })
    } finally {
      if (ticket === request.current) setLocating(false)
    }
  }
  const locateRef = useRef(locate)
  locateRef.current = locate
  useEffect(() => {
    if (!address || address === located.current) return
    const timer = setTimeout(() => void locateRef.current(address), GEOCODE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [address])
  const locateNow = async () => {
    try {
      await form.validateFields(['street', 'city', 'state', 'postcode', 'country_id'])
    } catch {
      openPanels([['street']])
      return
    }
    if (address) await locate(address)
  }

  const panels: Array<{ key: PanelKey; label: string; shown: boolean; body: React.ReactNode }> = [
    {
      key: 'details',
      label: 'Location/Center Details',
      shown: true,
      body: <DetailsPanel loaded={loaded} isSuper={isSuper} thirdParty={thirdParty} />,
    },
    {
      key: 'map',
      label: 'Location/Center Map',
      shown: true,
      body: <MapPanel locating={locating} onLocate={() => void locateNow()} canLocate={address !== null} />,
    },
    { key: 'taxes', label: 'Taxes', shown: true, body: <TaxesPanel /> },
    {
      key: 'region',
      label: 'Region',
      shown: true,
      body: <RegionPanel organizationId={organizationId} isSuper={isSuper} />,
    },
    {
      key: 'stripe',
      label: 'Stripe API Keys',
      shown: showStripe,
      body: <StripePanel secretKeySet={loaded?.stripe_secret_key_set ?? false} />,
    },
    {
      key: 'finance',
      label: 'Finance',
      shown: true,
      body: (
        <FinancePanel
          currentYear={currentYear}
          loading={yearLoading}
          onYearChange={(year) => onYearChange?.(year)}
          organizationId={organizationId}
          actuals={editing ? (loaded?.monthRevenue ?? initial.monthRevenue) : null}
        />
      ),
    },
  ]
  const [open, setOpen] = useState<string[]>(panels.map((panel) => panel.key))
  const openPanels = (paths: FieldPath[]) =>
    setOpen((current) => [...new Set([...current, ...paths.map(panelOf)])])

  const submit = async () => {
    const values = form.getFieldsValue(true) as CenterFormValues
    const payload: CenterPayload = centerPayload(values, {
      sendOrganization: isSuper && !editing,
      sendStripe: showStripe,
      targetsEditable: values.year >= currentYear,
      loadedTargets: loadedTargets.current,
    })
    setSaving(true)
    try {
      if (loaded) {
        await api<CenterView>(`${CENTER_ENDPOINT}/${loaded.id}`, { method: 'PUT', body: payload })
      } else {
        await api<CenterView>(CENTER_ENDPOINT, { method: 'POST', body: payload })
      }
    } catch (error) {
      const options: FieldErrorOptions = { pathOf: (key) => formPathOf(key, payload), onShown: openPanels }
      if (!applyServerErrors(form, error, options)) toast.failure(error)
      setSaving(false)
      return
    }
    toast.success(loaded ? messages.recordUpdated : messages.recordCreated)
    await queryClient.invalidateQueries({ queryKey: [CENTER_ENDPOINT] })
    void navigate({ to: '/admin/centers/list', search: {} })
  }

  const back = () => void navigate({ to: '/admin/centers/list', search: {} })
  const items: CollapseProps['items'] = panels
    .filter((panel) => panel.shown)
    .map((panel) => ({ key: panel.key, label: panel.label, children: panel.body, forceRender: true }))

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={12} wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {loaded ? 'Edit Location / Center' : 'Add Location / Center'}
          </Typography.Title>
          {loaded ? <Typography.Text type="secondary">{initial.name}</Typography.Text> : null}
          {loaded?.deleted_at ? <Tag color="red">Archived</Tag> : null}
          {loaded && !loaded.deleted_at && loaded.is_active === 0 ? <Tag>Inactive</Tag> : null}
        </Flex>
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          Back
        </Button>
      </Flex>
      <Form<CenterFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={() => void submit()}
        onFinishFailed={({ errorFields }) => {
          const paths = errorFields.map((field) => field.name as FieldPath)
          openPanels(paths)
          const first = paths[0]
          if (first) setTimeout(() => form.scrollToField(first, { block: 'center', behavior: 'smooth' }), 300)
        }}
        scrollToFirstError={false}
        requiredMark
      >
        <Collapse
          items={items}
          activeKey={open}
          onChange={(keys) => setOpen(keys)}
          size="large"
          styles={{ header: { fontWeight: 600 } }}
        />
        <div
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 1000,
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
            <Button type="primary" htmlType="submit" loading={saving} disabled={saving || yearLoading}>
              Save
            </Button>
          </Flex>
        </div>
      </Form>
    </Flex>
  )
}
