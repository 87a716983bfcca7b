import { messages } from '@spaceboard/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from './api-client.ts'
import { useConfirmDelete, useToast } from './feedback.ts'

/** One record of a resource, e.g. `GET /api/country/7`, keyed under the endpoint. */
export function useRecord<T>(endpoint: string, id: number | null) {
  return useQuery({
    queryKey: [endpoint, 'record', id],
    queryFn: ({ signal }) => api<T>(`${endpoint}/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  })
}

/**
 * Create, update and delete of a resource with the spec's toasts; every list and record of the
 * endpoint is refetched afterwards. Create and update reject with the ApiError so a form can show
 * the field errors; delete asks "Do you really want to delete this record?" first.
 */
export function useRecordMutations<TInput, TRecord>(endpoint: string) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirmDelete = useConfirmDelete()
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
    mutationFn: (id: number) => api<unknown>(`${endpoint}/${id}`, { method: 'DELETE' }),
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
      if (!(await confirmDelete())) return
      remove.mutate(id)
    },
  }
}
