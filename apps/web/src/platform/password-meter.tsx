import '@spaceboard/domain/auth/common-password-rule'
import { passwordStrength } from '@spaceboard/domain'
import { Flex, Progress, Typography } from 'antd'

function strengthColor(score: number): string {
  if (score <= 25) return '#ff4d4f'
  if (score <= 50) return '#faad14'
  if (score <= 75) return '#1677ff'
  return '#52c41a'
}

/**
 * The strength meter of every screen that sets a password (user create, change password, reset):
 * 25 points each for length 8 or more, a letter, a special character, a digit. The policy itself
 * (length, not a common password) is the field's rule, from the domain; the common passwords'
 * list comes with this component, so only with the screens that set a password.
 */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const score = passwordStrength(password)
  return (
    <Flex vertical style={{ marginTop: -8, marginBottom: 16 }}>
      <Typography.Text type="secondary">Password strength</Typography.Text>
      <Progress
        percent={score}
        strokeColor={strengthColor(score)}
        format={(percent) => `${percent ?? 0}%`}
        aria-label="Password strength"
      />
    </Flex>
  )
}
