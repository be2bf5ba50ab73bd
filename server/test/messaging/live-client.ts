import type { LiveFrame } from '@app/contracts'
import WebSocket from 'ws'

export type LiveClient = {
  socket: WebSocket
  frames: LiveFrame[]
  /** Resolves with the first frame (already received or arriving) that matches. */
  next(match: (f: LiveFrame) => boolean, timeoutMs?: number): Promise<LiveFrame>
  close(): void
}

/** Opens the live connection the way the browser does: the token as the only subprotocol. */
export const connectLive = (baseUrl: string, userId: string, token: string): Promise<LiveClient> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/websocket/${userId}`, [token])
    const frames: LiveFrame[] = []
    const waiters = new Set<{ match: (f: LiveFrame) => boolean; done: (f: LiveFrame) => void }>()
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as LiveFrame
      frames.push(frame)
      for (const w of waiters) {
        if (w.match(frame)) {
          waiters.delete(w)
          w.done(frame)
        }
      }
    })
    socket.once('open', () =>
      resolve({
        socket,
        frames,
        next: (match, timeoutMs = 2000) =>
          new Promise((done, fail) => {
            const seen = frames.find(match)
            if (seen) return done(seen)
            const timer = setTimeout(() => {
              waiters.delete(waiter)
              fail(new Error(`no matching frame within ${timeoutMs} ms`))
            }, timeoutMs)
            const waiter = {
              match,
              done: (f: LiveFrame) => {
                clearTimeout(timer)
                done(f)
              },
            }
            waiters.add(waiter)
          }),
        close: () => socket.close(),
      }),
    )
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)))
    socket.once('error', reject)
  })

export const isMessage = (title: string) => (f: LiveFrame) => f.type === 'message' && f.msgTxt.title === title
