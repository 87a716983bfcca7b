import { Button, Form, Modal, Spin } from 'antd'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useToast } from './feedback.ts'
import { applyServerErrors, trimmed } from './form-kit.ts'

export interface RecordDialogProps<TValues extends Record<string, unknown>> {
  title: string
  /** The save button's text: the spec says Save when adding, Save changes when editing. */
  saveText: string
  /** Values of the record being edited; empty fields when adding. */
  values?: TValues | undefined
  loading?: boolean
  onSave: (values: TValues) => Promise<unknown>
  onClose: () => void
  /** The Form.Items of the record. */
  children: ReactNode
}

/**
 * The add/edit dialog of a simple record (country, global region …): validates with the domain
 * rules of its fields, disables Save while saving, shows the server's field errors on the fields
 * and closes after a successful save. Mount it only while it is open.
 */
export function RecordDialog<TValues extends Record<string, unknown>>({
  title,
  saveText,
  values,
  loading = false,
  onSave,
  onClose,
  children,
}: RecordDialogProps<TValues>) {
  const [form] = Form.useForm<TValues>()
  const [saving, setSaving] = useState(false)
  const toast = useToast()

  // The record fills the form once, when it has loaded; later renders keep what the person typed.
  const filled = useRef(false)
  useEffect(() => {
    if (!values || filled.current) return
    filled.current = true
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0])
  }, [form, values])

  const submit = async (input: TValues) => {
    setSaving(true)
    try {
      await onSave(trimmed(input))
      onClose()
    } catch (error) {
      if (!applyServerErrors(form, error)) toast.failure(error)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      maskClosable={false}
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={saving}
          disabled={loading || saving}
          onClick={() => form.submit()}
        >
          {saveText}
        </Button>,
      ]}
    >
      <Spin spinning={loading}>
        <Form<TValues> form={form} layout="vertical" onFinish={submit} scrollToFirstError requiredMark>
          {children}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Form>
      </Spin>
    </Modal>
  )
}
