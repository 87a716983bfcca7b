import type { Profile } from '@spaceboard/domain'
import { type QueryClient, queryOptions, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { api } from './api-client.ts'

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: ({ signal }) => api<Profile>('/api/profile', { signal, on401: 'error' }),
  staleTime: 5 * 60_000,
})

/** The signed-in person. Only inside the signed-in area, whose guard has loaded the profile. */
export function useProfile(): Profile {
  return useSuspenseQuery(profileQuery).data
}

export function fullName(profile: Pick<Profile, 'first_name' | 'last_name'>): string {
  return `${profile.first_name} ${profile.last_name}`.trim()
}

/** Starts a session with the profile the sign-in (or reset password) call answered. */
export function startSession(queryClient: QueryClient, profile: Profile): void {
  queryClient.clear()
  queryClient.setQueryData(profileQuery.queryKey, profile)
}

/** Ends the session, goes to the sign-in page, then forgets the cached data of the session. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async () => {
    try {
      await api<void>('/api/logout', { method: 'POST', on401: 'error' })
    } finally {
      await navigate({ to: '/admin/login', search: {} })
      queryClient.clear()
    }
  }
}
