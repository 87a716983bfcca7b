import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import {
  type BlackoutPeriodInput,
  blackoutPeriodErrors,
  dateDisplayFormat,
  MAX_BLACKOUT_PERIODS,
  messages,
  type TimeFormat,
} from '@spaceboard/domain'
import { Button, Empty, Flex, Form, Typography } from 'antd'
import type { Rule } from 'antd/es/form'
import dayjs, { type Dayjs } from 'dayjs'
import { DatePicker } from './date-picker.tsx'
import { useToast } from './feedback.ts'
import { useToday } from './format.ts'

/** How the API carries dates: YYYY-MM-DD. */
export const DATE = 'YYYY-MM-DD'

/** A saved blackout period, as organizations and spaces answer them. */
export interface BlackoutPeriod {
  id: number
  blackout_period_start_date: string
  blackout_period_end_date: string | null
}

/** A row of a Blackout Periods list as a form holds it (dates as dayjs for the DatePickers). */
export interface BlackoutRow {
  id?: number | undefined
  blackout_period_start_date: Dayjs | null
  blackout_period_end_date: Dayjs | null
}

const day = (value: Dayjs | null | undefined) => (value ? value.format(DATE) : '')

/** The form rows of saved periods. */
export function blackoutRows(periods: readonly BlackoutPeriod[]): BlackoutRow[] {
  return periods.map((period) => ({
    id: period.id,
    blackout_period_start_date: period.blackout_period_start_date
      ? dayjs(period.blackout_period_start_date, DATE)
      : null,
    blackout_period_end_date: period.blackout_period_end_date
      ? dayjs(period.blackout_period_end_date, DATE)
      : null,
  }))
}

/** The rows as the payload and blackoutPeriodErrors() read them. */
export function blackoutInputs(rows: readonly (BlackoutRow | undefined)[]): BlackoutPeriodInput[] {
  return rows.map((row) => ({
    ...(row?.id ? { id: row.id } : {}),
    blackout_period_start_date: day(row?.blackout_period_start_date),
    blackout_period_end_date: day(row?.blackout_period_end_date),
  }))
}

/** The saved periods the rows no longer hold (the payload's deletedBlackoutPeriods). */
export function deletedBlackoutIds(
  saved: readonly BlackoutPeriod[] | undefined,
  rows: readonly BlackoutRow[],
): number[] {
  const kept = new Set(rows.flatMap((row) => (row.id ? [row.id] : [])))
  return (saved ?? []).map((period) => period.id).filter((id) => !kept.has(id))
}

/** The blackout rules over all rows, by field path (blackoutPeriods.0.blackout_period_start_date …). */
export function blackoutErrors(
  rows: readonly (BlackoutRow | undefined)[],
  today: string,
): Record<string, string> {
  return blackoutPeriodErrors(blackoutInputs(rows), today)
}

type DateField = 'blackout_period_start_date' | 'blackout_period_end_date'

/** A date of a row, checked with the domain's blackout rules against all rows (spec 1 §5). */
function rowRule(index: number, field: DateField, today: string): Rule {
  return ({ getFieldValue }) => ({
    validator: async () => {
      const rows = (getFieldValue('blackoutPeriods') as BlackoutRow[] | undefined) ?? []
      const message = blackoutErrors(rows, today)[`blackoutPeriods.${index}.${field}`]
      if (message) throw new Error(message)
    },
  })
}

/**
 * Blackout Periods (field `blackoutPeriods`) of an organization or a space: single days (start
 * only) or ranges; past dates cannot be picked; at most 20. Dates show in the organization's order.
 */
export function BlackoutPeriods({ timeFormat }: { timeFormat: TimeFormat | null | undefined }) {
  const toast = useToast()
  const format = dateDisplayFormat(timeFormat)
  const today = useToday()
  const beforeToday = (date: Dayjs) => date.format(DATE) < today
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
                rules={[rowRule(row.name, 'blackout_period_start_date', today)]}
                style={{ minWidth: 200 }}
              >
                <DatePicker format={format} disabledDate={beforeToday} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item
                name={[row.name, 'blackout_period_end_date']}
                label={`End date ${index + 1}`}
                dependencies={[['blackoutPeriods', row.name, 'blackout_period_start_date']]}
                rules={[rowRule(row.name, 'blackout_period_end_date', today)]}
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
