import { type LiveFrame, LiveFrameSchema, PING_FRAME, type PushedMessage } from '@app/contracts'
import { WS_HEARTBEAT_MS, WS_RECONNECT_MS } from '../../config/constants.ts'

/** The WebSocket API the client uses (the browser's; tests pass a fake). */
type SocketLike = {
  readonly readyState: number
  onopen: ((ev: Event) => void) | null
  onclose: ((ev: CloseEvent) => void) | null
  onerror: ((ev: Event) => void) | null
  onmessage: ((ev: MessageEvent) => void) | null
  send(data: string): void
  close(code?: number, reason?: string): void
}
export type SocketFactory = (url: string, protocols: string[]) => SocketLike

export type LiveState = 'connecting' | 'open' | 'closed'

export type LiveConnectionOptions = {
  url: string
  token: string
  onMessage: (message: PushedMessage) => void
  /** Called on every open, including reconnects: counts may have changed meanwhile. */
  onOpen?: () => void
  onState?: (state: LiveState) => void
  createSocket?: SocketFactory
  heartbeatMs?: number
  reconnectMs?: number
}

const OPEN = 1

/** ws(s)://host/api/websocket/{userId}, from the API base (relative or absolute). */
export const liveUrl = (apiBase: string, userId: string, location: Pick<Location, 'origin'> = window.location) => {
  const url = new URL(`${apiBase.replace(/\/+$/, '')}/websocket/${encodeURIComponent(userId)}`, location.origin)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.toString()
}

const parseFrame = (data: unknown): LiveFrame | null => {
  if (typeof data !== 'string') return null
  try {
    const parsed = LiveFrameSchema.safeParse(JSON.parse(data))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * The live connection of SPEC 4/9: the token travels as the subprotocol; a heartbeat every 20 s;
 * a heartbeat left unanswered until the next one closes the socket; any close reconnects after
 * 5 s until `stop()`.
 */
export const startLiveConnection = (opts: LiveConnectionOptions) => {
  const heartbeatMs = opts.heartbeatMs ?? WS_HEARTBEAT_MS
  const reconnectMs = opts.reconnectMs ?? WS_RECONNECT_MS
  const create = opts.createSocket ?? ((url, protocols) => new WebSocket(url, protocols))
  let socket: SocketLike | null = null
  let heartbeat: ReturnType<typeof setInterval> | null = null
  let reconnect: ReturnType<typeof setTimeout> | null = null
  let awaitingPong = false
  let stopped = false

  const clearHeartbeat = () => {
    if (heartbeat) clearInterval(heartbeat)
    heartbeat = null
  }

  const beat = () => {
    if (!socket || socket.readyState !== OPEN) return
    if (awaitingPong) {
      // the last heartbeat got no reply: the connection is dead, whatever the socket thinks
      socket.close(4000, 'heartbeat timeout')
      return
    }
    awaitingPong = true
    socket.send(PING_FRAME)
  }

  const connect = () => {
    if (stopped) return
    opts.onState?.('connecting')
    const s = create(opts.url, [opts.token])
    socket = s
    s.onopen = () => {
      awaitingPong = false
      clearHeartbeat()
      heartbeat = setInterval(beat, heartbeatMs)
      opts.onState?.('open')
      opts.onOpen?.()
    }
    s.onmessage = (ev) => {
      const frame = parseFrame(ev.data)
      if (!frame) return
      if (frame.type === 'pong') awaitingPong = false
      else opts.onMessage(frame.msgTxt)
    }
    s.onerror = () => {
      /* a close event follows */
    }
    s.onclose = () => {
      if (socket !== s) return
      socket = null
      clearHeartbeat()
      opts.onState?.('closed')
      if (!stopped && !reconnect) {
        reconnect = setTimeout(() => {
          reconnect = null
          connect()
        }, reconnectMs)
      }
    }
  }

  connect()
  return {
    stop() {
      stopped = true
      clearHeartbeat()
      if (reconnect) clearTimeout(reconnect)
      reconnect = null
      const s = socket
      socket = null
      s?.close(1000, 'signed out')
    },
  }
}

export type LiveConnection = ReturnType<typeof startLiveConnection>
