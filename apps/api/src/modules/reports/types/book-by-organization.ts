import {
  occupancyPercent,
  type ReportChart,
  type ReportTable,
  reportGroupByLabels,
  reportMessages,
} from '@spaceboard/domain'
import { fieldError } from '../../../platform/errors.ts'
import { inTurn } from '../../../platform/in-turn.ts'
import * as occupancy from '../occupancy.repository.ts'
import type { ReportBuilder } from '../report-builder.ts'
import { bookableMinutes } from '../report-memo.ts'

interface Cell {
  cents: number
  bookings: number
  bookedMinutes: number
  bookableMinutes: number
}

const emptyCell = (): Cell => ({ cents: 0, bookings: 0, bookedMinutes: 0, bookableMinutes: 0 })

/** A cell's figures under the spec's names: revenue (from cents, once), bookings and occupancy. */
const figuresOf = (cell: Cell) => ({
  BookingTotal: cell.cents / 100,
  NumberBooking: cell.bookings,
  Occupacy: occupancyPercent(cell.bookedMinutes, cell.bookableMinutes),
})

/**
 * Organizational Booking Data (bookByOrganization): for each bucket of the period (the days of a
 * month, the months of a financial year) the revenue, the number of bookings and the occupancy,
 * with the same per location or per space (report_value center|room) in roomsData. Two aggregate
 * statements (bookings; bookable time) and the group names.
 *
 * data: [{ Key: '2026-04-01' | '2026-04', BookingTotal, NumberBooking, Occupacy,
 *          roomsData: [{ id, name, BookingTotal, NumberBooking, Occupacy }] }]
 */
export const bookByOrganization: ReportBuilder = async (ctx, input, memos) => {
  const organization = input.organization
  if (!organization) throw fieldError('org_id', reportMessages.selectOrganizationFirst)
  const groupBy = input.groupBy === 'room' ? 'room' : 'center'
  const scope = { id: organization.id }
  const [figures, bookable, names] = await inTurn(
    () =>
      occupancy.bookingFigures(ctx.tx, input, {
        organizations: scope,
        groupBy,
        bucket: input.duration,
        revenue: input.revenue,
      }),
    () =>
      bookableMinutes(ctx.tx, memos, {
        from: input.period.from,
        to: input.period.to,
        organizations: scope,
        centerId: input.centerId,
        spaceId: input.spaceId,
        groupBy,
        bucket: input.duration,
      }),
    () => occupancy.groupNames(ctx.tx, organization.id, groupBy),
  )

  const cells = new Map<string, Cell>()
  const cellOf = (bucket: string, groupId: number) => {
    const key = `${bucket}|${groupId}`
    let cell = cells.get(key)
    if (!cell) {
      cell = emptyCell()
      cells.set(key, cell)
    }
    return cell
  }
  const groupIds = new Set<number>()
  for (const row of figures) {
    const cell = cellOf(row.bucket, row.groupId)
    cell.cents += row.revenueCents
    cell.bookings += row.bookings
    cell.bookedMinutes += row.bookedMinutes
    groupIds.add(row.groupId)
  }
  for (const row of bookable) {
    cellOf(row.bucket, row.groupId).bookableMinutes += row.minutes
    groupIds.add(row.groupId)
  }
  const groups = [...names].filter(([id]) => groupIds.has(id)).map(([id, name]) => ({ id, name }))

  const data = input.period.buckets.map((bucket) => {
    const total = emptyCell()
    const roomsData = groups.map((group) => {
      const cell = cells.get(`${bucket.key}|${group.id}`) ?? emptyCell()
      total.cents += cell.cents
      total.bookings += cell.bookings
      total.bookedMinutes += cell.bookedMinutes
      total.bookableMinutes += cell.bookableMinutes
      return { id: group.id, name: group.name, ...figuresOf(cell) }
    })
    return { Key: bucket.key, ...figuresOf(total), roomsData }
  })

  const groupLabel = reportGroupByLabels[groupBy]
  const keyTitle = input.duration === 'monthly' ? 'Day' : 'Month'
  const labelOf = new Map(input.period.buckets.map((bucket) => [bucket.key, bucket.label]))
  const label = (key: string) => labelOf.get(key) ?? key
  const figureColumns: ReportTable['columns'] = [
    { key: 'BookingTotal', title: 'Revenue', kind: 'money' },
    { key: 'NumberBooking', title: 'Bookings', kind: 'count' },
    { key: 'Occupacy', title: 'Occupancy', kind: 'percent' },
  ]
  const byGroup = data.flatMap((row) =>
    row.roomsData.map((room) => ({
      Key: label(row.Key),
      name: room.name,
      BookingTotal: room.BookingTotal,
      NumberBooking: room.NumberBooking,
      Occupacy: room.Occupacy,
    })),
  )
  const tables: ReportTable[] = [
    {
      title: 'Bookings',
      columns: [{ key: 'Key', title: keyTitle, kind: 'text' }, ...figureColumns],
      rows: data.map((row) => ({
        Key: label(row.Key),
        BookingTotal: row.BookingTotal,
        NumberBooking: row.NumberBooking,
        Occupacy: row.Occupacy,
      })),
    },
    {
      title: `Bookings by ${groupLabel}`,
      columns: [
        { key: 'Key', title: keyTitle, kind: 'text' },
        { key: 'name', title: groupLabel, kind: 'text' },
        ...figureColumns,
      ],
      rows: byGroup,
    },
  ]
  const charts: ReportChart[] = [
    {
      kind: 'column',
      title: `Revenue by ${groupLabel}`,
      data: byGroup.map((row) => ({ Key: row.Key, name: row.name, BookingTotal: row.BookingTotal })),
      xField: 'Key',
      yField: 'BookingTotal',
      seriesField: 'name',
      valueKind: 'money',
    },
    {
      kind: 'line',
      title: 'Occupancy',
      data: data.map((row) => ({ Key: label(row.Key), Occupacy: row.Occupacy })),
      xField: 'Key',
      yField: 'Occupacy',
      valueKind: 'percent',
    },
  ]
  return { data, tables, charts }
}
