import type { ReportChart, ReportResult, ReportRow, ReportTable, ReportValueKind } from '@spaceboard/domain'
import { Descriptions, Flex, Table, Typography } from 'antd'
import { ReportChartView } from './report-chart.tsx'
import { formatReportValue, rowCurrency } from './report-values.ts'

/** A chart and the tables that read it, in the order the report gives them. */
interface Section {
  chart: ReportChart | null
  tables: ReportTable[]
}

/**
 * Every chart followed by its table(s): the tables of its title; the charts and tables left, when
 * as many of each, paired in order; any other table after the charts.
 */
export function reportSections(result: Pick<ReportResult, 'charts' | 'tables'>): Section[] {
  const { charts, tables } = result
  const sections: Section[] = charts.map((chart) => ({
    chart,
    tables: tables.filter((table) => table.title === chart.title),
  }))
  const unpaired = sections.filter((section) => section.tables.length === 0)
  let rest = tables.filter((table) => !charts.some((chart) => chart.title === table.title))
  if (unpaired.length === rest.length) {
    unpaired.forEach((section, index) => {
      section.tables = [rest[index] as ReportTable]
    })
    rest = []
  }
  if (rest.length) sections.push({ chart: null, tables: rest })
  return sections
}

/**
 * The generated report: the period and filters it was made with, then each chart with its table(s).
 * This module brings the charting library (report-chart.tsx): the screen loads it lazily, with the
 * first report, so no other screen carries it.
 */
export default function ReportView({ result }: { result: ReportResult }) {
  const currency = result.currency_code
  return (
    <Flex vertical gap={24}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        title={result.label}
        items={result.filters.map((filter) => ({
          key: filter.label,
          label: filter.label,
          children: filter.value,
        }))}
      />
      {reportSections(result).map((section) => (
        <Flex vertical gap={12} key={section.chart?.title ?? section.tables.map((t) => t.title).join('|')}>
          {section.chart ? <ReportChartView chart={section.chart} currency={currency} /> : null}
          {section.tables.map((table) => (
            <TableOf key={table.title} table={table} currency={currency} />
          ))}
        </Flex>
      ))}
    </Flex>
  )
}

const alignOf = (kind: ReportValueKind) => (kind === 'text' ? 'left' : 'right')

function TableOf({ table, currency }: { table: ReportTable; currency: string }) {
  return (
    <Table<ReportRow & { key: number }>
      size="small"
      bordered
      pagination={false}
      scroll={{ x: 'max-content' }}
      title={() => <Typography.Text strong>{table.title}</Typography.Text>}
      dataSource={table.rows.map((row, index) => ({ ...row, key: index }))}
      columns={table.columns.map((column) => ({
        key: column.key,
        title: column.title,
        align: alignOf(column.kind),
        render: (_: unknown, row: ReportRow) =>
          formatReportValue(row[column.key], column.kind, rowCurrency(row, currency)),
      }))}
    />
  )
}
