import { Col, Divider, Row, Typography } from 'antd'
import type { ReactNode } from 'react'

/** A titled group of fields inside a form page. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Divider titlePlacement="start" plain style={{ marginTop: 8 }}>
        <Typography.Text strong>{title}</Typography.Text>
      </Divider>
      {children}
    </>
  )
}

/** Two fields side by side on wide screens, stacked on narrow ones. */
export function FieldPair({ children }: { children: [ReactNode, ReactNode] }) {
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        {children[0]}
      </Col>
      <Col xs={24} sm={12}>
        {children[1]}
      </Col>
    </Row>
  )
}
