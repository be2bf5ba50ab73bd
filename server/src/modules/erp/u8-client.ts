/**
 * The U8 OpenAPI over HTTP JSON (ERP-U8.md): a token per account, cached and renewed before it
 * ends; a trade id per write; every answer `{ errcode: '0', ... }` or a refusal with `errmsg`.
 * Any failure (refusal, timeout, network) is an ErpError with the ERP's words.
 */
export type ErpSettings = {
  url: string
  fromAccount: string
  appKey: string
  appSecret: string
  timeoutMs: number
  /** A write answered with a `url`: how long to wait before asking it again (U8: about 3 s)… */
  resultPollMs?: number
  /** …and how many times, after which the write counts as not answered (retried with its trade id). */
  resultPolls?: number
}

export class ErpError extends Error {
  override name = 'ErpError'
  constructor(
    message: string,
    /** The ERP's errcode, when it answered one. */
    readonly code?: string,
  ) {
    super(message)
  }
}

/** U8's token errors (30001-30003, 30007 seen; the 3000x range): the token is no longer accepted. */
export const isTokenError = (e: unknown) => e instanceof ErpError && /^3000\d$/.test(e.code ?? '')

type Answer = { errcode?: string; errmsg?: string; url?: string; [k: string]: unknown }

/** U8 asks again about 3 s after a `url` answer; ten tries before the write counts as unanswered. */
export const RESULT_POLL_MS = 3000
export const RESULT_POLLS = 10

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export const createU8Client = (settings: ErpSettings) => {
  const base = settings.url.replace(/\/+$/, '')
  const pollMs = settings.resultPollMs ?? RESULT_POLL_MS
  const polls = settings.resultPolls ?? RESULT_POLLS
  let token: { id: string; until: number } | null = null

  const call = async (method: 'GET' | 'POST', address: string, body?: unknown) => {
    const path = new URL(address).pathname
    let res: Response
    try {
      res = await fetch(address, {
        method,
        headers: body ? { 'content-type': 'application/json' } : undefined,
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(settings.timeoutMs),
      })
    } catch (e) {
      const reason =
        e instanceof Error && e.name === 'TimeoutError' ? `timed out after ${settings.timeoutMs} ms` : String(e)
      throw new ErpError(`ERP ${path}: ${reason}`)
    }
    let answer: Answer
    try {
      answer = (await res.json()) as Answer
    } catch {
      throw new ErpError(`ERP ${path}: HTTP ${res.status}, not JSON`)
    }
    if (!res.ok || answer.errcode !== '0')
      throw new ErpError(
        `ERP ${path}: ${answer.errmsg ?? `HTTP ${res.status}`} (${answer.errcode ?? res.status})`,
        answer.errcode,
      )
    return answer
  }
  const at = (path: string, query: Record<string, string>) => `${base}${path}?${new URLSearchParams(query)}`

  const auth = () => ({ from_account: settings.fromAccount, app_key: settings.appKey })

  const currentToken = async () => {
    // renewed a minute before it ends
    if (token && token.until - 60_000 > Date.now()) return token.id
    const answer = await call('GET', at('/system/token', { ...auth(), app_secret: settings.appSecret }))
    const t = answer.token as { id: string; expiresIn: number }
    token = { id: t.id, until: Date.now() + t.expiresIn * 1000 }
    return token.id
  }

  /**
   * A call with the current token; a token error (the platform stopped accepting it before its
   * stated life, e.g. after a restart) drops it, and the call is made once more with a new one.
   */
  const withToken = async (send: (token: string) => Promise<Answer>) => {
    try {
      return await send(await currentToken())
    } catch (e) {
      if (!isTokenError(e)) throw e
      token = null
      return send(await currentToken())
    }
  }

  /**
   * A write answered with a `url` is still being processed: the url is asked again, `polls` times
   * at most, until it gives the result (`{ errcode, errmsg, id, tradeid }`). Not answered by then:
   * an ErpError, and the message is tried again later with the same trade id.
   */
  const settle = async (path: string, first: Answer, tradeId: string) => {
    let answer = first
    for (let i = 0; answer.url && answer.id == null; i++) {
      if (i >= polls) throw new ErpError(`ERP ${path}: no result after ${polls} polls of ${answer.url}`)
      await sleep(pollMs)
      answer = await call('GET', new URL(answer.url, `${base}/`).toString())
    }
    if (answer.tradeid != null && String(answer.tradeid) !== tradeId)
      throw new ErpError(`ERP ${path}: answered trade ${String(answer.tradeid)}, not ${tradeId}`)
    return String(answer.id ?? answer.code ?? '')
  }

  return {
    /** A one-time trade id for one write: stored before the write, reused by every retry of it. */
    async tradeId() {
      const answer = await withToken((token) => call('GET', at('/system/tradeid', { ...auth(), token })))
      return (answer.trade as { id: string }).id
    },

    /** A write to an account set; answers the ERP's document id once the ERP has its result. */
    async write(path: string, toAccount: string, tradeId: string, body: unknown) {
      const first = await withToken((token) =>
        call('POST', at(path, { ...auth(), to_account: toAccount, token, tradeid: tradeId }), body),
      )
      return settle(path, first, tradeId)
    },
  }
}

export type U8Client = ReturnType<typeof createU8Client>
