import { recurringFrequencies } from '@spaceboard/domain'
import { Col, Form, type FormItemProps, InputNumber, Radio, Row, Switch, theme } from 'antd'
import type { Rule } from 'antd/es/form'
import type { Dayjs } from 'dayjs'
import { DatePicker } from '../../platform/date-picker.tsx'
import { FormSection } from '../../platform/form-layout.tsx'

const frequencyLabels: Record<string, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' }

/**
 * Repeat (organizations with recurring bookings): the series' frequency and its end, after a number
 * of bookings or on a date.
 */
export function RepeatSection({
  rule,
  problem,
  repeat,
  until,
  dateFormat,
  today,
}: {
  rule: (key: string) => Rule
  problem: (key: string) => Partial<FormItemProps>
  /** Recurring Booking is switched on. */
  repeat: boolean
  /** The series ends on a date rather than after a number of bookings. */
  until: boolean
  dateFormat: string
  today: string
}) {
  const { token } = theme.useToken()
  return (
    <FormSection title="Repeat">
      <Form.Item name="repeat" valuePropName="checked" label="Recurring Booking">
        <Switch />
      </Form.Item>
      {repeat ? (
        <div
          style={{
            padding: '16px 16px 0',
            marginBottom: 16,
            borderRadius: token.borderRadiusLG,
            background: token.colorFillAlter,
          }}
        >
          <Form.Item
            label="Frequency"
            name={['recurring', 'frequency']}
            required
            rules={[rule('recurring.frequency')]}
            {...problem('recurring.frequency')}
          >
            <Radio.Group
              optionType="button"
              options={recurringFrequencies.map((f) => ({
                value: f,
                label: frequencyLabels[f] ?? f,
              }))}
            />
          </Form.Item>
          <Row gutter={16} align="bottom">
            <Col xs={24} sm={12}>
              <Form.Item label="Ends" name={['recurring', 'ends']} required>
                <Radio.Group
                  options={[
                    { value: 'count', label: 'After a number of bookings' },
                    { value: 'until', label: 'On a date' },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              {until ? (
                <Form.Item
                  label="Until"
                  name={['recurring', 'until_date']}
                  required
                  dependencies={['booking_date']}
                  rules={[rule('recurring.until_date')]}
                  {...problem('recurring.until_date')}
                >
                  <DatePicker
                    format={dateFormat}
                    placeholder={dateFormat}
                    disabledDate={(day: Dayjs) => day.format('YYYY-MM-DD') < today}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              ) : (
                <Form.Item
                  label="Occurrences"
                  name={['recurring', 'occurrences']}
                  required
                  rules={[rule('recurring.occurrences')]}
                  {...problem('recurring.occurrences')}
                >
                  <InputNumber min={2} max={100} precision={0} style={{ width: '100%' }} suffix="bookings" />
                </Form.Item>
              )}
            </Col>
          </Row>
        </div>
      ) : null}
    </FormSection>
  )
}
