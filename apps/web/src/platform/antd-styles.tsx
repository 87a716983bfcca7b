import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs'
import {
  Alert,
  App,
  Button,
  Calendar,
  Card,
  Col,
  ConfigProvider,
  Dropdown,
  Empty,
  Flex,
  Input,
  Layout,
  Menu,
  Pagination,
  Row,
  Select,
  Skeleton,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd'
import enGB from 'antd/locale/en_GB'
import { renderToString } from 'react-dom/server'
import { appTheme } from './theme.ts'

/**
 * The antd components the signed-in shell, the bookings list and the calendar show on their first
 * paint, in the variants they use there. Their styles are made at build time (vite.config.ts) and
 * sent as one stylesheet, so that antd does not build and insert them in the browser on the first
 * render (issues 14 and 16). A component missing here still gets its styles as before, when it
 * first renders.
 */
function FirstPaintComponents() {
  return (
    <App>
      <Layout>
        <Layout.Sider breakpoint="lg" collapsedWidth={0} width={220}>
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={['a']}
            items={[
              { key: 'a', label: 'A' },
              { key: 'b', label: 'B', children: [{ key: 'c', label: 'C' }] },
            ]}
          />
        </Layout.Sider>
        <Layout>
          <Layout.Header />
          <Layout.Content>
            <Typography.Title level={2}>Title</Typography.Title>
            <Typography.Text strong>Text</Typography.Text>
            <Typography.Text type="secondary">Text</Typography.Text>
            <Typography.Link>Link</Typography.Link>
            <Flex gap={8}>
              <Space>
                <Button>Default</Button>
                <Button type="primary">Primary</Button>
                <Button type="link">Link</Button>
                <Button type="text">Text</Button>
              </Space>
              <Input placeholder="Search" allowClear />
              <Input.Search placeholder="Search" />
              <Select placeholder="Select" options={[{ value: 1, label: 'One' }]} allowClear showSearch />
              <Dropdown menu={{ items: [{ key: 'a', label: 'A' }] }}>
                <Button>Menu</Button>
              </Dropdown>
            </Flex>
            <Alert type="error" title="Error" />
            <Skeleton active />
            <Spin />
            <Empty />
            <Tag color="green">Confirmed</Tag>
            <Tag color="gold">Tentative</Tag>
            <Tag>Cancelled</Tag>
            <Table
              columns={[{ title: 'A', dataIndex: 'a', sorter: true }]}
              dataSource={[{ key: 1, a: 'a' }]}
              pagination={{ total: 100, showSizeChanger: true }}
            />
            <Pagination total={100} />
            <Row>
              <Col span={12}>
                <Card size="small">
                  <Calendar fullscreen={false} />
                </Card>
              </Col>
            </Row>
          </Layout.Content>
        </Layout>
      </Layout>
    </App>
  )
}

/** The first paint's antd styles for the app's theme, with the map antd reads to skip making them. */
export function renderAntdStyles(): string {
  const cache = createCache()
  renderToString(
    <StyleProvider cache={cache}>
      <ConfigProvider locale={enGB} theme={appTheme}>
        <FirstPaintComponents />
      </ConfigProvider>
    </StyleProvider>,
  )
  return extractStyle(cache, { plain: true, types: 'style' })
}
