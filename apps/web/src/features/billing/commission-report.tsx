import { DownloadOutlined } from '@ant-design/icons'
import { COMMISSION_REPORT_FILENAME, commissionReportErrors, dateDisplayFormat } from '@spaceboard/domain'
import { Button, Flex, Select, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { queryString } from '../../platform/api-client.ts'
import { DatePickerLater } from '../../platform/date-picker-later.tsx'
import { downloadFile } from '../../platform/download.ts'
import { useToast } from '../../platform/feedback.ts'
import { useOrganizationOptions } from '../../platform/organization-options.ts'
import { useProfile } from '../../platform/session.ts'
import { BOOKING_ENDPOINT } from '../bookings/api.ts'

interface Filters {
  start_date?: string | undefined
  end_date?: string | undefined
  org_id?: number | undefined
}

/** Commission Report (/admin/commision-report, spec 2 §2): a date range, the organization for super, Download and Reset. */
export function CommissionReport() {
  const profile = useProfile()
  const toast = useToast()
  const isSuper = profile.type === 'super'
  const organizations = useOrganizationOptions(isSuper)
  const dateFormat = dateDisplayFormat(profile.time_format)
  const [filters, setFilters] = useState<Filters>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [downloading, setDownloading] = useState(false)
  const change = (next: Filters, field: keyof Filters) => {
    setFilters(next)
    const { [field]: _, ...rest } = errors
    setErrors(rest)
  }

  const download = async () => {
    const found = commissionReportErrors(filters, isSuper)
    setErrors(found)
    const first = Object.values(found)[0]
    if (first) {
      toast.error(first)
      return
    }
    setDownloading(true)
    try {
      await downloadFile(
        `${BOOKING_ENDPOINT}/${queryString({
          billing: 'true',
          commisionReport: 1,
          start_date: filters.start_date,
          end_date: filters.end_date,
          org_id: isSuper ? filters.org_id : undefined,
        })}`,
        COMMISSION_REPORT_FILENAME,
      )
    } catch (error) {
      toast.failure(error)
    } finally {
      setDownloading(false)
    }
  }

  const reset = () => {
    setFilters({})
    setErrors({})
  }
  const dateValue = (value: string | undefined) => (value ? dayjs(value) : null)
  const dateText = (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : undefined)
  const error = (field: string) =>
    errors[field] ? (
      <Typography.Text type="danger" role="alert">
        {errors[field]}
      </Typography.Text>
    ) : null

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
        Commission Report
      </Typography.Title>
      <Flex gap={8} align="flex-start" wrap>
        <Flex vertical gap={4}>
          <DatePickerLater
            aria-label="Start date"
            placeholder="Start date"
            format={dateFormat}
            value={dateValue(filters.start_date)}
            status={errors.start_date ? 'error' : ''}
            onChange={(value) => change({ ...filters, start_date: dateText(value) }, 'start_date')}
          />
          {error('start_date')}
        </Flex>
        <Flex vertical gap={4}>
          <DatePickerLater
            aria-label="End date"
            placeholder="End date"
            format={dateFormat}
            value={dateValue(filters.end_date)}
            status={errors.end_date ? 'error' : ''}
            onChange={(value) => change({ ...filters, end_date: dateText(value) }, 'end_date')}
          />
          {error('end_date')}
        </Flex>
        {isSuper ? (
          <Flex vertical gap={4}>
            <Select
              aria-label="Select Organization"
              placeholder="Select Organization"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 220 }}
              status={errors.org_id ? 'error' : ''}
              loading={organizations.isPending}
              value={filters.org_id}
              onChange={(value?: number) => change({ ...filters, org_id: value }, 'org_id')}
              options={(organizations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            />
            {error('org_id')}
          </Flex>
        ) : null}
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={() => void download()}
        >
          Download
        </Button>
        <Button onClick={reset}>Reset</Button>
      </Flex>
    </Flex>
  )
}
