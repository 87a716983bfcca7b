import { can, messages, type Permission, permissionRefusal } from '@spaceboard/domain'
import { type AsyncRouteComponent, useNavigate } from '@tanstack/react-router'
import { Button, Flex } from 'antd'
import type { ComponentType } from 'react'
import { ApiError } from './api-client.ts'
import { ResultLater } from './result-later.tsx'
import { useProfile } from './session.ts'

/**
 * Shown instead of a screen that failed to load its record: another organization's record is a
 * 404 (as if it did not exist), a forbidden one a 403.
 */
export function LoadFailed({ error }: { error: unknown }) {
  const navigate = useNavigate()
  const status = error instanceof ApiError ? error.status : 0
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <ResultLater
        status={status === 403 ? '403' : status === 404 ? '404' : 'error'}
        title={error instanceof Error && error.message ? error.message : messages.internalError}
        extra={
          <Button type="primary" onClick={() => void navigate({ to: '/admin/dashboard' })}>
            Back to the dashboard
          </Button>
        }
      />
    </Flex>
  )
}

/**
 * A screen only the roles with the permission may open; the others see a 403 inside the shell
 * (the menu does not offer it to them and the API refuses its calls anyway).
 */
export function guarded(permission: Permission, LazyScreen: AsyncRouteComponent<unknown>) {
  const Screen = LazyScreen as ComponentType
  function Guarded() {
    const profile = useProfile()
    if (!can(profile.type, permission)) {
      return <LoadFailed error={new ApiError(403, { message: permissionRefusal(permission) })} />
    }
    return <Screen />
  }
  // The screen is lazy (lazyRouteComponent): the router loads its chunk with the route, or ahead
  // of it (a menu entry under the pointer), through `preload`.
  return Object.assign(Guarded, { preload: LazyScreen.preload })
}
