import { type Envelope, errorText, OK, WARNING } from '@app/contracts'
import { session } from '../auth/session.ts'
import { RELOAD_AFTER_401_MS, REQUEST_TIMEOUT_MS } from '../config/constants.ts'
import { currentLang, i18n } from '../i18n/index.ts'
import { toast } from './feedback.ts'

export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api'

/** A failed call: HTTP status, catalogue code and the text shown to the user. */
export class ApiError extends Error {
  readonly status: number
  readonly code: number
  readonly result: unknown
  constructor(status: number, code: number, message: string, result: unknown = null) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.result = result
  }
}

/** The first problem a refused input names (a 400's issues, worded by the server in the user's language). */
const firstIssue = (e: ApiError) => {
  const [issue] = Array.isArray(e.result) ? (e.result as { message?: unknown }[]) : []
  return e.status === 400 && typeof issue?.message === 'string' && issue.message ? issue.message : null
}

/**
 * What to tell the user of a failed call: the server's words in their language (with the first
 * problem of a refused input), else a general text.
 */
export const failureText = (
  e: unknown,
  fallbackKey: 'common.http.requestError' | 'common.http.downloadFailed' = 'common.http.requestError',
): string => {
  if (!(e instanceof ApiError)) return i18n.t(fallbackKey)
  const issue = firstIssue(e)
  return issue ? i18n.t('common.messages.refusedInput', { message: e.message, issue }) : e.message
}

export type Query = Record<string, string | number | boolean | null | undefined>

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  query?: Query
  body?: unknown
  /** The caller shows errors itself (forms); nothing is shown globally. */
  silent?: boolean
  /** Leave out the `_t` cache-buster (SPEC 7: the dict-items call). */
  noTimestamp?: boolean
  timeoutMs?: number
  signal?: AbortSignal
  /** A call of signing out itself: it still leaves after `stopRequests`. */
  signingOut?: boolean
}

let reloading = false
/** The calls under way that `stopRequests` drops. */
const underWay = new Set<AbortController>()

/**
 * The page is about to reload signed out (a logout, an expired session): no call leaves it from
 * now on, and the answers of those under way are not waited for. Clearing the session re-renders
 * the screens, and their queries would otherwise ask again without a token (or with the revoked
 * one); a call that set out before the logout and reached the server after it would be refused
 * with 401 all the same.
 */
export const stopRequests = () => {
  reloading = true
  for (const controller of underWay) controller.abort('stopped')
}

/** An answer nobody waits for: the page is going. */
const never = <T>() => new Promise<T>(() => {})

/** SPEC 8: 401 shows 'Unauthorized', then logs out and reloads after 1.5 s. */
const expireSession = (text: string) => {
  if (reloading) return
  reloading = true
  toast('error', text)
  session.clear()
  setTimeout(() => window.location.assign('/'), RELOAD_AFTER_401_MS)
}

const buildUrl = (path: string, query: Query | undefined, timestamp: boolean) => {
  const url = new URL(`${API_BASE}${path}`, window.location.origin)
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v))
  }
  if (timestamp) url.searchParams.set('_t', String(Math.floor(Date.now() / 1000)))
  return url.toString()
}

const headers = (json: boolean): Record<string, string> => {
  const h: Record<string, string> = { langCode: currentLang() }
  const token = session.token()
  if (token) h['X-Access-Token'] = token
  if (json) h['Content-Type'] = 'application/json'
  return h
}

const statusText = (status: number): string | null => {
  if (status === 401) return i18n.t('common.http.unauthorized')
  if (status === 403) return i18n.t('common.http.accessDenied')
  if (status === 404) return i18n.t('common.http.notFound')
  if (status === 504) return i18n.t('common.http.timeout')
  return null
}

/** Sends one call: headers, timeout, the envelope and every SPEC 8 rule in one place. */
export const request = async <T>(path: string, opts: RequestOptions = {}): Promise<T> => {
  // the page is going: the call would only be refused, and its answer has nobody to read it
  if (reloading && !opts.signingOut) return never()
  const method = opts.method ?? 'GET'
  const isForm = opts.body instanceof FormData
  const controller = new AbortController()
  if (!opts.signingOut) underWay.add(controller)
  const timer = setTimeout(() => controller.abort('timeout'), opts.timeoutMs ?? REQUEST_TIMEOUT_MS)
  opts.signal?.addEventListener('abort', () => controller.abort(opts.signal?.reason))
  let res: Response
  try {
    res = await fetch(buildUrl(path, opts.query, method === 'GET' && !opts.noTimestamp), {
      method,
      headers: headers(opts.body !== undefined && !isForm),
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: controller.signal,
    })
  } catch (e) {
    if (controller.signal.reason === 'stopped') return never()
    const timedOut = controller.signal.reason === 'timeout'
    if (!timedOut && opts.signal?.aborted) throw e
    const text = i18n.t(timedOut ? 'common.http.timeout' : 'common.http.network')
    if (!opts.silent) toast('error', text)
    throw new ApiError(timedOut ? 504 : 0, 0, text)
  } finally {
    clearTimeout(timer)
    underWay.delete(controller)
  }
  if (reloading && !opts.signingOut) return never()
  return handle<T>(res, path, opts)
}

const handle = async <T>(res: Response, path: string, opts: RequestOptions): Promise<T> => {
  let body: Envelope<T> | null = null
  try {
    body = (await res.json()) as Envelope<T>
  } catch {
    body = null
  }
  if (res.ok && body && body.code === OK) return body.result
  if (res.ok && body && body.code === WARNING) {
    const text = typeof body.result === 'string' ? body.result : body.message
    if (!opts.silent) toast('warning', text)
    throw new ApiError(res.status, WARNING, text, body.result)
  }
  const code = body?.code ?? 0
  // the server words the error in the request's language from the runtime code table (editable
  // on the language screen); the bundled catalogue stands in when there is no answer to read
  const text =
    body?.message ||
    (code ? errorText(code, currentLang()) : undefined) ||
    statusText(res.status) ||
    i18n.t('common.http.requestError')
  const error = new ApiError(res.status, code, text, body?.result ?? null)
  const isLogin = path === '/sys/login'
  if (res.status === 401 && !isLogin) {
    expireSession(statusText(401)!)
    throw error
  }
  if (res.status === 500 && !session.token()) {
    // SPEC 8: a server error without a token means the session is gone
    expireSession(i18n.t('common.http.loginExpired'))
    throw error
  }
  if (!opts.silent) toast('error', res.status === 403 && !body ? statusText(403)! : text)
  throw error
}

export const http = {
  get: <T>(path: string, query?: Query, opts?: Omit<RequestOptions, 'method' | 'query'>) =>
    request<T>(path, { ...opts, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string, query?: Query, opts?: Omit<RequestOptions, 'method' | 'query'>) =>
    request<T>(path, { ...opts, method: 'DELETE', query }),
}
