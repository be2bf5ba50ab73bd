import { Errors } from '@app/contracts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { session } from '../auth/session.ts'
import { StorageKey, storage } from '../auth/storage.ts'
import { initI18n, setLanguage } from '../i18n/index.ts'
import { feedback } from './feedback.ts'
import { ApiError, http } from './http.ts'

type Call = { url: string; init: RequestInit }

/** The network is the one part replaced here: these tests are about what the client does with answers. */
const answer = (status: number, body: unknown) => {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init })
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    }),
  )
  return calls
}

const shown: { error: string[]; warning: string[] } = { error: [], warning: [] }

beforeEach(async () => {
  initI18n()
  await setLanguage('zh')
  shown.error = []
  shown.warning = []
  feedback.message = {
    error: (t: unknown) => shown.error.push(String(t)),
    warning: (t: unknown) => shown.warning.push(String(t)),
  } as never
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const ok = (result: unknown) => ({ success: true, code: 200, message: 'success', result, timestamp: 1 })

describe('http client', () => {
  it('sends the token, the language and a seconds timestamp on GET', async () => {
    storage.set(StorageKey.token, 'tok-1')
    await setLanguage('en')
    const calls = answer(200, ok({ a: 1 }))
    expect(await http.get('/sys/thing', { q: 'x', empty: '' })).toEqual({ a: 1 })
    const url = new URL(calls[0]!.url)
    expect(url.pathname).toBe('/api/sys/thing')
    expect(url.searchParams.get('q')).toBe('x')
    expect(url.searchParams.has('empty')).toBe(false)
    expect(Number(url.searchParams.get('_t'))).toBeCloseTo(Date.now() / 1000, -1)
    const headers = calls[0]!.init.headers as Record<string, string>
    expect(headers['X-Access-Token']).toBe('tok-1')
    expect(headers.langCode).toBe('en')
  })

  it('leaves the timestamp out when asked (the dict-items call)', async () => {
    const calls = answer(200, ok([]))
    await http.get('/sys/dict/items', undefined, { noTimestamp: true })
    expect(new URL(calls[0]!.url).searchParams.has('_t')).toBe(false)
  })

  it('shows a 510 answer as a warning with its result text', async () => {
    answer(200, { success: false, code: 510, message: 'warn', result: '公告已撤回', timestamp: 1 })
    await expect(http.get('/sys/notice/queryById')).rejects.toBeInstanceOf(ApiError)
    expect(shown.warning).toEqual(['公告已撤回'])
  })

  it('shows the server’s wording of an error, which follows the editable code table', async () => {
    await setLanguage('en')
    answer(409, {
      success: false,
      code: Errors.InsufficientStock.code,
      message: 'Not enough stock left',
      result: null,
      timestamp: 1,
    })
    await expect(http.post('/x', {})).rejects.toMatchObject({ code: Errors.InsufficientStock.code, status: 409 })
    expect(shown.error).toEqual(['Not enough stock left'])
  })

  it('falls back to the catalogue text of the code in the current language', async () => {
    await setLanguage('en')
    answer(409, { success: false, code: Errors.InsufficientStock.code, message: '', result: null, timestamp: 1 })
    await expect(http.post('/x', {})).rejects.toMatchObject({ code: Errors.InsufficientStock.code })
    expect(shown.error).toEqual(['Insufficient stock'])
  })

  it('stays quiet for a silent call', async () => {
    answer(400, {
      success: false,
      code: Errors.WrongPassword.code,
      message: '登录密码错误',
      result: null,
      timestamp: 1,
    })
    await expect(http.post('/sys/login', {}, { silent: true })).rejects.toMatchObject({ message: '登录密码错误' })
    expect(shown.error).toEqual([])
  })

  it('on 401 says so, signs out, sends nothing more and reloads after 1.5 s', async () => {
    vi.useFakeTimers()
    storage.set(StorageKey.token, 'tok')
    storage.set(StorageKey.userId, 'u1')
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin })
    answer(401, { success: false, code: Errors.SessionError.code, message: 'x', result: null, timestamp: 1 })
    await expect(http.get('/sys/permission/getPermissionList')).rejects.toMatchObject({ status: 401 })
    expect(shown.error).toEqual(['未授权，请重新登录'])
    expect(session.isSignedIn()).toBe(false)
    expect(assign).not.toHaveBeenCalled()
    // until the page reloads no call leaves it: it would only be refused again
    const later = answer(200, ok(3))
    let settled = false
    void http.get('/sys/messages/unReadCount').finally(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(1500)
    expect(assign).toHaveBeenCalledWith('/')
    expect(later).toHaveLength(0)
    expect(settled).toBe(false)
  })
  it('signing out drops the calls under way and sends only its own: nothing refused, nothing shown', async () => {
    // a page of its own: the test above left this one reloading
    vi.resetModules()
    const { signOut } = await import('../auth/actions.ts')
    const { http: fresh } = await import('./http.ts')
    const said: string[] = []
    ;(await import('./feedback.ts')).feedback.message = { error: (t: unknown) => said.push(String(t)) } as never
    storage.set(StorageKey.token, 'tok')
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin })
    const sent: string[] = []
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        const path = new URL(url).pathname
        sent.push(path)
        if (path === '/api/sys/sso/endSession') return Promise.resolve(json(200, ok({ url: null })))
        if (path === '/api/user/logout') return Promise.resolve(json(200, ok(null)))
        // a list still loading: its answer would come after the logout, refused
        return new Promise<Response>((resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
          setTimeout(() => resolve(json(401, { success: false, code: 401, message: 'x', result: null })), 50)
        })
      }),
    )
    let settled = false
    void fresh.get('/sys/user/list').finally(() => {
      settled = true
    })
    await signOut()
    void fresh.get('/sys/messages/unReadCount').finally(() => {
      settled = true
    })
    await new Promise((r) => setTimeout(r, 100))
    expect(sent).toEqual(['/api/sys/user/list', '/api/sys/sso/endSession', '/api/user/logout'])
    expect(settled).toBe(false)
    expect(said).toEqual([])
    expect(assign).toHaveBeenCalledWith('/')
  })
})
