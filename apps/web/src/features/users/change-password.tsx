import { changePasswordSchema, messages } from '@spaceboard/domain'
import { Form, Input } from 'antd'
import type { RuleRender } from 'antd/es/form'
import { api } from '../../platform/api-client.ts'
import { useToast } from '../../platform/feedback.ts'
import { zodRule } from '../../platform/form-kit.ts'
import { PasswordStrengthMeter } from '../../platform/password-meter.tsx'
import { RecordDialog } from '../../platform/record-dialog.tsx'
import { USER_ENDPOINT } from './api.ts'

interface PasswordValues extends Record<string, unknown> {
  current_password?: string
  password: string
  confirm_password: string
}

const fields = changePasswordSchema.shape

/** Confirm Password: required, and equal to Password ("Password does not match."), by the domain rule. */
const confirmRule: RuleRender = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    const result = changePasswordSchema.safeParse({
      password: getFieldValue('password') ?? '',
      confirm_password: value ?? '',
    })
    const issue = result.success
      ? undefined
      : result.error.issues.find((i) => i.path[0] === 'confirm_password')
    if (issue) throw new Error(issue.message)
  },
})

/**
 * The Change password dialog of the user form: Password (with the strength meter) and Confirm
 * Password, and Current Password when it is one's own; toasts the API's answer. The API ends the
 * user's other sessions.
 */
export function ChangePasswordDialog({
  userId,
  own,
  onClose,
}: {
  userId: number
  /** The signed-in person's own user: the current password is asked for. */
  own: boolean
  onClose: () => void
}) {
  const toast = useToast()
  return (
    <RecordDialog<PasswordValues>
      title="Change Password"
      saveText="Save"
      onClose={onClose}
      onSave={async (values) => {
        const answer = await api<{ message: string }>(`${USER_ENDPOINT}/${userId}/password`, {
          method: 'PUT',
          body: {
            ...(own ? { current_password: values.current_password ?? '' } : {}),
            password: values.password,
            confirm_password: values.confirm_password,
          },
        })
        toast.success(answer.message)
      }}
    >
      {own ? (
        <Form.Item
          label="Current Password"
          name="current_password"
          required
          rules={[{ required: true, message: messages.currentPasswordRequired }]}
        >
          <Input.Password autoComplete="current-password" maxLength={200} autoFocus />
        </Form.Item>
      ) : null}
      <Form.Item label="Password" name="password" required rules={[zodRule(fields.password)]}>
        <Input.Password autoComplete="new-password" maxLength={200} autoFocus={!own} />
      </Form.Item>
      <Form.Item noStyle dependencies={['password']}>
        {({ getFieldValue }) => <PasswordStrengthMeter password={getFieldValue('password') ?? ''} />}
      </Form.Item>
      <Form.Item
        label="Confirm Password"
        name="confirm_password"
        required
        dependencies={['password']}
        rules={[confirmRule]}
      >
        <Input.Password autoComplete="new-password" maxLength={200} />
      </Form.Item>
    </RecordDialog>
  )
}
