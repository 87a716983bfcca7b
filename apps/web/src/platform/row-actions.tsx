import { DownOutlined } from '@ant-design/icons'
import { Button, Dropdown } from 'antd'

export interface RowAction {
  key: string
  label: string
  onClick: () => void
  danger?: boolean
}

/** The action menu of a list row. A disabled menu (a default record, say) cannot open. */
export function RowActions({
  actions,
  disabled = false,
  label = 'Actions',
}: {
  actions: RowAction[]
  disabled?: boolean
  label?: string
}) {
  return (
    <Dropdown
      disabled={disabled}
      trigger={['click']}
      menu={{
        items: actions.map(({ key, label: text, danger }) => ({ key, label: text, danger: danger ?? false })),
        onClick: ({ key }) => actions.find((action) => action.key === key)?.onClick(),
      }}
    >
      <Button size="small" disabled={disabled} aria-label={label}>
        {label} <DownOutlined />
      </Button>
    </Dropdown>
  )
}
