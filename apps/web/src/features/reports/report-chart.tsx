import type { ReportChart, ReportRow } from '@spaceboard/domain'
import { Typography } from 'antd'
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  type ChartDataset,
  Colors,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  ScatterController,
  Tooltip,
} from 'chart.js'
import { useEffect, useMemo, useRef } from 'react'
import { formatReportValue } from './report-values.ts'

// Chart.js, only the parts the reports draw (about 65 KB gzip; @ant-design/charts' G2 was 480 KB).
Chart.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Colors,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  ScatterController,
  Tooltip,
)

type Format = (value: unknown) => string
type Config = ChartConfiguration<'bar' | 'line' | 'doughnut' | 'scatter', unknown, unknown>

/** The distinct values of a field, in the order the rows give them. */
function distinct(rows: ReportRow[], field: string): string[] {
  return [...new Set(rows.map((row) => String(row[field] ?? '')))]
}

const numberOf = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null
  const number = Number(value)
  return Number.isFinite(number) ? number : null
}

/** Column, bar and line charts over long-form rows: one dataset per series, one point per x. */
function seriesConfig(
  chart: Extract<ReportChart, { kind: 'column' | 'bar' | 'line' }>,
  format: Format,
): Config {
  const labels = distinct(chart.data, chart.xField)
  const series = chart.seriesField ? distinct(chart.data, chart.seriesField) : [chart.title]
  const datasets = series.map((name) => ({
    label: name,
    data: labels.map((label) => {
      const row = chart.data.find(
        (r) =>
          String(r[chart.xField] ?? '') === label &&
          (!chart.seriesField || String(r[chart.seriesField] ?? '') === name),
      )
      return row ? numberOf(row[chart.yField]) : null
    }),
  }))
  const horizontal = chart.kind === 'bar'
  const valueAxis = { beginAtZero: true, ticks: { callback: (value: unknown) => format(value) } }
  return {
    type: chart.kind === 'line' ? 'line' : 'bar',
    data: { labels, datasets },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      indexAxis: horizontal ? 'y' : 'x',
      scales: horizontal ? { x: valueAxis } : { y: valueAxis },
      plugins: {
        legend: { display: Boolean(chart.seriesField) },
        tooltip: {
          callbacks: {
            label: (item) =>
              `${item.dataset.label ?? ''}: ${format(horizontal ? item.parsed.x : item.parsed.y)}`,
          },
        },
      },
    },
  } as Config
}

function pieConfig(chart: Extract<ReportChart, { kind: 'pie' }>, format: Format): Config {
  return {
    type: 'doughnut',
    data: {
      labels: chart.data.map((row) => String(row[chart.colorField] ?? '')),
      datasets: [{ label: chart.title, data: chart.data.map((row) => numberOf(row[chart.angleField]) ?? 0) }],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      plugins: {
        legend: { position: 'right' },
        tooltip: { callbacks: { label: (item) => `${item.label}: ${format(item.parsed)}` } },
      },
    },
  } as Config
}

const BAND_COLORS = ['#d9d9d9', '#e8e8e8', '#f0f0f0', '#f5f5f5']

/**
 * The organization-level industry benchmarking (spec 3 §9) as a bullet: the bands (steps of 25,
 * 150 or 24) as grey ranges, the organization's figure as the bar, the global industry value, the
 * worst performance (a low percentile of the others) and the region's average as markers across
 * it, each only when the report gives it (it withholds a figure too few organizations make).
 */
function bulletConfig(chart: Extract<ReportChart, { kind: 'bullet' }>, format: Format): Config {
  const category = chart.title
  const bounds = [...chart.ranges].sort((a, b) => a - b)
  const bands: ChartDataset<'bar', unknown>[] = bounds.map((upper, index) => ({
    type: 'bar',
    label: `Up to ${format(upper)}`,
    data: [[bounds[index - 1] ?? 0, upper]],
    backgroundColor: BAND_COLORS[index % BAND_COLORS.length],
    barPercentage: 1,
    categoryPercentage: 0.9,
    grouped: false,
    order: 3,
  }))
  const markers = [
    { label: 'Global industry', value: chart.target, color: '#262626' },
    { label: 'Worst performance', value: chart.worst, color: '#cf1322' },
    { label: 'Regional', value: chart.regional, color: '#d48806' },
  ]
    .filter((marker) => marker.value !== null)
    .map(
      (marker): ChartDataset<'scatter', unknown> => ({
        type: 'scatter',
        label: marker.label,
        data: [{ x: marker.value, y: category }],
        pointStyle: 'line',
        pointRotation: 90,
        pointRadius: 16,
        pointHoverRadius: 18,
        pointBorderWidth: 3,
        pointBorderColor: marker.color,
        pointBackgroundColor: marker.color,
        borderColor: marker.color,
        backgroundColor: marker.color,
        order: 1,
      }),
    )
  return {
    type: 'bar',
    data: {
      labels: [category],
      datasets: [
        ...bands,
        {
          type: 'bar',
          label: 'Your organization',
          data: [chart.measure],
          backgroundColor: '#1677ff',
          barPercentage: 0.35,
          grouped: false,
          order: 2,
        },
        ...markers,
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      indexAxis: 'y',
      scales: {
        x: { beginAtZero: true, max: bounds.at(-1), ticks: { callback: (value: unknown) => format(value) } },
        y: { type: 'category', display: false },
      },
      plugins: {
        tooltip: {
          callbacks: {
            label: (item) => {
              const value = item.raw
              return `${item.dataset.label ?? ''}: ${Array.isArray(value) ? `${format(value[0])} – ${format(value[1])}` : format(item.parsed.x)}`
            },
          },
        },
      },
    },
  } as Config
}

function configOf(chart: ReportChart, format: Format): Config {
  switch (chart.kind) {
    case 'pie':
      return pieConfig(chart, format)
    case 'bullet':
      return bulletConfig(chart, format)
    default:
      return seriesConfig(chart, format)
  }
}

/** One chart of a report, drawn on a canvas, its title above it. */
export function ReportChartView({ chart, currency }: { chart: ReportChart; currency: string }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const config = useMemo(
    () => configOf(chart, (value) => formatReportValue(value as number, chart.valueKind, currency)),
    [chart, currency],
  )
  useEffect(() => {
    if (!canvas.current) return
    const drawn = new Chart(canvas.current, config)
    return () => drawn.destroy()
  }, [config])
  return (
    <figure style={{ margin: 0 }}>
      <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
        {chart.title}
      </Typography.Title>
      <div style={{ position: 'relative', height: chart.kind === 'bullet' ? 140 : 320 }}>
        <canvas ref={canvas} role="img" aria-label={chart.title} />
      </div>
    </figure>
  )
}
