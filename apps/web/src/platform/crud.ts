import { messages } from '@spaceboard/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from './api-client.ts'
import { useConfirm, useToast } from './feedback.ts'

/** One record of a resource, e.g. `GET /api/country/7`, keyed under the endpoint. */
export function useRecord<T>(endpoint: string, id: number | null) {
  return useQuery({
    queryKey: [endpoint, 'record', id],
    queryFn: ({ signal }) => api<T>(`${endpoint}/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  })
}

export interface RecordMutationOptions {
  /** The delete call when it is not `DELETE {endpoint}/{id}` (client types send `?id={id}`). */
  deletePath?: (id: number) => string
  /** The delete confirmation when it is not the generic one (regions warn about their children). */
  confirmDeleteText?: string
}

/**
 * Create, update and delete of a resource with the spec's toasts; every list and record of the
 * endpoint is refetched afterwards. Create and update reject with the ApiError so a form can show
 * the field errors; delete asks "Do you really want to delete this record?" (or the given text) first.
 */
export function useRecordMutations<TInput, TRecord>(endpoint: string, options: RecordMutationOptions = {}) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirm = useConfirm()
  const refresh = () => queryClient.invalidateQueries({ queryKey: [endpoint] })

  const create = useMutation({
    mutationFn: (input: TInput) => api<TRecord>(endpoint, { method: 'POST', body: input }),
    onSuccess: async () => {
      toast.success(messages.recordCreated)
      await refresh()
    },
  })
  const update = useMutation({
    mutationFn: ({ id, input }: { id: number; input: TInput }) =>
      api<TRecord>(`${endpoint}/${id}`, { method: 'PUT', body: input }),
    onSuccess: async () => {
      toast.success(messages.recordUpdated)
      await refresh()
    },
  })
  const remove = useMutation({
    mutationFn: (id: number) =>
      api<unknown>(options.deletePath?.(id) ?? `${endpoint}/${id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      toast.success(messages.recordDeleted)
      await refresh()
    },
    onError: (error) => toast.failure(error),
  })

  return {
    create: (input: TInput) => create.mutateAsync(input),
    update: (id: number, input: TInput) => update.mutateAsync({ id, input }),
    /** Asks for confirmation, then deletes. */
    remove: async (id: number) => {
      if (!(await confirm({ content: options.confirmDeleteText ?? messages.confirmDelete, danger: true })))
        return
      remove.mutate(id)
    },
  }
}
