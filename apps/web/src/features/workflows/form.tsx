import {
  type EmailTemplateListRow,
  emailTemplateTypeLabel,
  emailTemplateTypes,
  timeValueAfterUnitChange,
  type Workflow,
  type WorkflowTimeUnit,
  workflowActionTypes,
  workflowDefaults,
  workflowDirections,
  workflowEventVariables,
  workflowMessages,
  workflowSchema,
  workflowTimeUnits,
} from '@spaceboard/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Form, Input, Select } from 'antd'
import { useEffect } from 'react'
import { ApiError, api, queryString } from '../../platform/api-client.ts'
import { useRecord } from '../../platform/crud.ts'
import { useToast } from '../../platform/feedback.ts'
import { crossFieldRule, schemaErrors } from '../../platform/form-kit.ts'
import { NotFound } from '../../platform/not-found.tsx'
import { OrganizationField, useOrganizationOptions } from '../../platform/organization-select.tsx'
import { RecordPage, recordIdOf } from '../../platform/record-page.tsx'
import { useProfile } from '../../platform/session.ts'
import { centerOptionsQuery } from '../centers/api.ts'
import { spaceOptionsQuery } from '../spaces/api.ts'
import { WORKFLOW_ENDPOINT } from './list.tsx'

const editRoute = getRouteApi('/_signed-in/admin/workflow/edit/$id')

/** The form's values. The template is `t:{id}` (the organization's own) or `d:{type}` (built-in). */
interface WorkflowValues {
  organization_id?: number | undefined
  name: string
  center_id?: number | null
  meetingroom_id?: number | null
  action_type?: string
  template?: string
  time_value: string
  time_unit: WorkflowTimeUnit
  direction: string
  event_variable?: string
}

function payloadOf(values: WorkflowValues) {
  const template = values.template ?? ''
  return {
    name: values.name ?? '',
    center_id: values.center_id ?? null,
    meetingroom_id: values.meetingroom_id ?? null,
    action_type: values.action_type,
    email_template_id: template.startsWith('t:') ? Number(template.slice(2)) : null,
    email_template_type: template.startsWith('d:') ? template.slice(2) : null,
    time_value: String(values.time_value ?? ''),
    time_unit: values.time_unit,
    direction: values.direction,
    event_variable: values.event_variable,
  }
}

/** Valid values for the fields still empty, so the unit maximum and the template show at once. */
const standIns = {
  name: 'name',
  action_type: 'Send Email',
  time_unit: 'Minutes',
  direction: 'Before',
  event_variable: 'event_date',
}
const errorsOf = (values: WorkflowValues) => schemaErrors(workflowSchema, payloadOf(values), standIns)
const rule = (key: string) => crossFieldRule(errorsOf, key)

const newWorkflow: WorkflowValues = {
  name: '',
  center_id: null,
  meetingroom_id: null,
  action_type: 'Send Email',
  time_value: String(workflowDefaults.time_value),
  time_unit: workflowDefaults.time_unit,
  direction: workflowDefaults.direction,
}

/** Add Workflow (/admin/workflow/add). */
export function AddWorkflow() {
  return <WorkflowForm id={null} />
}

/** Edit Workflow (/admin/workflow/edit/{id}). */
export function EditWorkflow() {
  const id = recordIdOf(editRoute.useParams().id)
  return id === null ? <NotFound /> : <WorkflowForm id={id} />
}

/** Shows the spec's text once when a list the form needs does not load. */
function useLoadFailure(failed: boolean, message: string) {
  const toast = useToast()
  useEffect(() => {
    if (failed) toast.error(message)
  }, [failed, message, toast])
}

/**
 * Send an e-mail template some minutes, hours or days before or after a booking's start or its
 * booking, for the whole organization, one location or one space (spec 3 §3, §5).
 */
