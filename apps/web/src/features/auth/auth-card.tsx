import { Flex, Typography, theme } from 'antd'
import type { ReactNode } from 'react'

/**
 * The centred card of the signed-out screens (sign in, forgot and reset password). Drawn with the
 * theme's tokens rather than antd's Card, which brings Tabs, Dropdown and Menu along: the sign-in
 * page is the first page, and its JavaScript is on everyone's way in.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { token } = theme.useToken()
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', background: '#f0f2f5', padding: 16 }}>
      <div
        style={{
          width: 400,
          maxWidth: '100%',
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <Flex vertical gap={8}>
          <Typography.Text type="secondary" strong>
            Spaceboard
          </Typography.Text>
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            {title}
          </Typography.Title>
          <main>{children}</main>
        </Flex>
      </div>
    </Flex>
  )
}
