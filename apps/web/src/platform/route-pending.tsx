import { Skeleton } from 'antd'

/** Shown while a screen's chunk or data loads (after the router's pending delay). */
export function RoutePending() {
  return (
    <div style={{ padding: 24 }} aria-busy="true">
      <Skeleton active paragraph={{ rows: 6 }} />
    </div>
  )
}
