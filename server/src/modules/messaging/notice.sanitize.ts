import { NOTICE_HTML_ATTRIBUTES, NOTICE_HTML_TAGS } from '@app/contracts'
import sanitizeHtml from 'sanitize-html'

/**
 * The HTML a notice may keep (the allow-list NOTICE_HTML_TAGS shared with the web's DOMPurify):
 * text structure, lists, quotes, code and links. No script, style, iframe, form, media or SVG;
 * no event handler, style or class attribute; links only to http(s) and mailto addresses or app
 * paths.
 */
const NOTICE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...NOTICE_HTML_TAGS],
  allowedAttributes: { a: [...NOTICE_HTML_ATTRIBUTES.a], ol: [...NOTICE_HTML_ATTRIBUTES.ol] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        ...(attribs.target === '_blank' ? { target: '_blank' } : {}),
        rel: 'noopener noreferrer nofollow',
      },
    }),
  },
}

export const sanitizeNoticeHtml = (html: string): string => sanitizeHtml(html, NOTICE_HTML).trim()

/** The text of some HTML, whitespace collapsed, cut to `max` characters (message excerpts). */
export const plainText = (html: string, max: number): string => {
  const text = sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