function WorkflowForm({ id }: { id: number | null }) {
  const profile = useProfile()
  const isSuper = profile.type === 'super'
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const toast = useToast()
  const [form] = Form.useForm<WorkflowValues>()
  const record = useRecord<Workflow>(WORKFLOW_ENDPOINT, id)
  const editing = id !== null
  const data = record.data
  const backToList = () => void navigate({ to: '/admin/workflow/list', search: {} })

  const chosenOrganization = Form.useWatch('organization_id', form) as number | undefined
  const organizationId = editing
    ? (data?.organization_id ?? null)
    : isSuper
      ? (chosenOrganization ?? null)
      : profile.organization_id
  const centerId = (Form.useWatch('center_id', form) as number | null | undefined) ?? null

  const organizations = useOrganizationOptions(isSuper)
  const centers = useQuery(centerOptionsQuery(organizationId))
  const spaces = useQuery({ ...spaceOptionsQuery(centerId ?? 0), enabled: centerId !== null })
  const templates = useQuery({
    queryKey: ['/api/email-template', 'workflow-options', organizationId],
    queryFn: ({ signal }) =>
      api<EmailTemplateListRow[]>(
        `/api/email-template${queryString({ all: 1, organization_id: isSuper ? organizationId : null })}`,
        { signal },
      ),
    enabled: organizationId !== null,
  })
  useLoadFailure(organizations.isError, workflowMessages.loadOrganizationsFailed)
  useLoadFailure(centers.isError, workflowMessages.loadCentersFailed)
  useLoadFailure(spaces.isError, workflowMessages.loadRoomsFailed)
  useLoadFailure(templates.isError, workflowMessages.loadTemplatesFailed)
  useEffect(() => {
    if (!record.error) return
    toast.error(workflowMessages.loadFailed)
    backToList()
  })

  // The organization's own templates of the known types, and the built-in default of every type it has none of.
  const own = templates.data ?? []
  const ownTypes = new Set(own.map((t) => t.template_type))
  const templateOptions = [
    ...own.map((t) => ({ value: `t:${t.id}`, label: emailTemplateTypeLabel(t.template_type) })),
    ...emailTemplateTypes
      .filter((t) => !ownTypes.has(t.key))
      .map((t) => ({ value: `d:${t.key}`, label: `${t.label} (built-in)` })),
  ].sort((a, b) => a.label.localeCompare(b.label))

  const save = async (values: WorkflowValues) => {
    const payload = {
      ...payloadOf(values),
      ...(isSuper && !editing ? { organization_id: values.organization_id } : {}),
    }
    try {
      await api(editing ? `${WORKFLOW_ENDPOINT}/${id}` : WORKFLOW_ENDPOINT, {
        method: editing ? 'PUT' : 'POST',
        body: payload,
      })
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) throw error
      throw new Error(workflowMessages.saveFailed)
    }
    toast.success(editing ? workflowMessages.updated : workflowMessages.created)
    await queryClient.invalidateQueries({ queryKey: [WORKFLOW_ENDPOINT] })
  }

  return (
    <RecordPage<WorkflowValues>
      title={editing ? 'Edit Workflow' : 'Add Workflow'}
      saveLabel={editing ? 'Update' : 'Save'}
      form={form}
      values={
        editing
          ? data
            ? {
                organization_id: data.organization_id,
                name: data.name,
                center_id: data.center_id,
                meetingroom_id: data.meetingroom_id,
                action_type: data.action_type,
                template:
                  data.email_template_id !== null
                    ? `t:${data.email_template_id}`
                    : `d:${data.emailTemplateType}`,
                time_value: String(data.time_value),
                time_unit: data.time_unit,
                direction: data.direction,
                event_variable: data.event_variable,
              }
            : undefined
          : newWorkflow
      }
      loading={editing && record.isPending}
      onSave={save}
      onDone={backToList}
    >
      {isSuper ? (
        <OrganizationField
          disabled={editing}
          message={workflowMessages.selectOrganization}
          onChange={() => form.setFieldsValue({ center_id: null, meetingroom_id: null, template: undefined })}
        />
      ) : null}
      <Form.Item label="Workflow Name" name="name" required rules={[rule('name')]}>
        <Input maxLength={255} autoComplete="off" />
      </Form.Item>
      <Form.Item label="Location/Center" name="center_id">
        <Select
          allowClear
          placeholder="All Locations"
          loading={centers.isFetching}
          onChange={() => form.setFieldValue('meetingroom_id', null)}
          options={(centers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
      <Form.Item label="Space/Room" name="meetingroom_id">
        <Select
          allowClear
          placeholder="All Spaces"
          disabled={centerId === null}
          loading={spaces.isFetching}
          options={(centerId === null ? [] : (spaces.data ?? [])).map((s) => ({
            value: s.id,
            label: s.name,
          }))}
        />
      </Form.Item>
      <Form.Item label="Action Type" name="action_type" required rules={[rule('action_type')]}>
        <Select options={workflowActionTypes.map((a) => ({ value: a, label: a }))} />
      </Form.Item>
      <Form.Item label="Email Template" name="template" required rules={[rule('email_template_id')]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select an email template"
          loading={templates.isFetching}
          options={organizationId === null ? [] : templateOptions}
        />
      </Form.Item>
      <Form.Item
        label="Time Value"
        name="time_value"
        required
        dependencies={['time_unit']}
        rules={[rule('time_value')]}
      >
        <Input type="number" min={1} inputMode="numeric" />
      </Form.Item>
      <Form.Item label="Time Unit" name="time_unit" required rules={[rule('time_unit')]}>
        <Select
          onChange={(unit: WorkflowTimeUnit) =>
            form.setFieldValue(
              'time_value',
              String(timeValueAfterUnitChange(Number(form.getFieldValue('time_value')) || 1, unit)),
            )
          }
          options={workflowTimeUnits.map((u) => ({ value: u, label: u }))}
        />
      </Form.Item>
      <Form.Item label="Direction" name="direction" required rules={[rule('direction')]}>
        <Select options={workflowDirections.map((d) => ({ value: d, label: d }))} />
      </Form.Item>
      <Form.Item label="Event Variable" name="event_variable" required rules={[rule('event_variable')]}>
        <Select
          placeholder="Select an event variable"
          options={workflowEventVariables.map((e) => ({ value: e.value, label: e.label }))}
        />
      </Form.Item>
    </RecordPage>
  )
}
