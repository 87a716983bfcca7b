import type sanitizeHtml from 'sanitize-html'
import { onFirstUse } from '../../platform/on-first-use.ts'

const sanitizer = onFirstUse<typeof sanitizeHtml>('sanitize-html')

const colour = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i

/**
 * What a template's HTML may hold: what the editor's toolbar makes (headings, bold, italic,
 * underline, strike, alignment, lists, colours, links, images) and nothing that runs. Scripts,
 * styles, frames and forms go with their content; event handlers and other attributes are dropped;
 * links keep only http, https, mailto and tel (no `javascript:`); images only http(s) or our own
 * uploads. Inline styles are kept only for colours and alignment, the formats mail clients show.
 */
const options: Omit<sanitizeHtml.IOptions, 'transformTags'> = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'span',
    'a',
    'ol',
    'ul',
    'li',
    'img',
    'blockquote',
    'sub',
    'sup',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    li: ['data-list'],
    '*': ['style', 'class'],
  },
  allowedClasses: {
    '*': [
      'ql-align-center',
      'ql-align-right',
      'ql-align-justify',
      /^ql-indent-[1-8]$/,
      /^ql-size-(small|large|huge)$/,
      /^ql-font-(serif|monospace)$/,
    ],
  },
  allowedStyles: {
    '*': {
      color: [colour],
      'background-color': [colour],
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
}

/** The template's HTML as it is stored: only the allow-list above survives. */
export function sanitizeEmailContent(html: string): string {
  const sanitize = sanitizer()
  return sanitize(html, {
    ...options,
    transformTags: {
      // A link opens outside the mail and tells the target nothing about it.
      a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
    },
  })
}
