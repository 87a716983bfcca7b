import { PlusOutlined } from '@ant-design/icons'
import { can, messages, type Profile, spaceActionSchema } from '@spaceboard/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Input } from 'antd'
import { useEffect, useState } from 'react'
import { api } from '../../platform/api-client.ts'
import { useConfirm, useToast } from '../../platform/feedback.ts'
import { type ListColumn, ListPage, useListPage } from '../../platform/list-page.tsx'
import { type RowAction, RowActions } from '../../platform/row-actions.tsx'
import { useProfile } from '../../platform/session.ts'
import { StatusTag } from '../../platform/status-tag.tsx'
import { remainingLicences, SPACE_ENDPOINT, type SpaceOrder, type SpaceRow } from './api.ts'

const route = getRouteApi('/_signed-in/admin/meeting-room/list')

/** What PUT /api/meetingroom/{id} answers to the list's coded actions. */
interface ActionAnswer {
  status?: boolean
  message: string
}

/**
 * Non-super users need a free licence to add, activate or restore a space (spec 3 §5): asks how
 * many are left; none left shows the refusal as info and answers false.
 */
function useLicenceCheck(profile: Pick<Profile, 'type' | 'organization_id'>) {
  const toast = useToast()
  return async (refusal: string): Promise<boolean> => {
    if (profile.type === 'super') return true
    let remaining: number | null
    try {
      remaining = await remainingLicences(profile.organization_id)
    } catch (error) {
      toast.failure(error)
      return false
    }
    if (remaining !== null && remaining <= 0) {
      toast.info(refusal)
      return false
    }
    return true
  }
}

/**
 * The list's actions on PUT /api/meetingroom/{id}: display order, activate / deactivate, archive
 * (after "Do you want to archive the Space?") and restore, each toasting the API's message.
 */
function useSpaceActions(profile: Profile) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirm = useConfirm()
  const licensed = useLicenceCheck(profile)
  const change = useMutation({
    mutationFn: ({ id, body }: { id: number; body: Record<string, unknown> }) =>
      api<ActionAnswer>(`${SPACE_ENDPOINT}/${id}`, { method: 'PUT', body: { id, ...body } }),
    onSuccess: async (answer) => {
      // The display order answers {status, message}: the message is a success or an error by status.
      if (answer.status === false) toast.error(answer.message)
      else toast.success(answer.message)
      await queryClient.invalidateQueries({ queryKey: [SPACE_ENDPOINT] })
    },
    onError: (error) => toast.failure(error),
  })
  return {
    setActive: async (space: SpaceRow, active: boolean) => {
      if (active && !(await licensed(messages.licenceActivate))) return
      if (!active) {
        const future = await api<{ count: number }>(`${SPACE_ENDPOINT}/${space.id}/future-bookings`).catch(
          (error: unknown) => {
            toast.failure(error)
            return null
          },
        )
        if (!future) return
        if (
          future.count > 0 &&
          !(await confirm({ content: messages.futureBookingsDeactivate(future.count) }))
        )
          return
      }
      change.mutate({
        id: space.id,
        body: { code: 'ACTIVE_INACTIVE', is_active: active ? 1 : 0, status: active ? 'enabled' : 'disabled' },
      })
    },
    archive: async (space: SpaceRow) => {
      if (await confirm({ content: messages.confirmSpaceArchive, danger: true }))
        change.mutate({ id: space.id, body: { code: 'ARCHIVE' } })
    },
    restore: async (space: SpaceRow) => {
      // Restoring an active space takes a licence again.
      if (space.is_active === 1 && !(await licensed(messages.licenceRestore))) return
      change.mutate({ id: space.id, body: { code: 'RESTORE', deleted_at: null } })
    },
    /** Resolves whether the new order was saved (the input goes back to the saved one otherwise). */
    setDisplayOrder: async (space: SpaceRow, text: string): Promise<boolean> => {
      const body = { code: 'DISPLAY_ORDER', id: space.id, display_order: text }
      const parsed = spaceActionSchema.safeParse(body)
      if (!parsed.success) {
        toast.error(parsed.error.issues[0]?.message ?? messages.displayOrderInvalid)
        return false
      }
      try {
        const answer = await change.mutateAsync({ id: space.id, body: parsed.data })
        return answer.status !== false
      } catch {
        return false
      }
    },
  }
}

