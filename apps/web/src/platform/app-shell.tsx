import { LogoutOutlined } from '@ant-design/icons'
import { Link, Outlet, useLocation } from '@tanstack/react-router'
import { Button, Flex, Layout, Menu, Typography, theme } from 'antd'
import { useState } from 'react'
import { useToast } from './feedback.ts'
import { useFlashToast } from './flash.ts'
import { activeEntry, menuFor } from './menu.tsx'
import { fullName, useProfile, useSignOut } from './session.ts'

function SignOutButton() {
  const signOut = useSignOut()
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  return (
    <Button
      icon={<LogoutOutlined />}
      loading={busy}
      onClick={async () => {
        setBusy(true)
        try {
          await signOut()
        } catch (error) {
          toast.failure(error)
          setBusy(false)
        }
      }}
    >
      Sign out
    </Button>
  )
}

/** The signed-in area: side menu by role, header with the person's name and Sign out. */
export function AppShell() {
  const profile = useProfile()
  const { pathname } = useLocation()
  const { token } = theme.useToken()
  const entries = menuFor(profile)
  const selected = activeEntry(pathname, entries)
  useFlashToast()
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider breakpoint="lg" collapsedWidth={0} width={220}>
        <Flex align="center" style={{ height: 64, paddingInline: 24 }}>
          <Typography.Text strong style={{ color: '#fff', fontSize: 18 }}>
            Spaceboard
          </Typography.Text>
        </Flex>
        <nav aria-label="Main menu">
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={selected ? [selected.to] : []}
            items={entries.map((entry) => ({
              key: entry.to,
              icon: entry.icon,
              // Under the pointer (or focused), the screen's chunk and data start loading.
              label: (
                <Link to={entry.to} preload="intent">
                  {entry.label}
                </Link>
              ),
            }))}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            paddingInline: 24,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Flex justify="end" align="center" gap={16} style={{ height: '100%' }}>
            <Typography.Text data-testid="signed-in-user">{fullName(profile)}</Typography.Text>
            <SignOutButton />
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <main
            style={{
              background: token.colorBgContainer,
              borderRadius: token.borderRadiusLG,
              padding: 24,
              minHeight: 360,
            }}
          >
            <Outlet />
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  )
}
