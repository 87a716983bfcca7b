import { messages } from '@spaceboard/domain'
import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Alert, Button } from 'antd'
import { useState } from 'react'
import { api } from '../../platform/api-client.ts'
import { profileQuery } from '../../platform/session.ts'
import { AuthCard } from './auth-card.tsx'

const route = getRouteApi('/admin/confirm-email')

/**
 * The link of a profile's e-mail change. The change is made by the button, not by opening the
 * page: mail scanners that open links would otherwise use it up.
 */
export function ConfirmEmail() {
  const { token } = route.useSearch()
  const queryClient = useQueryClient()
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(
    token ? null : { ok: false, message: messages.emailChangeLinkInvalid },
  )
  const [busy, setBusy] = useState(false)

  const confirm = async () => {
    setBusy(true)
    try {
      const answer = await api<{ message: string }>('/api/profile/email-confirmation', {
        method: 'POST',
        body: { token },
        on401: 'error',
      })
      // The page may hold the profile as it was served (old address): drop it, so the next screen
      // that needs it reads it anew instead of showing the kept one first.
      queryClient.removeQueries({ queryKey: profileQuery.queryKey })
      setOutcome({ ok: true, message: answer.message })
    } catch (error) {
      setOutcome({ ok: false, message: error instanceof Error ? error.message : String(error) })
    }
    setBusy(false)
  }

  return (
    <AuthCard title="Confirm E-mail">
      {outcome ? (
        <Alert
          type={outcome.ok ? 'success' : 'error'}
          showIcon
          title={outcome.message}
          style={{ marginBottom: 16 }}
        />
      ) : (
        <Button
          type="primary"
          block
          loading={busy}
          onClick={() => void confirm()}
          style={{ marginBottom: 16 }}
        >
          Confirm my new e-mail
        </Button>
      )}
      <Link to="/admin/profile/show">Go to my profile</Link>
    </AuthCard>
  )
}
