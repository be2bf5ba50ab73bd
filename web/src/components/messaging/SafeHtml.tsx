import './messaging.css'
import DOMPurify from 'dompurify'
import { useMemo } from 'react'

/**
 * Notice HTML, sanitized a second time in the browser (DESIGN 1): the server's allow-list on
 * save, DOMPurify here. Only the tags the editor makes survive; links open safely.
 */
export const purifyNoticeHtml = (html: string): string => {
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [
      'p',
      'br',
      'hr',
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
      'del',
      'sub',
      'sup',
      'blockquote',
      'code',
      'pre',
      'ul',
      'ol',
      'li',
      'a',
    ],
    ALLOWED_ATTR: ['href', 'target', 'rel', 'start'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/))/i,
    RETURN_TRUSTED_TYPE: false,
  })
  return clean
}

export const SafeHtml = ({ html, className }: { html: string; className?: string }) => {
  const clean = useMemo(() => purifyNoticeHtml(html), [html])
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on save and by DOMPurify just above
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} data-testid="notice-html" />
}
