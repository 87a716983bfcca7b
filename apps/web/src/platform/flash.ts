import { useEffect } from 'react'
import { useToast } from './feedback.ts'

const KEY = 'spaceboard.flash'

/**
 * Loads the given path as a new page (the spec reloads the app after some saves, so that the
 * organization's settings apply everywhere) and shows the success text once the new page is up.
 */
export function reloadTo(path: string, successText: string): void {
  try {
    sessionStorage.setItem(KEY, successText)
  } catch {
    // storage refused (private mode): the page still reloads, without the toast
  }
  window.location.assign(path)
}

/** Shows the text left by reloadTo, once. Mounted by the signed-in shell. */
export function useFlashToast(): void {
  const toast = useToast()
  useEffect(() => {
    let text: string | null = null
    try {
      text = sessionStorage.getItem(KEY)
      sessionStorage.removeItem(KEY)
    } catch {
      return
    }
    if (text) toast.success(text)
  }, [toast])
}
