import { DownloadOutlined } from '@ant-design/icons'
import {
  dateDisplayFormat,
  marketingExtractAllowed,
  marketingExtractErrors,
  marketingExtractFilename,
  marketingMessages,
} from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { Button, Flex, Select, Typography } from 'antd'
import { useState } from 'react'
import { ApiError, queryString } from '../../platform/api-client.ts'
import { downloadFile } from '../../platform/download.ts'
import { useToast } from '../../platform/feedback.ts'
import { DateFilter, OrganizationFilter } from '../../platform/filter-fields.tsx'
import { useOrganizationOptions } from '../../platform/organization-options.ts'
import { LoadFailed } from '../../platform/route-guard.tsx'
import { useProfile } from '../../platform/session.ts'
import { centerOptionsQuery } from '../centers/api.ts'

export const MARKETING_ENDPOINT = '/api/marketing'

interface Filters {
  startDate?: string | undefined
  endDate?: string | undefined
  organization_id?: number | undefined
  center_id: number | 'All'
}

const initial: Filters = { center_id: 'All' }

/**
 * Direct Marketing Extract (/admin/direct-marketing-extract-pro, spec 3 §2): a date range, the
 * organization for super, a location (All Locations first), Download of the workbook and Reset
 * Filter. The filters are checked here first with the spec's messages; the server's message is
 * shown otherwise ("No record found." when nobody booked).
 */
export function MarketingExtract() {
  const profile = useProfile()
  const isSuper = profile.type === 'super'
  if (!marketingExtractAllowed(isSuper, profile.features))
    return <LoadFailed error={new ApiError(403, { message: marketingMessages.notAvailable })} />
  return (
    <ExtractForm
      isSuper={isSuper}
      ownTimeFormat={profile.time_format}
      ownOrganization={profile.organization_id}
    />
  )
}

function ExtractForm({
  isSuper,
  ownTimeFormat,
  ownOrganization,
}: {
  isSuper: boolean
  ownTimeFormat: 'dd/mm' | 'mm/dd'
  ownOrganization: number | null
}) {
  const toast = useToast()
  const organizations = useOrganizationOptions(isSuper)
  const [filters, setFilters] = useState<Filters>(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [downloading, setDownloading] = useState(false)
  const organizationId = isSuper ? (filters.organization_id ?? null) : ownOrganization
  const centers = useQuery(centerOptionsQuery(organizationId))
  const chosen = organizations.data?.find((o) => o.id === filters.organization_id)
  const dateFormat = dateDisplayFormat(isSuper ? chosen?.time_format : ownTimeFormat)

  const change = (next: Filters, field: keyof Filters) => {
    setFilters(next)
    const { [field]: _, ...rest } = errors
    setErrors(rest)
  }

  const download = async () => {
    const found = marketingExtractErrors(filters, isSuper)
    setErrors(found)
    const first = Object.values(found)[0]
    if (first) {
      toast.error(first)
      return
    }
    const { startDate, endDate } = filters as { startDate: string; endDate: string }
    setDownloading(true)
    try {
      await downloadFile(
        `${MARKETING_ENDPOINT}${queryString({
          startDate,
          endDate,
          organization_id: isSuper ? filters.organization_id : undefined,
          center_id: filters.center_id,
          export: 'xlsx',
        })}`,
        marketingExtractFilename(startDate, endDate),
      )
    } catch (error) {
      toast.failure(error)
    } finally {
      setDownloading(false)
    }
  }

  const reset = () => {
    setFilters(initial)
    setErrors({})
  }
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
        Direct Marketing Extract
      </Typography.Title>
      <Flex gap={8} align="flex-start" wrap>
        <DateFilter
          label="Start date"
          format={dateFormat}
          value={filters.startDate}
          message={errors.startDate}
          onChange={(value) => change({ ...filters, startDate: value }, 'startDate')}
        />
        <DateFilter
          label="End date"
          format={dateFormat}
          value={filters.endDate}
          message={errors.endDate}
          onChange={(value) => change({ ...filters, endDate: value }, 'endDate')}
        />
        {isSuper ? (
          <OrganizationFilter
            label="Organization"
            value={filters.organization_id}
            message={errors.organization_id}
            onChange={(value) =>
              change({ ...filters, organization_id: value, center_id: 'All' }, 'organization_id')
            }
          />
        ) : null}
        <Select
          aria-label="Locations"
          style={{ width: 220 }}
          showSearch={{ optionFilterProp: 'label' }}
          loading={organizationId !== null && centers.isPending}
          value={filters.center_id}
          onChange={(value: number | 'All') => change({ ...filters, center_id: value }, 'center_id')}
          options={[
            { value: 'All', label: 'All Locations' },
            ...(centers.data ?? []).map((center) => ({ value: center.id, label: center.name })),
          ]}
        />
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={() => void download()}
        >
          Download
        </Button>
        <Button onClick={reset}>Reset Filter</Button>
      </Flex>
    </Flex>
  )
}
