import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons'
import { can, maxSpacePhotos, messages } from '@spaceboard/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Collapse, type CollapseProps, Flex, Form, Spin, Tag, Typography, theme } from 'antd'
import { type ReactNode, useMemo, useRef, useState } from 'react'
import { api } from '../../platform/api-client.ts'
import { BlackoutPeriods } from '../../platform/blackout-periods.tsx'
import { useConfirm, useToast } from '../../platform/feedback.ts'
import {
  applyServerErrors,
  crossFieldRule,
  type FieldErrorOptions,
  type FieldPath,
  showFieldErrors,
} from '../../platform/form-kit.ts'
import { useToday } from '../../platform/format.ts'
import { NotFound } from '../../platform/not-found.tsx'
import { recordIdOf } from '../../platform/record-page.tsx'
import { LoadFailed } from '../../platform/route-guard.tsx'
import { useProfile } from '../../platform/session.ts'
import { StatusTag } from '../../platform/status-tag.tsx'
import { organizationQuery } from '../organizations/api.ts'
import { SPACE_ENDPOINT, type SpaceView, spaceQuery } from './api.ts'
import { CombinePanel } from './combine-panel.tsx'
import { DetailsPanel } from './details-panel.tsx'
import {
  newSpaceValues,
  type PanelKey,
  type PayloadContext,
  panelOf,
  type SpaceFormValues,
  spaceErrors,
  spacePayload,
  spaceValues,
} from './form-model.ts'
import {
  CalendarPanel,
  type FieldRule,
  Ms365Panel,
  PhotosPanel,
  PreparationPanel,
  SiteAccessPanel,
} from './panels.tsx'
import { RatesPanel, ServicesPanel } from './services-and-rates.tsx'

const editRoute = getRouteApi('/_signed-in/admin/meeting-room/edit/$id')
const viewRoute = getRouteApi('/_signed-in/admin/meeting-room/view/$id')

type Mode = 'add' | 'edit' | 'view'

/** Add Space (/admin/meeting-room/add). */
export function AddSpace() {
  const initial = useMemo(newSpaceValues, [])
  return <SpaceForm mode="add" loaded={null} initial={initial} />
}

/** Edit Space (/admin/meeting-room/edit/{id}). */
export function EditSpace() {
  const id = recordIdOf(editRoute.useParams().id)
  return id === null ? <NotFound /> : <LoadedSpace key={id} id={id} mode="edit" />
}

/** A space read-only (/admin/meeting-room/view/{id}): every field disabled, Close back to the list. */
export function ViewSpace() {
  const id = recordIdOf(viewRoute.useParams().id)
  return id === null ? <NotFound /> : <LoadedSpace key={id} id={id} mode="view" />
}

function LoadedSpace({ id, mode }: { id: number; mode: Mode }) {
  const view = useQuery(spaceQuery(id))
  const initial = useRef<SpaceFormValues | null>(null)
  if (view.data && !initial.current) initial.current = spaceValues(view.data)
  if (view.error) return <LoadFailed error={view.error} />
  if (!view.data || !initial.current) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" />
      </Flex>
    )
  }
  return <SpaceForm mode={mode} loaded={view.data} initial={initial.current} />
}

/** The fields whose change loses the chosen child rooms (spec 3 §4). */
type GuardedField = 'organization_id' | 'center_id' | 'organization_roomtype_id'
const guardedFields: GuardedField[] = ['organization_id', 'center_id', 'organization_roomtype_id']

/** Each hours field with its minutes: 24 hours forces 0 minutes. */
const minutesOf: Record<string, keyof SpaceFormValues> = {
  minimum_duration_hours: 'minimum_duration_minutes',
  maximum_duration_hours: 'maximum_duration_minutes',
  pre_makeup_hours: 'pre_makeup_minutes',
  post_makeup_hours: 'post_makeup_minutes',
}

/**
 * The space form (spec 3 §2, §5): panels Space Details, Preparation Time, Additional Services,
 * Rates, Photos, Blackout Periods, Site Access Instructions, Calendar Settings, MS 365 Settings and
 * Combine Spaces, those of the organization's features only when it has them. Read-only in view mode.
 */
