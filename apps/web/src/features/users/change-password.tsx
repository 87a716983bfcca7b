import { changePasswordSchema } from '@spaceboard/domain'
import { Form, Input } from 'antd'
import type { RuleRender } from 'antd/es/form'
import { api } from '../../platform/api-client.ts'
import { useToast } from '../../platform/feedback.ts'
import { zodRule } from '../../platform/form-kit.ts'
import { RecordDialog } from '../../platform/record-dialog.tsx'
import { USER_ENDPOINT } from './api.ts'

interface PasswordValues extends Record<string, unknown> {
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

/** The Change password dialog of the user form: Password and Confirm Password; toasts the API's answer. */
export function ChangePasswordDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const toast = useToast()
  return (
    <RecordDialog<PasswordValues>
      title="Change Password"
      saveText="Save"
      onClose={onClose}
      onSave={async (values) => {
        const answer = await api<{ message: string }>(`${USER_ENDPOINT}/${userId}/password`, {
          method: 'PUT',
          body: { password: values.password, confirm_password: values.confirm_password },
        })
        toast.success(answer.message)
      }}
    >
      <Form.Item label="Password" name="password" required rules={[zodRule(fields.password)]}>
        <Input.Password autoComplete="new-password" maxLength={200} autoFocus />
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
