import { formatWallTime } from '@spaceboard/domain'
import { Link } from '@tanstack/react-router'
import { Flex, Spin, Tag, Typography, theme } from 'antd'
import type { BookedSlot } from './api.ts'

/** "Already booked" beside the date: the day's booked slots of the space, each to its booking. */
export function AlreadyBooked({
  slots,
  loading,
  ready,
}: {
  slots: BookedSlot[] | undefined
  loading: boolean
  ready: boolean
}) {
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={6} style={{ marginBottom: 24 }} aria-label="Already booked" role="region">
      <Typography.Text>Already booked</Typography.Text>
      <div
        style={{
          minHeight: 32,
          padding: '6px 10px',
          borderRadius: token.borderRadius,
          border: `1px dashed ${token.colorBorder}`,
          background: token.colorFillQuaternary,
        }}
      >
        {!ready ? (
          <Typography.Text type="secondary">Choose a space and a date.</Typography.Text>
        ) : loading && !slots ? (
          <Spin size="small" />
        ) : slots && slots.length > 0 ? (
          <Flex wrap gap={6} data-testid="booked-slots">
            {slots.map((slot) => (
              <Link
                key={`${slot.bookingId}-${slot.start_time}`}
                to="/admin/book/invoice/$id"
                params={{ id: String(slot.bookingId) }}
              >
                <Tag color="volcano" style={{ marginInlineEnd: 0, cursor: 'pointer' }}>
                  {formatWallTime(slot.start_time)} – {formatWallTime(slot.end_time)}
                </Tag>
              </Link>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">Nothing booked on this day.</Typography.Text>
        )}
      </div>
    </Flex>
  )
}
