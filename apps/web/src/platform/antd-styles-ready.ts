/**
 * Resolves once antd's first-paint stylesheet (vite.config.ts antdStyles, linked by the app-preload
 * script) is loaded, or failed, or is not on the page (a development server). antd reads the map
 * of the styles it holds once, at its first render, and makes them itself if the sheet is not there
 * yet: the app waits for it before its first render. On the sign-in page the sheet is only fetched
 * (a preload) until the person has signed in: `apply` makes it the page's stylesheet then.
 */
export function antdStylesReady({ apply = false } = {}): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-antd-styles]')
  if (!link) return Promise.resolve()
  if (apply && link.rel === 'preload') link.rel = 'stylesheet'
  if (link.rel !== 'stylesheet' || link.sheet) return Promise.resolve()
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true })
    link.addEventListener('error', () => resolve(), { once: true })
  })
}
