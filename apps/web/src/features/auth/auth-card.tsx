import type { ReactNode } from 'react'
import './auth.css'

/**
 * The centred card of the signed-out screens (sign in, forgot and reset password), in plain markup
 * and CSS (auth.css, the theme's colours): the sign-in page is the first page and carries neither
 * antd nor zod (main.tsx); forgot and reset password render their antd forms inside it.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <div className="auth-card">
        <div className="auth-brand">Spaceboard</div>
        <h1 className="auth-title">{title}</h1>
        <main>{children}</main>
      </div>
    </div>
  )
}
