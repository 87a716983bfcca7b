import { FileExcelOutlined } from '@ant-design/icons'
import {
  ALL_ORGANIZATIONS,
  FIRST_REPORT_YEAR,
  monthNames,
  type ReportFilterName,
  type ReportResult,
  type ReportType,
  reportAllowsAllOrganizations,
  reportBusyTypeLabels,
  reportBusyTypes,
  reportGroupByLabels,
  reportGroupByOptions,
  reportMessages,
  reportTypeInfo,
  reportTypeOptions,
  reportUsesFilter,
} from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { Button, Flex, Select, Skeleton, Spin, Typography } from 'antd'
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react'
import { downloadFile } from '../../platform/download.ts'
import { useToast } from '../../platform/feedback.ts'
import { useToday } from '../../platform/format.ts'
import { useOrganizationOptions } from '../../platform/organization-options.ts'
import { useProfile } from '../../platform/session.ts'
import { centerOptionsQuery } from '../centers/api.ts'
import { spaceOptionsQuery } from '../spaces/api.ts'
import {
  emptyReportForm,
  fetchReport,
  REPORTS_EXPORT_ENDPOINT,
  type ReportForm,
  reportFormUsesFilter,
  reportQueryString,
  withReportType,
} from './api.ts'

// The charts and tables come with the charting library, in a chunk of their own: asked for when
// the person generates a report, while the report is being built.
const loadReportView = () => import('./report-view.tsx')
const ReportView = lazy(loadReportView)

const ALL = 'All' as const

function Filter({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text>{label}</Typography.Text>
      {children}
    </Flex>
  )
}

/**
 * Reports (/admin/reports, spec 3 §2 "Reporting"): a report type, the filters that type uses,
 * Generate (the chart area shows the report's charts, each with its table) and the Excel export
 * (not for the organization-level industry benchmarking). Changing the type clears the charts;
 * clearing it resets the form. Super chooses the organization first, among those not excluded
 * from reporting, except for the industry benchmarking across organizations.
 */
