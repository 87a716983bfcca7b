import { type MergeTagKey, mergeTagByKey, withoutMarkup } from '@spaceboard/domain'
import { mailParts } from '../../platform/mail.ts'

/** Each merge tag's value as plain text (a link's value is its address). */
export type MergeValues = Partial<Record<MergeTagKey, string>>

export interface RenderedMail {
  subject: string
  html: string
  text: string
}

/** Any double-brace tag, as the domain's check finds them: one the product does not know renders as nothing. */
const TAG = /\{\{\s*([^{}]*?)\s*\}\}/g

/** What a link tag shows in HTML; the address itself for a website. */
const linkTexts: Partial<Record<MergeTagKey, string>> = {
  calendar_link: 'Add to calendar',
  directions_link: 'Get directions',
  booking_link: 'View the booking',
  sign_in_link: 'Sign in',
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

function htmlValue(key: MergeTagKey, kind: string, value: string): string {
  if (!value) return ''
  if (kind === 'link') {
    // Only web addresses become links: a value is never a javascript: or data: URL.
    if (!/^https?:\/\//i.test(value)) return escapeHtml(value)
    return `<a href="${escapeHtml(value)}">${escapeHtml(linkTexts[key] ?? value)}</a>`
  }
  if (kind === 'block') return escapeHtml(value).replace(/\r?\n/g, '<br>')
  return escapeHtml(value)
}

/**
 * Renders a template as it is queued: merge values HTML-escaped, a tag the product does not know
 * rendered as nothing (never as its braces), the subject as plain text (the template's markup
 * removed, the values as they are) with the subject tags only and on one line. The inlined styles
 * and the plain-text alternative are made by delivery (`mailParts`), for every mail alike.
 */
export function renderHtml(
  template: { subject: string; html: string },
  values: MergeValues,
): { subject: string; html: string } {
  const subject = withoutMarkup(template.subject)
    .replace(TAG, (_, name: string) => {
      const tag = mergeTagByKey(name)
      return tag?.subject ? (values[tag.key as MergeTagKey] ?? '') : ''
    })
    .replace(/[\r\n]+/g, ' ')
    .trim()
  const html = template.html.replace(TAG, (_, name: string) => {
    const tag = mergeTagByKey(name)
    if (!tag) return ''
    const key = tag.key as MergeTagKey
    return htmlValue(key, tag.kind, values[key] ?? '')
  })
  return { subject, html }
}

/** The template rendered as its mail goes out, with its plain-text alternative (Preview). */
export function renderTemplate(
  template: { subject: string; html: string },
  values: MergeValues,
): RenderedMail {
  const rendered = renderHtml(template, values)
  return { subject: rendered.subject, ...mailParts(rendered.html) }
}
