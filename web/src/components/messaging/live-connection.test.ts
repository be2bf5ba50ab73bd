import type { PushedMessage } from '@app/contracts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { liveUrl, type SocketFactory, startLiveConnection } from './live-connection.ts'

/** A stand-in for the browser's WebSocket: the test plays the server. */
class FakeSocket {
  static all: FakeSocket[] = []
  readyState = 0
  sent: string[] = []
  closedWith: number | null = null
  onopen: ((ev: Event) => void) | null = null
  onclose: ((ev: CloseEvent) => void) | null = null
  onerror: ((ev: Event) => void) | null = null
  onmessage: ((ev: MessageEvent) => void) | null = null
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this)
  }
  send(data: string) {
    this.sent.push(data)
  }
  close(code = 1000) {
    this.closedWith = code
    this.serverClosed()
  }
  // the server's side
  accept() {
    this.readyState = 1
    this.onopen?.(new Event('open'))
  }
  push(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }))
  }
  serverClosed() {
    if (this.readyState === 3) return
    this.readyState = 3
    this.onclose?.(new CloseEvent('close'))
  }
}

const factory: SocketFactory = (url, protocols) => new FakeSocket(url, protocols)
const latest = () => FakeSocket.all.at(-1)!
const message: PushedMessage = {
  id: 'm1',
  title: '待审核',
  content: '第 1 步',
  titleEn: 'Review needed',
  contentEn: 'Step 1',
  creator: 'Wang Lei',
  menuId: 'sale_order',
  params: { busObjNo: 'SO1' },
  noticeId: null,
  createTime: '2026-11-22T10:00:00.000Z',
}

beforeEach(() => {
  vi.useFakeTimers()
  FakeSocket.all = []
})
afterEach(() => vi.useRealTimers())

describe('live connection client', () => {
  it('builds ws(s)://host/api/websocket/{userId} from the API base', () => {
    expect(liveUrl('/api', 'u-1', { origin: 'http://example.test:3000' })).toBe(
      'ws://example.test:3000/api/websocket/u-1',
    )
    expect(liveUrl('/api/', 'u 2', { origin: 'https://example.test' })).toBe('wss://example.test/api/websocket/u%202')
    expect(liveUrl('https://api.example.test/api', 'u', { origin: 'http://web.test' })).toBe(
      'wss://api.example.test/api/websocket/u',
    )
  })

  it('sends the token as the subprotocol and hands over pushed messages', () => {
    const onMessage = vi.fn()
    const onOpen = vi.fn()
    const conn = startLiveConnection({
      url: 'ws://h/api/websocket/u',
      token: 'tok',
      onMessage,
      onOpen,
      createSocket: factory,
    })
    expect(latest().protocols).toEqual(['tok'])
    latest().accept()
    expect(onOpen).toHaveBeenCalledTimes(1)
    latest().push({ type: 'message', msgTxt: message })
    latest().push({ type: 'something else' })
    expect(onMessage).toHaveBeenCalledExactlyOnceWith(message)
    conn.stop()
  })

  it('sends a heartbeat every 20 s and keeps the socket while the server answers', () => {
    const conn = startLiveConnection({ url: 'ws://h', token: 't', onMessage: () => {}, createSocket: factory })
    const s = latest()
    s.accept()
    vi.advanceTimersByTime(19_999)
    expect(s.sent).toEqual([])
    vi.advanceTimersByTime(1)
    expect(s.sent).toEqual([JSON.stringify({ type: 'ping' })])
    s.push({ type: 'pong', at: Date.now() })
    vi.advanceTimersByTime(20_000)
    expect(s.sent).toHaveLength(2)
    expect(s.closedWith).toBeNull()
    conn.stop()
  })

  it('closes when a heartbeat gets no reply, and reconnects 5 s later', () => {
    const onOpen = vi.fn()
    const conn = startLiveConnection({ url: 'ws://h', token: 't', onMessage: () => {}, onOpen, createSocket: factory })
    const first = latest()
    first.accept()
    vi.advanceTimersByTime(20_000) // ping, no pong
    vi.advanceTimersByTime(20_000) // next beat finds the last one unanswered
    expect(first.closedWith).toBe(4000)
    expect(FakeSocket.all).toHaveLength(1)
    vi.advanceTimersByTime(4_999)
    expect(FakeSocket.all).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(FakeSocket.all).toHaveLength(2)
    latest().accept()
    expect(onOpen).toHaveBeenCalledTimes(2)
    conn.stop()
  })

  it('keeps trying every 5 s while the server is down, and stops for good on stop()', () => {
    const conn = startLiveConnection({ url: 'ws://h', token: 't', onMessage: () => {}, createSocket: factory })
    latest().accept()
    latest().serverClosed() // server restarts
    for (let i = 0; i < 3; i++) {
      vi.advanceTimersByTime(5_000)
      latest().serverClosed() // refused while down
    }
    expect(FakeSocket.all).toHaveLength(4)
    vi.advanceTimersByTime(5_000)
    latest().accept()
    expect(latest().readyState).toBe(1)
    conn.stop()
    expect(latest().closedWith).toBe(1000)
    vi.advanceTimersByTime(60_000)
    expect(FakeSocket.all).toHaveLength(5)
  })
})
