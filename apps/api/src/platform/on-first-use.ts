import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/**
 * A CommonJS package loaded when it is first needed rather than when the server starts: for
 * packages only some requests use (the mail's plain text, a template's sanitizing), whose loading
 * would add to every start.
 */
export function onFirstUse<T>(packageName: string): () => T {
  let loaded: T | undefined
  return () => {
    loaded ??= require(packageName) as T
    return loaded
  }
}
