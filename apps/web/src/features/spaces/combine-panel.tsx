import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Checkbox, Flex, Form, Spin, Typography } from 'antd'
import { type ChildCandidate, childCandidatesQuery, type SpaceView } from './api.ts'
import type { SpaceFormValues } from './form-model.ts'
import type { FieldRule } from './panels.tsx'

/**
 * Combine Spaces: other spaces of the same organization, center and space type this space is made
 * of (at least two). The button needs the three chosen first; a child space cannot combine.
 */
export function CombinePanel({
  rule,
  organizationId,
  centerId,
  roomType,
  loaded,
  readOnly,
  onStart,
  onStop,
}: {
  rule: FieldRule
  organizationId: number | null
  /** The center and space type the spaces to combine share (as accepted: not while a change is confirmed). */
  centerId: number | undefined
  roomType: string | undefined
  loaded: SpaceView | null
  readOnly: boolean
  /** The Combine Spaces button: says what is missing, or opens the choice. */
  onStart: () => void
  onStop: () => void
}) {
  const form = Form.useFormInstance<SpaceFormValues>()
  const combine = Form.useWatch('combine', { form, preserve: true }) as boolean | undefined
  const chosen = Form.useWatch('childRooms', { form, preserve: true }) as number[] | undefined
  const candidates = useQuery({
    ...childCandidatesQuery(organizationId, centerId, roomType, loaded?.id ?? null),
    enabled: Boolean(combine) && organizationId !== null && centerId !== undefined && Boolean(roomType),
  })
  if (loaded?.isChild) {
    return (
      <Alert
        type="info"
        showIcon
        title="This space is combined into another space, so it cannot combine spaces itself."
      />
    )
  }
  if (!combine) {
    return readOnly ? null : (
      <Flex vertical gap={8} align="start">
        <Typography.Text type="secondary">
          A combined space is booked as one and occupies the spaces it is made of.
        </Typography.Text>
        <Button onClick={onStart}>Combine Spaces</Button>
      </Flex>
    )
  }
  // Read-only, the space's own child rooms only.
  const options = (candidates.data ?? [])
    .filter((candidate: ChildCandidate) => !readOnly || chosen?.includes(candidate.id))
    .map((candidate: ChildCandidate) => ({
      value: candidate.id,
      label: `${candidate.name} (capacity ${candidate.capacity})`,
    }))
  return (
    <Flex vertical gap={8}>
      <Spin spinning={candidates.isFetching}>
        <Form.Item
          label="Spaces to combine"
          name="childRooms"
          rules={[rule('childRooms')]}
          extra={
            candidates.isSuccess && options.length === 0
              ? 'No other spaces of this location and space type can be combined.'
              : undefined
          }
        >
          <Checkbox.Group>
            <Flex vertical gap={4}>
              {options.map((option) => (
                <Checkbox key={option.value} value={option.value}>
                  {option.label}
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
      </Spin>
      {readOnly ? null : (
        <div>
          <Button onClick={onStop}>Do not combine</Button>
        </div>
      )}
    </Flex>
  )
}
