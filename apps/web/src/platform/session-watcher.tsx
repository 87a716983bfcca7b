import { messages } from '@spaceboard/domain'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { App } from 'antd'
import { useEffect } from 'react'
import { onUnauthorized } from './api-client.ts'

/**
 * When any call answers 401 the session is gone: say so once, forget the cached data and go to
 * the sign-in page with a `redirect` back to where the person was.
 */
export function SessionWatcher() {
  const router = useRouter()
  const queryClient = useQueryClient()
  const { message } = App.useApp()
  useEffect(
    () =>
      onUnauthorized(() => {
        const location = router.state.location
        if (location.pathname.startsWith('/admin/login')) return
        void message.error({ content: messages.sessionExpired, key: 'session-expired' })
        void router
          .navigate({ to: '/admin/login', search: { redirect: location.href } })
          .then(() => queryClient.clear())
      }),
    [router, queryClient, message],
  )
  return null
}
