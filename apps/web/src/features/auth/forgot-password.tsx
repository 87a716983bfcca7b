import { forgotPasswordSchema, signInEmailSchema } from '@spaceboard/domain'
import { Link } from '@tanstack/react-router'
import { Alert, Button, Form, Input, Typography } from 'antd'
import { useState } from 'react'
import { api } from '../../platform/api-client.ts'
import { isValid, zodRule } from '../../platform/form-kit.ts'
import { AuthCard } from './auth-card.tsx'

/** Forgot password: asks for the e-mail and shows the API's answer (always the same message). */
export function ForgotPassword() {
  const [form] = Form.useForm<{ email: string }>()
  const email = Form.useWatch('email', form) ?? ''
  const [sent, setSent] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (values: { email: string }) => {
    setBusy(true)
    setFailure(null)
    try {
      const body = forgotPasswordSchema.parse(values)
      const answer = await api<{ message: string }>('/api/forgot-password', {
        method: 'POST',
        body,
        on401: 'error',
      })
      setSent(answer.message)
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthCard title="Forgot Password">
      {sent ? (
        <Alert type="success" showIcon title={sent} style={{ marginBottom: 16 }} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            Enter the e-mail address of your account and we will send you a link to reset your password.
          </Typography.Paragraph>
          {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
          <Form<{ email: string }> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <Form.Item
              label="Email"
              name="email"
              validateTrigger="onBlur"
              rules={[zodRule(signInEmailSchema)]}
            >
              <Input inputMode="email" autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                block
                disabled={!isValid(signInEmailSchema, email)}
                loading={busy}
              >
                Send reset link
              </Button>
            </Form.Item>
          </Form>
        </>
      )}
      <Link to="/admin/login">Back to sign in</Link>
    </AuthCard>
  )
}
