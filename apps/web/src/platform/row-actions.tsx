import { DownOutlined } from '@ant-design/icons'
import { Button, Dropdown } from 'antd'

export interface RowAction {
  key: string
  label: string
  onClick: () => void
  danger?: boolean
  /** Shown but not clickable: what the role may not do (csr deleting a region, say). */
  disabled?: boolean
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
        items: actions.map(({ key, label: text, danger, disabled: off }) => ({
          key,
          label: text,
          danger: danger ?? false,
          disabled: off ?? false,
        })),
        onClick: ({ key }) => {
          const action = actions.find((candidate) => candidate.key === key)
          if (action && !action.disabled) action.onClick()
        },
      }}
    >
      <Button size="small" disabled={disabled} aria-label={label}>
        {label} <DownOutlined />
      </Button>
    </Dropdown>
  )
}
