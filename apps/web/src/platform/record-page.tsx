import { Alert, Button, Flex, Form, type FormInstance, Result, Spin, Typography } from 'antd'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { ApiError } from './api-client.ts'
import { useToast } from './feedback.ts'
import { applyServerErrors, trimmed } from './form-kit.ts'

/** The id of an edit route (`/admin/…/edit/{id}`), or null when it is not a record id. */
export function recordIdOf(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null
  const id = Number(raw)
  return id <= 2_147_483_647 ? id : null
}

export interface RecordPageProps<TValues extends object> {
  title: string
  /** The form of the page (a feature that watches or sets fields creates it with Form.useForm). */
  form: FormInstance<TValues>
  /** The record being edited, once loaded: fills the form once. Initial values when adding. */
  values?: TValues | undefined
  loading?: boolean
  /** Loading the record failed (another organization's record is a 404): shown instead of the form. */
  loadError?: unknown
  /** Why this record cannot be saved (a default one, a role without the right): Save is disabled. */
  locked?: string | null | undefined
  onSave: (values: TValues) => Promise<unknown>
  /** Asked before saving (a confirmation, a check against loaded data): false stops the save. */
  beforeSave?: (values: TValues) => Promise<boolean>
  /** Where the page goes after a successful save and on Cancel: the feature's list. */
  onDone: () => void
  /** The Form.Items of the record. */
  children: ReactNode
  /** The submit button's text when the spec words it otherwise (workflows: Update when editing). */
  saveLabel?: string
}

/**
 * The add/edit page of a record whose spec lists add and edit routes (client types, regions …):
 * validates with the domain rules of its fields, scrolls to the first error, disables Save while
 * saving, shows the server's field errors on the fields and goes back to the list after saving.
 */
export function RecordPage<TValues extends object>({
  title,
  form,
  values,
  loading = false,
  loadError,
  locked,
  onSave,
  beforeSave,
  onDone,
  children,
  saveLabel = 'Save',
}: RecordPageProps<TValues>) {
  const [saving, setSaving] = useState(false)
  const toast = useToast()

  // The record fills the form once, when it has loaded; later renders keep what the person typed.
  const filled = useRef(false)
  useEffect(() => {
    if (!values || filled.current) return
    filled.current = true
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0])
  }, [form, values])

  if (loadError) {
    const status = loadError instanceof ApiError ? loadError.status : 0
    return (
      <Result
        status={status === 403 ? '403' : status === 404 ? '404' : 'error'}
        title={loadError instanceof Error ? loadError.message : String(loadError)}
        extra={
          <Button type="primary" onClick={onDone}>
            Back to the list
          </Button>
        }
      />
    )
  }

  const submit = async (input: TValues) => {
    setSaving(true)
    try {
      if (beforeSave && !(await beforeSave(trimmed(input)))) {
        setSaving(false)
        return
      }
      await onSave(trimmed(input))
      onDone()
    } catch (error) {
      if (!applyServerErrors(form, error)) toast.failure(error)
      setSaving(false)
    }
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 560 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {locked ? <Alert type="info" showIcon title={locked} /> : null}
      <Spin spinning={loading}>
        <Form<TValues>
          form={form}
          layout="vertical"
          onFinish={submit}
          scrollToFirstError
          requiredMark
          disabled={Boolean(locked)}
        >
          {children}
          {/* The buttons say for themselves when they are disabled: Cancel stays usable on a locked record. */}
          <Flex gap={8} style={{ marginTop: 8 }}>
            <Button htmlType="button" onClick={onDone} disabled={saving}>
              Cancel
            </Button>
            <Button
              type="primary"
              htmlType="submit"
              loading={saving}
              disabled={loading || saving || Boolean(locked)}
            >
              {saveLabel}
            </Button>
          </Flex>
        </Form>
      </Spin>
    </Flex>
  )
}