function SpaceForm({
  mode,
  loaded,
  initial,
}: {
  mode: Mode
  loaded: SpaceView | null
  initial: SpaceFormValues
}) {
  const profile = useProfile()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirm = useConfirm()
  const { token } = theme.useToken()
  const [form] = Form.useForm<SpaceFormValues>()
  const [saving, setSaving] = useState(false)
  const readOnly = mode === 'view'
  const isSuper = profile.type === 'super'

  // Organization, center and space type as last accepted: a change that loses child rooms may be
  // undone, and the spaces to combine are those of the accepted ones meanwhile.
  const [accepted, setAccepted] = useState<Record<GuardedField, unknown>>({
    organization_id: initial.organization_id,
    center_id: initial.center_id,
    organization_roomtype_id: initial.organization_roomtype_id,
  })
  const guardedChange = async (field: GuardedField, value: unknown) => {
    const previous = accepted[field]
    if (value === previous) return
    const children = (form.getFieldValue('childRooms') as number[] | undefined) ?? []
    if (form.getFieldValue('combine') && children.length > 0) {
      if (!(await confirm({ content: messages.confirmCombinedLoss }))) {
        form.setFieldValue(field, previous)
        return
      }
      form.setFieldValue('childRooms', [])
    }
    if (field === 'organization_id') {
      // Centers, space types and services are the organization's own.
      form.setFieldsValue({
        center_id: undefined,
        organization_roomtype_id: undefined,
        selectedAmenities: [],
      })
      setAccepted({ organization_id: value, center_id: undefined, organization_roomtype_id: undefined })
    } else {
      setAccepted((current) => ({ ...current, [field]: value }))
    }
  }

  // The organization: the space's, super's choice (once accepted), or one's own. Its plan and
  // features shape the form.
  const organizationId = loaded
    ? loaded.organization_id
    : isSuper
      ? ((accepted.organization_id as number | undefined) ?? null)
      : profile.organization_id
  const organization = useQuery({
    ...organizationQuery(organizationId ?? 0),
    enabled: organizationId !== null,
  })
  const features = organization.data?.features
  const today = useToday()
  const context: PayloadContext = {
    sendOrganization: isSuper && mode === 'add',
    blackout: Boolean(features?.blackout_period),
    today,
    calendar: Boolean(features?.enable_calendar_booking),
    ms365: isSuper && Boolean(features?.enable_ms_365),
    loaded,
  }
  const rule: FieldRule = (key) =>
    crossFieldRule((values: SpaceFormValues) => spaceErrors(values, context), key)

  const onValuesChange = (changed: Partial<SpaceFormValues>) => {
    for (const [hoursField, minutesField] of Object.entries(minutesOf)) {
      if (changed[hoursField as keyof SpaceFormValues] === 24) form.setFieldValue(minutesField, 0)
    }
    for (const field of guardedFields) {
      if (field in changed) void guardedChange(field, changed[field])
    }
    // A list's own message (a unit twice, a service twice …) follows its rows.
    for (const list of ['selectedRates', 'selectedAmenities'] as const) {
      if (list in changed) form.validateFields([[list]]).catch(() => undefined)
    }
  }

  const startCombining = () => {
    const values = form.getFieldsValue(true) as SpaceFormValues
    if (organizationId === null) toast.error(messages.selectOrganizationPlease)
    else if (values.center_id === undefined) toast.error(messages.selectLocation)
    else if (!values.organization_roomtype_id) toast.error(messages.selectSpaceType)
    else form.setFieldValue('combine', true)
  }
  const stopCombining = () => form.setFieldsValue({ combine: false, childRooms: [] })

  const childRooms = loaded?.childRooms.length ?? 0
  const panels: Array<{ key: PanelKey; label: string; shown: boolean; body: ReactNode }> = [
    {
      key: 'details',
      label: 'Space Details',
      shown: true,
      body: (
        <DetailsPanel
          rule={rule}
          loaded={loaded}
          isSuper={isSuper}
          organizationId={organizationId}
          thirdParty={Boolean(organization.data?.third_party_org_code)}
        />
      ),
    },
    {
      key: 'preparation',
      label: readOnly ? 'Makeup Time' : 'Preparation Time',
      shown: true,
      body: <PreparationPanel rule={rule} />,
    },
    {
      key: 'services',
      label: 'Additional Services',
      shown: true,
      body: <ServicesPanel rule={rule} organizationId={organizationId} readOnly={readOnly} />,
    },
    {
      key: 'rates',
      label: 'Rates',
      shown: true,
      body: <RatesPanel rule={rule} readOnly={readOnly} organizationId={organizationId} />,
    },
    {
      key: 'photos',
      label: 'Photos',
      shown: true,
      body: <PhotosPanel max={maxSpacePhotos(organization.data?.mh_plan ?? 'free')} readOnly={readOnly} />,
    },
    {
      key: 'blackout',
      label: 'Blackout Periods',
      shown: !readOnly && context.blackout,
      body: <BlackoutPeriods timeFormat={organization.data?.time_format} />,
    },
    {
      key: 'access',
      label: 'Site Access Instructions',
      shown: !readOnly,
      body: <SiteAccessPanel rule={rule} />,
    },
    {
      key: 'calendar',
      label: 'Calendar Settings',
      shown: !readOnly && context.calendar,
      body: <CalendarPanel rule={rule} keySet={loaded?.service_account_private_key_set ?? false} />,
    },
    {
      key: 'ms365',
      label: 'MS 365 Settings',
      shown: !readOnly && context.ms365,
      body: <Ms365Panel rule={rule} />,
    },
    {
      key: 'combine',
      label: readOnly ? 'Combine Space' : 'Combine Spaces',
      shown: !readOnly || childRooms > 0,
      body: (
        <CombinePanel
          rule={rule}
          organizationId={organizationId}
          centerId={accepted.center_id as number | undefined}
          roomType={accepted.organization_roomtype_id as string | undefined}
          loaded={loaded}
          readOnly={readOnly}
          onStart={startCombining}
          onStop={stopCombining}
        />
      ),
    },
  ]
  const [open, setOpen] = useState<string[]>(panels.map((panel) => panel.key))
  const openPanels = (paths: FieldPath[]) =>
    setOpen((current) => [...new Set([...current, ...paths.map(panelOf)])])
  const scrollTo = (paths: FieldPath[]) => {
    openPanels(paths)
    const first = paths[0]
    if (first) setTimeout(() => form.scrollToField(first, { block: 'center', behavior: 'smooth' }), 300)
  }

  const list = () => void navigate({ to: '/admin/meeting-room/list', search: {} })

  const submit = async () => {
    const values = form.getFieldsValue(true) as SpaceFormValues
    // The whole form once more through the domain rules (the lists' own and those across panels).
    const errors = spaceErrors(values, context)
    if (Object.keys(errors).length > 0) {
      if (showFieldErrors(form, errors, { onShown: scrollTo, scrollDelay: 300 }).length === 0) {
        toast.error(Object.values(errors)[0] ?? messages.internalError)
      }
      return
    }
    const payload = spacePayload(values, context)
    setSaving(true)
    try {
      if (loaded) await api<SpaceView>(`${SPACE_ENDPOINT}/${loaded.id}`, { method: 'PUT', body: payload })
      else await api<SpaceView>(SPACE_ENDPOINT, { method: 'POST', body: payload })
    } catch (error) {
      const options: FieldErrorOptions = { onShown: openPanels, scrollDelay: 300 }
      if (!applyServerErrors(form, error, options)) toast.failure(error)
      setSaving(false)
      return
    }
    toast.success(loaded ? messages.recordUpdated : messages.recordCreated)
    await queryClient.invalidateQueries({ queryKey: [SPACE_ENDPOINT] })
    list()
  }

  const items: CollapseProps['items'] = panels
    .filter((panel) => panel.shown)
    .map((panel) => ({ key: panel.key, label: panel.label, children: panel.body, forceRender: true }))
  const title = mode === 'add' ? 'Add Space' : mode === 'edit' ? 'Edit Space' : 'View Space'

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={12} wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {loaded ? <Typography.Text type="secondary">{loaded.name}</Typography.Text> : null}
          {loaded ? <StatusTag record={loaded} /> : null}
          {loaded && isSuper ? <Tag>{loaded.organizationName}</Tag> : null}
        </Flex>
        <Flex gap={8}>
          {readOnly && loaded && can(profile.type, 'spaces.write') ? (
            <Button
              icon={<EditOutlined />}
              onClick={() =>
                void navigate({ to: '/admin/meeting-room/edit/$id', params: { id: String(loaded.id) } })
              }
            >
              Edit
            </Button>
          ) : null}
          <Button icon={<ArrowLeftOutlined />} onClick={list}>
            {readOnly ? 'Close' : 'Back'}
          </Button>
        </Flex>
      </Flex>
      <Form<SpaceFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        disabled={readOnly}
        onValuesChange={onValuesChange}
        onFinish={() => void submit()}
        onFinishFailed={({ errorFields }) => scrollTo(errorFields.map((field) => field.name as FieldPath))}
        scrollToFirstError={false}
        requiredMark={!readOnly}
      >
        <Spin spinning={organizationId !== null && organization.isPending}>
          <Collapse
            items={items}
            activeKey={open}
            onChange={(keys) => setOpen(keys)}
            size="large"
            styles={{ header: { fontWeight: 600 } }}
          />
        </Spin>
        {readOnly ? null : (
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
              <Button htmlType="button" onClick={list} disabled={saving}>
                Cancel
              </Button>
              <Button type="primary" htmlType="submit" loading={saving} disabled={saving}>
                Save
              </Button>
            </Flex>
          </div>
        )}
      </Form>
    </Flex>
  )
}
