import { type MergeTag, mergeTags } from '@spaceboard/domain'
import { Select, Typography } from 'antd'

const groups = [...new Set(mergeTags.map((t) => t.group))]

/**
 * Picks a merge tag: its label, the tag and what it shows. `tags` is the list offered (the subject
 * offers only its subset); the picked tag goes to `onPick` and the select stays empty for the next one.
 */
export function MergeTagPicker({
  onPick,
  tags = mergeTags,
  label,
  disabled = false,
  size,
}: {
  onPick: (tag: string) => void
  tags?: readonly MergeTag[]
  label: string
  disabled?: boolean
  size?: 'small' | 'middle'
}) {
  const options = groups
    .map((group) => ({
      label: group,
      title: group,
      options: tags
        .filter((t) => t.group === group)
        .map((t) => ({
          value: t.tag,
          title: `${t.label} ${t.tag}`,
          label: (
            <div style={{ whiteSpace: 'normal' }}>
              {t.label} <Typography.Text code>{t.tag}</Typography.Text>
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t.description}
              </Typography.Text>
            </div>
          ),
        })),
    }))
    .filter((group) => group.options.length > 0)
  return (
    <Select<string>
      aria-label={label}
      placeholder={label}
      value={null}
      showSearch={{ optionFilterProp: 'title' }}
      disabled={disabled}
      size={size}
      options={options}
      onSelect={(tag) => onPick(tag)}
      optionLabelProp="title"
      style={{ width: size === 'small' ? 260 : 340 }}
      popupMatchSelectWidth={420}
    />
  )
}