/** The inline display order of a row: saved on Enter or when the input loses focus. */
function DisplayOrderInput({
  space,
  disabled,
  onSave,
}: {
  space: SpaceRow
  disabled: boolean
  onSave: (text: string) => Promise<boolean>
}) {
  const saved = String(space.display_order ?? 0)
  const [text, setText] = useState(saved)
  const [saving, setSaving] = useState(false)
  useEffect(() => setText(saved), [saved])
  const commit = async () => {
    if (text.trim() === saved || saving) return
    setSaving(true)
    if (!(await onSave(text.trim()))) setText(saved)
    setSaving(false)
  }
  return (
    <Input
      size="small"
      inputMode="numeric"
      aria-label={`Display order of ${space.name}`}
      value={text}
      disabled={disabled || saving}
      maxLength={6}
      style={{ width: 88 }}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => void commit()}
      onPressEnter={(event) => event.currentTarget.blur()}
    />
  )
}

/**
 * Spaces (/admin/meeting-room/list): Organization (super), Location / Center, Name, Capacity, Type,
 * the inline display order and the status, sorted by display order (0 or none counting as 10000).
 * Rows: View Detail, Edit, Activate or Deactivate, Archive or Restore — all but View Detail disabled for csr.
 */
export function SpaceList() {
  const profile = useProfile()
  const search = route.useSearch()
  const navigate = useNavigate()
  const list = useListPage<SpaceRow, SpaceOrder>({
    endpoint: SPACE_ENDPOINT,
    search,
    onSearchChange: (next) => void navigate({ to: '/admin/meeting-room/list', search: next }),
  })
  const actions = useSpaceActions(profile)
  const licensed = useLicenceCheck(profile)
  const canWrite = can(profile.type, 'spaces.write')
  const [adding, setAdding] = useState(false)

  const add = async () => {
    setAdding(true)
    const allowed = await licensed(messages.licenceAdd)
    setAdding(false)
    if (allowed) void navigate({ to: '/admin/meeting-room/add' })
  }

  const columns: ListColumn<SpaceRow, SpaceOrder>[] = []
  if (profile.type === 'super') {
    columns.push({ title: 'Organization', dataIndex: 'organizationName', sortKey: 'organizationName' })
  }
  columns.push(
    { title: 'Location / Center', dataIndex: 'centerName', sortKey: 'centerName' },
    { title: 'Name', dataIndex: 'name', sortKey: 'name' },
    { title: 'Capacity', dataIndex: 'capacity', sortKey: 'capacity', align: 'right' },
    { title: 'Type', dataIndex: 'type', sortKey: 'type' },
    {
      title: 'Display Order',
      key: 'display_order',
      sortKey: 'display_order',
      width: 130,
      render: (_: unknown, space: SpaceRow) => (
        <DisplayOrderInput
          space={space}
          disabled={!canWrite}
          onSave={(text) => actions.setDisplayOrder(space, text)}
        />
      ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_: unknown, space: SpaceRow) => <StatusTag record={space} />,
    },
    {
      title: 'Action',
      key: 'action',
      width: 120,
      render: (_: unknown, space: SpaceRow) => {
        const id = String(space.id)
        const rowActions: RowAction[] = [
          {
            key: 'view',
            label: 'View Detail',
            onClick: () => void navigate({ to: '/admin/meeting-room/view/$id', params: { id } }),
          },
          {
            key: 'edit',
            label: 'Edit',
            disabled: !canWrite,
            onClick: () => void navigate({ to: '/admin/meeting-room/edit/$id', params: { id } }),
          },
          space.is_active === 1
            ? {
                key: 'deactivate',
                label: 'Deactivate',
                disabled: !canWrite,
                onClick: () => void actions.setActive(space, false),
              }
            : {
                key: 'activate',
                label: 'Activate',
                disabled: !canWrite,
                onClick: () => void actions.setActive(space, true),
              },
          space.deleted_at
            ? {
                key: 'restore',
                label: 'Restore',
                disabled: !canWrite,
                onClick: () => void actions.restore(space),
              }
            : {
                key: 'archive',
                label: 'Archive',
                danger: true,
                disabled: !canWrite,
                onClick: () => void actions.archive(space),
              },
        ]
        return <RowActions actions={rowActions} />
      },
    },
  )

  return (
    <ListPage<SpaceRow, SpaceOrder>
      title="Spaces"
      list={list}
      columns={columns}
      actions={
        canWrite ? (
          <Button type="primary" icon={<PlusOutlined />} loading={adding} onClick={() => void add()}>
            Add Space
          </Button>
        ) : null
      }
    />
  )
}