export function Reports() {
  const profile = useProfile()
  const toast = useToast()
  const isSuper = profile.type === 'super'
  const organizations = useOrganizationOptions()
  const today = useToday()
  const [form, setForm] = useState<ReportForm>(() => emptyReportForm(today))
  const [result, setResult] = useState<ReportResult | null>(null)
  const [generating, setGenerating] = useState(false)
  const [exporting, setExporting] = useState(false)
  const request = useRef<AbortController | null>(null)

  const type = form.report_type
  const uses = (filter: ReportFilterName) => reportFormUsesFilter(form, filter)
  const own = organizations.data?.find((o) => o.id === profile.organization_id)
  const typeOptions = reportTypeOptions(isSuper, own?.industry_benchmarking_report === true)
  const organizationId = isSuper
    ? typeof form.org_id === 'number'
      ? form.org_id
      : undefined
    : (profile.organization_id ?? undefined)
  const centers = useQuery({
    ...centerOptionsQuery(organizationId ?? null),
    enabled: uses('location') && organizationId !== undefined,
  })
  const centerId = form.center_id === ALL ? null : form.center_id
  const spaces = useQuery({
    ...spaceOptionsQuery(centerId ?? 0),
    enabled: uses('space') && centerId !== null,
  })
  const currentYear = Number(today.slice(0, 4))

  const clearResult = () => {
    request.current?.abort()
    request.current = null
    setGenerating(false)
    setResult(null)
  }

  const chooseType = (value: ReportType | undefined) => {
    setForm(value === undefined ? emptyReportForm(today) : withReportType(form, value))
    clearResult()
  }

  /** The query of the chosen report, or null after telling the person what is missing. */
  const query = (): string | null => {
    if (type === undefined) return null
    if (isSuper && reportUsesFilter(type, 'organization') && form.org_id === undefined) {
      toast.error(reportMessages.selectOrganizationFirst)
      return null
    }
    return reportQueryString({ ...form, report_type: type }, isSuper)
  }

  const generate = async () => {
    const search = query()
    if (search === null) return
    void loadReportView()
    request.current?.abort()
    const controller = new AbortController()
    request.current = controller
    setGenerating(true)
    try {
      setResult(await fetchReport(search, controller.signal))
    } catch (error) {
      if (!controller.signal.aborted) toast.failure(error)
    } finally {
      if (request.current === controller) {
        request.current = null
        setGenerating(false)
      }
    }
  }

  const exportExcel = async () => {
    const search = query()
    if (search === null || type === undefined) return
    setExporting(true)
    try {
      await downloadFile(`${REPORTS_EXPORT_ENDPOINT}${search}`, `${reportTypeInfo(type).label}.xlsx`)
    } catch (error) {
      toast.failure(error)
    } finally {
      setExporting(false)
    }
  }

  const selectStyle = { width: 200 }
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
        Reports
      </Typography.Title>
      {!isSuper && own !== undefined && !own.industry_benchmarking_report ? (
        <Typography.Text type="secondary">{reportMessages.benchmarkingNotEnabled}</Typography.Text>
      ) : null}
      <Flex gap={12} align="flex-end" wrap>
        <Filter label="Report Type">
          <Select
            aria-label="Report Type"
            placeholder="Select Report Type"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 280 }}
            value={type}
            onChange={(value?: ReportType) => chooseType(value)}
            options={[...typeOptions]}
          />
        </Filter>
        {isSuper && uses('organization') ? (
          <Filter label="Organization">
            <Select
              aria-label="Organization"
              placeholder="Select Organization"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 240 }}
              loading={organizations.isPending}
              value={form.org_id}
              onChange={(value?: ReportForm['org_id']) =>
                setForm({ ...form, org_id: value, center_id: ALL, room_id: ALL })
              }
              options={[
                ...(type !== undefined && reportAllowsAllOrganizations(type)
                  ? [{ value: ALL_ORGANIZATIONS, label: 'All Organizations' }]
                  : []),
                ...(organizations.data ?? [])
                  .filter((o) => !o.exclude_from_reporting)
                  .map((o) => ({ value: o.id, label: o.name })),
              ]}
            />
          </Filter>
        ) : null}
        {uses('year') ? (
          <Filter label="Year">
            <Select
              aria-label="Year"
              style={{ width: 110 }}
              value={form.year}
              onChange={(value: number) => setForm({ ...form, year: value })}
              options={Array.from({ length: currentYear - FIRST_REPORT_YEAR + 1 }, (_, index) => {
                const year = currentYear - index
                return { value: year, label: String(year) }
              })}
            />
          </Filter>
        ) : null}
        {uses('month') ? (
          <Filter label="Month">
            <Select
              aria-label="Month"
              style={{ width: 140 }}
              disabled={uses('duration') && form.report_duration === 'yearly'}
              value={form.month}
              onChange={(value: number) => setForm({ ...form, month: value })}
              options={monthNames.map((name, index) => ({ value: index + 1, label: name }))}
            />
          </Filter>
        ) : null}
        {uses('duration') ? (
          <Filter label="Duration">
            <Select
              aria-label="Duration"
              style={{ width: 120 }}
              value={form.report_duration}
              onChange={(value: ReportForm['report_duration']) =>
                setForm({ ...form, report_duration: value })
              }
              options={[
                { value: 'monthly', label: 'Monthly' },
                { value: 'yearly', label: 'Yearly' },
              ]}
            />
          </Filter>
        ) : null}
        {type !== undefined && uses('groupBy') ? (
          <Filter label="Group By">
            <Select
              aria-label="Group By"
              style={{ width: 130 }}
              value={form.report_value}
              onChange={(value: ReportForm['report_value']) => setForm({ ...form, report_value: value })}
              options={reportGroupByOptions(type).map((value) => ({
                value,
                label: reportGroupByLabels[value],
              }))}
            />
          </Filter>
        ) : null}
        {uses('busyType') ? (
          <Filter label="Busy By">
            <Select
              aria-label="Busy By"
              style={{ width: 190 }}
              value={form.busy_type}
              onChange={(value: ReportForm['busy_type']) => setForm({ ...form, busy_type: value })}
              options={reportBusyTypes.map((value) => ({ value, label: reportBusyTypeLabels[value] }))}
            />
          </Filter>
        ) : null}
        {uses('location') ? (
          <Filter label="Location">
            <Select
              aria-label="Location"
              showSearch={{ optionFilterProp: 'label' }}
              style={selectStyle}
              loading={centers.isFetching}
              value={form.center_id}
              onChange={(value: ReportForm['center_id']) =>
                setForm({ ...form, center_id: value, room_id: ALL })
              }
              options={[
                { value: ALL, label: 'All Locations' },
                ...(centers.data ?? []).map((c) => ({ value: c.id, label: c.name })),
              ]}
            />
          </Filter>
        ) : null}
        {uses('space') ? (
          <Filter label="Space">
            <Select
              aria-label="Space"
              showSearch={{ optionFilterProp: 'label' }}
              style={selectStyle}
              loading={spaces.isFetching}
              value={form.room_id}
              onChange={(value: ReportForm['room_id']) => setForm({ ...form, room_id: value })}
              options={[
                { value: ALL, label: 'All Spaces' },
                ...(centerId === null ? [] : (spaces.data ?? [])).map((s) => ({
                  value: s.id,
                  label: s.name,
                })),
              ]}
            />
          </Filter>
        ) : null}
        {uses('tax') ? (
          <Filter label="Tax">
            <Select
              aria-label="Tax"
              style={{ width: 160 }}
              value={form.is_tax_included}
              onChange={(value: ReportForm['is_tax_included']) =>
                setForm({ ...form, is_tax_included: value })
              }
              options={[
                { value: 'incTax', label: 'Including tax' },
                { value: 'exTax', label: 'Excluding tax' },
              ]}
            />
          </Filter>
        ) : null}
        {uses('amenities') ? (
          <Filter label="Amenities">
            <Select
              aria-label="Amenities"
              style={{ width: 190 }}
              value={form.is_amenity_included}
              onChange={(value: ReportForm['is_amenity_included']) =>
                setForm({ ...form, is_amenity_included: value })
              }
              options={[
                { value: 'incAmenity', label: 'Including amenities' },
                { value: 'exAmenity', label: 'Excluding amenities' },
              ]}
            />
          </Filter>
        ) : null}
        <Button
          type="primary"
          disabled={type === undefined}
          loading={generating}
          onClick={() => void generate()}
        >
          Generate
        </Button>
        {type !== 'bcIndustryBenchmarking' ? (
          <Button
            icon={<FileExcelOutlined />}
            disabled={type === undefined}
            loading={exporting}
            onClick={() => void exportExcel()}
          >
            Excel Export
          </Button>
        ) : null}
      </Flex>
      <section aria-label="Report" aria-busy={generating}>
        {result ? (
          <Spin spinning={generating}>
            <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
              <ReportView result={result} />
            </Suspense>
          </Spin>
        ) : generating ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : null}
      </section>
    </Flex>
  )
}
