import { Tag } from 'antd'

/** A record that is activated and deactivated, archived and restored (centers, spaces). */
export interface StatusRecord {
  is_active: 0 | 1
  deleted_at: string | null
}

export type RecordStatus = 'Active' | 'Inactive' | 'Archived'

export function recordStatus(record: StatusRecord): RecordStatus {
  if (record.deleted_at) return 'Archived'
  return record.is_active === 1 ? 'Active' : 'Inactive'
}

const statusColors: Record<RecordStatus, string> = { Active: 'green', Inactive: 'orange', Archived: 'red' }

export function StatusTag({ record }: { record: StatusRecord }) {
  const status = recordStatus(record)
  return <Tag color={statusColors[status]}>{status}</Tag>
}
