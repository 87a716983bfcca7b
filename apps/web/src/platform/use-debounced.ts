import { useEffect, useState } from 'react'

/** A value that follows the given one after it has stayed the same for `ms` (compared as JSON). */
export function useDebounced<T>(value: T, ms: number): T {
  const key = JSON.stringify(value) ?? 'null'
  const [settled, setSettled] = useState<T>(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), ms)
    return () => clearTimeout(timer)
  }, [key, ms])
  return settled
}
