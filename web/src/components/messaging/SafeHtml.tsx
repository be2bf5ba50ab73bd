import './messaging.css'
import { NOTICE_HTML_ATTRIBUTES, NOTICE_HTML_TAGS } from '@app/contracts'
import DOMPurify from 'dompurify'
import { useMemo } from 'react'

/**
 * Notice HTML, sanitized a second time in the browser (DESIGN 1): the server's allow-list on
 * save, DOMPurify here. Only the tags the editor makes survive; links open safely.
 */
export const purifyNoticeHtml = (html: string): string => {
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...NOTICE_HTML_TAGS],
    ALLOWED_ATTR: [...new Set(Object.values(NOTICE_HTML_ATTRIBUTES).flat())],
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
