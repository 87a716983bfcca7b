import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import {
  blackoutPeriodErrors,
  dateDisplayFormat,
  MAX_BLACKOUT_PERIODS,
  messages,
  type TimeFormat,
} from '@spaceboard/domain'
import { Button, DatePicker, Empty, Flex, Form, Typography } from 'antd'
import type { Rule } from 'antd/es/form'
import dayjs, { type Dayjs } from 'dayjs'
import { useToast } from '../../platform/feedback.ts'
import { type BlackoutRow, blackoutInputs, DATE } from './form-model.ts'

type DateField = 'blackout_period_start_date' | 'blackout_period_end_date'

const today = () => dayjs().format(DATE)

/** A date of a row, checked with the domain's blackout rules against all rows (spec 1 §5). */
function rowRule(index: number, field: DateField): Rule {
  return ({ getFieldValue }) => ({
    validator: async () => {
      const rows = blackoutInputs((getFieldValue('blackoutPeriods') as BlackoutRow[] | undefined) ?? [])
      const message = blackoutPeriodErrors(rows, today())[`blackoutPeriods.${index}.${field}`]
      if (message) throw new Error(message)
    },
  })
}

/** Blackout Periods: single days (start only) or ranges; past dates cannot be picked; at most 20. */
export function BlackoutSection() {
  const toast = useToast()
  const form = Form.useFormInstance()
  const timeFormat = Form.useWatch('time_format', { form, preserve: true }) as TimeFormat | undefined
  const format = dateDisplayFormat(timeFormat)
  const beforeToday = (date: Dayjs) => date.isBefore(dayjs(), 'day')
  return (
    <Form.List name="blackoutPeriods">
      {(rows, { add, remove }) => (
        <Flex
          vertical
          gap={8}
          // Enter confirms a typed date; it must not also submit (and leave) the whole form.
          onKeyDown={(event) => {
            if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault()
          }}
        >
          {rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No blackout periods" />
          ) : (
            <Typography.Text type="secondary">
              A single day needs only a start date; a range needs both.
            </Typography.Text>
          )}
          {rows.map((row, index) => (
            <Flex key={row.key} gap={12} align="start" wrap data-testid="blackout-row">
              <Form.Item
                name={[row.name, 'blackout_period_start_date']}
                label={`Start date ${index + 1}`}
                dependencies={[['blackoutPeriods', row.name, 'blackout_period_end_date']]}
                rules={[rowRule(row.name, 'blackout_period_start_date')]}
                style={{ minWidth: 200 }}
              >
                <DatePicker format={format} disabledDate={beforeToday} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item
                name={[row.name, 'blackout_period_end_date']}
                label={`End date ${index + 1}`}
                dependencies={[['blackoutPeriods', row.name, 'blackout_period_start_date']]}
                rules={[rowRule(row.name, 'blackout_period_end_date')]}
                style={{ minWidth: 200 }}
              >
                <DatePicker format={format} disabledDate={beforeToday} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item label=" " colon={false}>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={`Remove blackout period ${index + 1}`}
                  onClick={() => remove(row.name)}
                />
              </Form.Item>
            </Flex>
          ))}
          <div>
            <Button
              icon={<PlusOutlined />}
              onClick={() => {
                if (rows.length >= MAX_BLACKOUT_PERIODS) toast.error(messages.blackoutMaximum)
                else add({ blackout_period_start_date: null, blackout_period_end_date: null })
              }}
            >
              Add blackout period
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  )
}
