import { Card, Flex, Typography } from 'antd'
import type { ReactNode } from 'react'

/** The centred card of the signed-out screens (sign in, forgot and reset password). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', background: '#f0f2f5', padding: 16 }}>
      <Card style={{ width: 400, maxWidth: '100%' }}>
        <Flex vertical gap={8}>
          <Typography.Text type="secondary" strong>
            Spaceboard
          </Typography.Text>
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            {title}
          </Typography.Title>
          <main>{children}</main>
        </Flex>
      </Card>
    </Flex>
  )
}
