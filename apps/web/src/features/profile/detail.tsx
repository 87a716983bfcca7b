import { EditOutlined } from '@ant-design/icons'
import { messages } from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Alert, Button, Descriptions, type DescriptionsProps, Flex, Typography } from 'antd'
import { configQuery } from '../../platform/config.ts'
import { useFormatDate } from '../../platform/format.ts'
import { fullName, useProfile } from '../../platform/session.ts'
import { roleLabels } from './roles.ts'

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function CurrentPlan({ plan }: { plan: string }) {
  const config = useQuery(configQuery)
  const url = config.data?.pricingUrl
  if (!url) return <>{capitalize(plan)}</>
  return (
    <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
      {capitalize(plan)}
    </Typography.Link>
  )
}

/** Profile: name, email, role, register date and, when a plan exists, plan and licensed spaces. */
export function Profile() {
  const formatDate = useFormatDate()
  const profile = useProfile()
  const navigate = useNavigate()
  const items: DescriptionsProps['items'] = [
    { key: 'name', label: 'Name', children: fullName(profile) },
    { key: 'email', label: 'Email', children: profile.email },
    { key: 'role', label: 'Role', children: roleLabels[profile.type] },
    { key: 'createdAt', label: 'Register Date', children: formatDate(profile.createdAt) },
  ]
  if (profile.mh_plan) {
    items.push(
      { key: 'plan', label: 'Current Plan', children: <CurrentPlan plan={profile.mh_plan} /> },
      { key: 'licensed', label: 'Licensed Spaces', children: String(profile.licensed_spaces ?? 0) },
    )
  }
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          Profile
        </Typography.Title>
        <Button
          type="primary"
          icon={<EditOutlined />}
          onClick={() => void navigate({ to: '/admin/profile/edit' })}
        >
          Edit
        </Button>
      </Flex>
      {profile.pending_email ? (
        <Alert
          type="info"
          showIcon
          title={messages.emailChangeSent(profile.pending_email)}
          description="Your e-mail changes when you open that link."
        />
      ) : null}
      <Descriptions bordered column={1} items={items} styles={{ label: { width: 200 } }} />
    </Flex>
  )
}
