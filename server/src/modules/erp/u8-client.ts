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
}

export class ErpError extends Error {
  override name = 'ErpError'
}

type Answer = { errcode?: string; errmsg?: string; [k: string]: unknown }

export const createU8Client = (settings: ErpSettings) => {
  const base = settings.url.replace(/\/+$/, '')
  let token: { id: string; until: number } | null = null

  const call = async (method: 'GET' | 'POST', path: string, query: Record<string, string>, body?: unknown) => {
    const url = `${base}${path}?${new URLSearchParams(query)}`
    let res: Response
    try {
      res = await fetch(url, {
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
      throw new ErpError(`ERP ${path}: ${answer.errmsg ?? `HTTP ${res.status}`} (${answer.errcode ?? res.status})`)
    return answer
  }

  const auth = () => ({ from_account: settings.fromAccount, app_key: settings.appKey })

  const currentToken = async () => {
    // renewed a minute before it ends
    if (token && token.until - 60_000 > Date.now()) return token.id
    const answer = await call('GET', '/system/token', { ...auth(), app_secret: settings.appSecret })
    const t = answer.token as { id: string; expiresIn: number }
    token = { id: t.id, until: Date.now() + t.expiresIn * 1000 }
    return token.id
  }

  return {
    /** A one-time trade id for one write: stored before the write, reused by every retry of it. */
    async tradeId() {
      const answer = await call('GET', '/system/tradeid', { ...auth(), token: await currentToken() })
      return (answer.trade as { id: string }).id
    },

    /** A write to an account set; answers the ERP's document id. */
    async write(path: string, toAccount: string, tradeId: string, body: unknown) {
      const query = { ...auth(), to_account: toAccount, token: await currentToken(), tradeid: tradeId }
      try {
        const answer = await call('POST', path, query, body)
        return String(answer.id ?? answer.code ?? '')
      } catch (e) {
        // a token the ERP no longer knows: once more with a new one
        if (e instanceof ErpError && /token/i.test(e.message)) {
          token = null
          const answer = await call('POST', path, { ...query, token: await currentToken() }, body)
          return String(answer.id ?? answer.code ?? '')
        }
        throw e
      }
    },
  }
}

export type U8Client = ReturnType<typeof createU8Client>
