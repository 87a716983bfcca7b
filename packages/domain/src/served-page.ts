/**
 * A page the server rendered (issue 14): what the web's render makes (apps/web/src/ssr.tsx), how the
 * API puts it into the page (apps/api/src/platform/server-render.ts) and how the app finds it there
 * (apps/web/src/main.tsx, app.tsx).
 */
export interface RenderedPage {
  /** The screen's markup, for the page's root element. */
  html: string
  /** antd's styles of the markup (plain CSS). */
  styles: string
  /** The answers the markup shows (TanStack Query's dehydrated cache), as JSON. */
  state: string
}

/** The id of the <script type="application/json"> element holding a served page's answers. */
export const SERVED_STATE_ID = 'served-state'

/** The attribute marking a served page's markup and its styles, which the app's first render replaces. */
export const SERVED_MARK = 'data-served'

/**
 * The sign-in page with its form as markup (the web's build writes it beside index.html), which the
 * API sends for /admin/login.
 */
export const SERVED_SIGN_IN_PAGE = 'sign-in.html'
