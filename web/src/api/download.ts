import { type Envelope, errorText } from '@app/contracts'
import { session } from '../auth/session.ts'
import { REQUEST_TIMEOUT_MS } from '../config/constants.ts'
import { currentLang, i18n } from '../i18n/index.ts'
import { API_BASE, ApiError, type Query } from './http.ts'

export type DownloadedFile = { blob: Blob; filename: string | null }

const filenameOf = (disposition: string | null): string | null => {
  if (!disposition) return null
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition)
  if (star?.[1]) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''))
  const plain = /filename="?([^";]+)"?/i.exec(disposition)
  return plain?.[1] ?? null
}

/**
 * A file from the API (exports, error workbooks, attachments) with the same headers as every call
 * (`X-Access-Token`, `langCode`, `_t`). A JSON answer instead of a file is an envelope refusing it:
 * it becomes an `ApiError` with the catalogue text, for the caller to show.
 */
export const downloadBlob = async (path: string, query: Query = {}): Promise<DownloadedFile> => {
  const url = new URL(`${API_BASE}${path}`, window.location.origin)
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v))
  }
  url.searchParams.set('_t', String(Math.floor(Date.now() / 1000)))
  const headers: Record<string, string> = { langCode: currentLang() }
  const token = session.token()
  if (token) headers['X-Access-Token'] = token
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).catch(() => {
    throw new ApiError(0, 0, i18n.t('common.http.downloadFailed'))
  })
  const type = res.headers.get('content-type') ?? ''
  if (res.ok && !type.includes('application/json')) {
    return { blob: await res.blob(), filename: filenameOf(res.headers.get('content-disposition')) }
  }
  const body = (await res.json().catch(() => null)) as Envelope<unknown> | null
  const code = body?.code ?? 0
  const text =
    (code ? errorText(code, currentLang()) : undefined) ?? body?.message ?? i18n.t('common.http.downloadFailed')
  throw new ApiError(res.status, code, text, body?.result ?? null)
}

/** Hands a downloaded file to the browser as a download. */
export const saveFile = ({ blob, filename }: DownloadedFile, fallbackName: string) => {
  const href = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = href
  a.download = filename ?? fallbackName
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(href), 1000)
}
