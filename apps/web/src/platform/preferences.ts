import type { PreferenceKey, PreferenceValue } from '@spaceboard/domain'
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from './api-client.ts'

const ENDPOINT = '/api/preference'

export interface PreferenceAnswer<K extends PreferenceKey> {
  key: K
  value: PreferenceValue<K> | null
}

/** What a screen remembered for the signed-in person (null when nothing yet). */
export const preferenceQuery = <K extends PreferenceKey>(key: K) =>
  queryOptions({
    queryKey: [ENDPOINT, key],
    queryFn: async ({ signal }) => (await api<PreferenceAnswer<K>>(`${ENDPOINT}/${key}`, { signal })).value,
    staleTime: 60_000,
  })

/**
 * A preference asked for before the app was up (main.tsx, beside the profile): the screen's query
 * waits for that request instead of making its own. Should it fail, the screen asks again.
 */
export function seedPreference<K extends PreferenceKey>(
  queryClient: QueryClient,
  key: K,
  answer: Promise<PreferenceAnswer<K>>,
): void {
  void queryClient.prefetchQuery({
    ...preferenceQuery(key),
    queryFn: async () => (await answer).value,
    retry: false,
  })
}

/** Saves what a screen remembers; the cached value follows at once. */
export function useSavePreference<K extends PreferenceKey>(key: K) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (value: PreferenceValue<K> | null) =>
      value === null
        ? api<PreferenceAnswer<K>>(`${ENDPOINT}/${key}`, { method: 'DELETE' })
        : api<PreferenceAnswer<K>>(`${ENDPOINT}/${key}`, { method: 'PUT', body: value }),
    // The screen acts on the new value at once (a cleared filter must not come back meanwhile).
    onMutate: (value) => queryClient.setQueryData(preferenceQuery(key).queryKey, value),
    onSuccess: (answer) => queryClient.setQueryData(preferenceQuery(key).queryKey, answer.value),
  })
}
