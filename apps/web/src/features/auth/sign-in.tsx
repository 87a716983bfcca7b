import { messages, type Profile, signInEmailSchema, signInSchema } from '@spaceboard/domain'
import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link, useRouter } from '@tanstack/react-router'
import { Alert, Button, Form, Input } from 'antd'
import { useState } from 'react'
import { ApiError, api } from '../../platform/api-client.ts'
import { isValid, zodRule } from '../../platform/form-kit.ts'
import { safeRedirect, startSession } from '../../platform/session.ts'
import { AuthCard } from './auth-card.tsx'

const route = getRouteApi('/admin/login')

interface SignInValues {
  email: string
  password: string
}

/** Sign In: email checked on blur, submit only when valid, red alert on failure. */
export function SignIn() {
  const { redirect } = route.useSearch()
  const router = useRouter()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<SignInValues>()
  const email = Form.useWatch('email', form) ?? ''
  const password = Form.useWatch('password', form) ?? ''
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const canSubmit = isValid(signInEmailSchema, email) && password.length > 0

  const submit = async ({ email, password }: SignInValues) => {
    setBusy(true)
    setFailure(null)
    try {
      const input = signInSchema.parse({ backend: 1, email, password })
      const profile = await api<Profile>('/api/login', { method: 'POST', body: input, on401: 'error' })
      startSession(queryClient, profile)
      router.history.push(safeRedirect(redirect))
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status !== 401 && error.message
          ? error.message
          : messages.invalidCredentials,
      )
      setBusy(false)
    }
  }

  return (
    <AuthCard title="Sign In">
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form<SignInValues> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="Email" name="email" validateTrigger="onBlur" rules={[zodRule(signInEmailSchema)]}>
          <Input inputMode="email" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password">
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block disabled={!canSubmit} loading={busy}>
            Sign In
          </Button>
        </Form.Item>
      </Form>
      <Link to="/admin/forgot-password">I forgot my password</Link>
    </AuthCard>
  )
}
