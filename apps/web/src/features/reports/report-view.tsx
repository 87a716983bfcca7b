import type { ReportChart, ReportResult, ReportRow, ReportTable, ReportValueKind } from '@spaceboard/domain'
import { Alert, Descriptions, Flex, Table, Typography } from 'antd'
import { ReportChartView } from './report-chart.tsx'
import { formatReportValue, rowCurrency } from './report-values.ts'

/** A chart and the tables that read it, in the order the report gives them. */
interface Section {
  key: string
  chart: ReportChart | null
  tables: ReportTable[]
}

/** The fields a chart reads from its rows. */
function chartFields(chart: ReportChart): string[] {
  switch (chart.kind) {
    case 'bullet':
      return []
    case 'pie':
      return [chart.angleField, chart.colorField]
    default:
      return [chart.xField, chart.yField, ...(chart.seriesField ? [chart.seriesField] : [])]
  }
}

/**
 * Every chart followed by its table(s): a table of the same title goes under that chart; any other
 * under the chart (without a table of its title) reading most of its columns, the last of equals,
 * so a table two charts read follows both; a table no chart reads comes after the charts.
 */
export function reportSections(result: Pick<ReportResult, 'charts' | 'tables'>): Section[] {
  const sections: Section[] = result.charts.map((chart, index) => ({
    key: `chart-${index}`,
    chart,
    tables: [],
  }))
  const rest: ReportTable[] = []
  for (const table of result.tables) {
    const named = sections.find((section) => section.chart?.title === table.title)
    if (named) {
      named.tables.push(table)
      continue
    }
    const keys = new Set(table.columns.map((column) => column.key))
    let best: { section: Section; score: number } | null = null
    for (const section of sections) {
      // A chart with a table of its own title has its table.
      if (!section.chart || result.tables.some((t) => t.title === section.chart?.title)) continue
      const score = chartFields(section.chart).filter((field) => keys.has(field)).length
      if (score > 0 && score >= (best?.score ?? 0)) best = { section, score }
    }
    if (best) best.section.tables.push(table)
    else rest.push(table)
  }
  if (rest.length) sections.push({ key: 'tables', chart: null, tables: rest })
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
      {result.notes?.map((note) => (
        <Alert key={note} type="info" showIcon title={note} />
      ))}
      {reportSections(result).map((section) => (
        <Flex vertical gap={12} key={section.key}>
          {section.chart ? <ReportChartView chart={section.chart} currency={currency} /> : null}
          {section.tables.map((table) => (
            <TableOf
              key={`${section.key}-${result.tables.indexOf(table)}`}
              table={table}
              currency={currency}
            />
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
