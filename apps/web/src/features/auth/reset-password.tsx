import { messages, newPasswordSchema, type Profile, resetPasswordSchema } from '@spaceboard/domain'
import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { Alert, Button, Form, Input } from 'antd'
import { useState } from 'react'
import { api } from '../../platform/api-client.ts'
import { zodRule } from '../../platform/form-kit.ts'
import { PasswordStrengthMeter } from '../../platform/password-meter.tsx'
import { startSession } from '../../platform/session.ts'
import { AuthCard } from './auth-card.tsx'

const route = getRouteApi('/admin/reset-password')

interface ResetValues {
  password: string
  confirm_password: string
}

/** Reset password: new password twice, then signed in and on to the profile. */
export function ResetPassword() {
  const { token } = route.useSearch()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<ResetValues>()
  const password = Form.useWatch('password', form) ?? ''
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  if (!token) {
    return (
      <AuthCard title="Reset Password">
        <Alert type="error" showIcon title={messages.resetTokenInvalid} style={{ marginBottom: 16 }} />
        <Link to="/admin/forgot-password">I forgot my password</Link>
      </AuthCard>
    )
  }

  const submit = async (values: ResetValues) => {
    setBusy(true)
    setFailure(null)
    try {
      const body = resetPasswordSchema.parse({ token, ...values })
      const profile = await api<Profile>('/api/reset-password', { method: 'POST', body, on401: 'error' })
      startSession(queryClient, profile)
      await navigate({ to: '/admin/profile/show' })
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
      setBusy(false)
    }
  }

  return (
    <AuthCard title="Reset Password">
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={failure}
          description={<Link to="/admin/forgot-password">I forgot my password</Link>}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form<ResetValues> form={form} layout="vertical" onFinish={submit}>
        <Form.Item label="New Password" name="password" required rules={[zodRule(newPasswordSchema)]}>
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <PasswordStrengthMeter password={password} />
        <Form.Item
          label="Confirm Password"
          name="confirm_password"
          required
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if ((value ?? '') !== (getFieldValue('password') ?? '')) {
                  throw new Error(messages.confirmPasswordMismatch)
                }
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            Reset Password
          </Button>
        </Form.Item>
      </Form>
      <Link to="/admin/login">Back to sign in</Link>
    </AuthCard>
  )
}
