import { DownloadOutlined } from '@ant-design/icons'
import { COMMISSION_REPORT_FILENAME, commissionReportErrors, dateDisplayFormat } from '@spaceboard/domain'
import { Button, Flex, Typography } from 'antd'
import { useState } from 'react'
import { queryString } from '../../platform/api-client.ts'
import { downloadFile } from '../../platform/download.ts'
import { useToast } from '../../platform/feedback.ts'
import { DateFilter, OrganizationFilter } from '../../platform/filter-fields.tsx'
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
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
        Commission Report
      </Typography.Title>
      <Flex gap={8} align="flex-start" wrap>
        <DateFilter
          label="Start date"
          format={dateFormat}
          value={filters.start_date}
          message={errors.start_date}
          onChange={(value) => change({ ...filters, start_date: value }, 'start_date')}
        />
        <DateFilter
          label="End date"
          format={dateFormat}
          value={filters.end_date}
          message={errors.end_date}
          onChange={(value) => change({ ...filters, end_date: value }, 'end_date')}
        />
        {isSuper ? (
          <OrganizationFilter
            value={filters.org_id}
            message={errors.org_id}
            onChange={(value) => change({ ...filters, org_id: value }, 'org_id')}
          />
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
