import type { ResultProps } from 'antd'
import { lazy, Suspense } from 'react'

const Result = lazy(() => import('antd/es/result'))

/**
 * antd's Result, loaded when first shown: its 403/404/500 illustrations are ~12 KB gzip that every
 * screen's way would otherwise carry for the refusal, not-found and error pages few people see.
 */
export function ResultLater(props: ResultProps) {
  return (
    <Suspense fallback={<h1 style={{ textAlign: 'center', fontSize: 24 }}>{props.title}</h1>}>
      <Result {...props} />
    </Suspense>
  )
}
