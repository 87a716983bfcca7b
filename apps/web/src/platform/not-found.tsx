import { useNavigate } from '@tanstack/react-router'
import { Button, Flex } from 'antd'
import { ResultLater } from './result-later.tsx'

/** Shown for a route that does not exist. */
export function NotFound() {
  const navigate = useNavigate()
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <ResultLater
        status="404"
        title="Page not found"
        subTitle="The page you are looking for does not exist."
        extra={
          <Button type="primary" onClick={() => void navigate({ to: '/admin/profile/show' })}>
            Back to Profile
          </Button>
        }
      />
    </Flex>
  )
}
