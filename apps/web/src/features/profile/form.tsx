import { messages, type Profile, profileUpdateSchema } from '@spaceboard/domain'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Button, Flex, Form, Input, Typography } from 'antd'
import { useState } from 'react'
import { api } from '../../platform/api-client.ts'
import { useToast } from '../../platform/feedback.ts'
import { applyServerErrors, trimmed, zodRule } from '../../platform/form-kit.ts'
import { profileQuery, useProfile } from '../../platform/session.ts'

interface ProfileValues {
  first_name: string
  last_name: string
  email: string
}

const fields = profileUpdateSchema.shape

/** Edit Profile: First Name, Last Name, Email; Reset and Save Profile. */
export function EditProfile() {
  const profile = useProfile()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const toast = useToast()
  const [form] = Form.useForm<ProfileValues>()
  const values = Form.useWatch([], form) as Partial<ProfileValues> | undefined
  const [saving, setSaving] = useState(false)
  const initialValues: ProfileValues = {
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
  }
  const current = values ?? initialValues
  const anyEmpty = [current.first_name, current.last_name, current.email].some((v) => !v?.trim())

  const submit = async (input: ProfileValues) => {
    setSaving(true)
    try {
      const updated = await api<Profile>('/api/profile', { method: 'PUT', body: trimmed(input) })
      queryClient.setQueryData(profileQuery.queryKey, updated)
      toast.success(messages.recordUpdated)
      await navigate({ to: '/admin/profile/show' })
    } catch (error) {
      if (!applyServerErrors(form, error)) toast.failure(error)
      setSaving(false)
    }
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 560 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Edit Profile
      </Typography.Title>
      <Form<ProfileValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        scrollToFirstError
      >
        <Form.Item label="First Name" name="first_name" required rules={[zodRule(fields.first_name)]}>
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item label="Last Name" name="last_name" required rules={[zodRule(fields.last_name)]}>
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item label="Email" name="email" required rules={[zodRule(fields.email)]}>
          <Input inputMode="email" autoComplete="email" />
        </Form.Item>
        <Flex gap={8} style={{ marginTop: 8 }}>
          <Button htmlType="button" onClick={() => form.resetFields()} disabled={saving}>
            Reset
          </Button>
          <Button type="primary" htmlType="submit" disabled={anyEmpty || saving} loading={saving}>
            Save Profile
          </Button>
        </Flex>
      </Form>
    </Flex>
  )
}
