import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { plainForgotLink, SignIn } from './sign-in.tsx'

/**
 * The sign-in page's markup, made at build time (vite.config.ts, buildTimeRenders) into the page
 * the server sends for /admin/login: the form is on screen and works (a native post to POST
 * /admin/login) as soon as the page is in, before its script has come and run (issue 14). main.tsx
 * hydrates it with the same tree.
 */
export function renderServedSignIn(): string {
  return renderToString(
    <StrictMode>
      <SignIn served="render" onSignedIn={() => undefined} forgotLink={plainForgotLink} />
    </StrictMode>,
  )
}
