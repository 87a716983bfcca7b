import type { ErrorComponentProps } from '@tanstack/react-router'
import { Button, Flex } from 'antd'
import { ApiError } from './api-client.ts'
import { ResultLater } from './result-later.tsx'

/** Shown when a screen fails to load (a 403 or 404 of its record, the server down …). */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const status = error instanceof ApiError ? error.status : 0
  const text = error instanceof Error ? error.message : String(error)
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <ResultLater
        status={status === 403 ? '403' : status === 404 ? '404' : 'error'}
        title={text}
        extra={
          <Button type="primary" onClick={reset}>
            Try again
          </Button>
        }
      />
    </Flex>
  )
}
