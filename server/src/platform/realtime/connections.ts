/** The part of a socket the registry needs (a `ws` WebSocket satisfies it). */
export type LiveSocket = {
  readonly readyState: number
  send(data: string | Buffer, options?: { binary?: boolean }): void
  ping(): void
  terminate(): void
  close(code?: number, reason?: string): void
}

const OPEN = 1

/** `slot`: which part of the sockets it belongs to, for pings spread over the heartbeat period. */
type Entry = { userId: string; tokenHash: string | null; lastSeen: number; slot: number }

/**
 * The live sockets of this server instance, by user. Each instance knows only its own sockets;
 * other instances reach theirs through LISTEN/NOTIFY.
 */
export const createConnectionRegistry = (now: () => number = Date.now) => {
  const byUser = new Map<string, Set<LiveSocket>>()
  const entries = new Map<LiveSocket, Entry>()
  let added = 0

  const remove = (socket: LiveSocket) => {
    const entry = entries.get(socket)
    if (!entry) return
    entries.delete(socket)
    const set = byUser.get(entry.userId)
    set?.delete(socket)
    if (set?.size === 0) byUser.delete(entry.userId)
  }

  return {
    /** `tokenHash`: the session the socket was opened with, checked again while it lives. */
    add(userId: string, socket: LiveSocket, tokenHash: string | null = null) {
      let set = byUser.get(userId)
      if (!set) {
        set = new Set()
        byUser.set(userId, set)
      }
      set.add(socket)
      entries.set(socket, { userId, tokenHash, lastSeen: now(), slot: added++ })
      return () => remove(socket)
    },
    remove,
    /** The socket showed a sign of life (a heartbeat message or a pong frame). */
    touch(socket: LiveSocket) {
      const entry = entries.get(socket)
      if (entry) entry.lastSeen = now()
    },
    /**
     * Sends a text frame to every open socket of the user; answers how many got it. `data` may be
     * the text already encoded, when many sockets get the same (ws would encode it for each).
     */
    send(userId: string, data: string | Buffer): number {
      let sent = 0
      for (const socket of byUser.get(userId) ?? []) {
        if (socket.readyState !== OPEN) continue
        socket.send(data, { binary: false })
        sent++
      }
      return sent
    },
    has: (userId: string) => byUser.has(userId),
    userIds: () => [...byUser.keys()],
    get size() {
      return entries.size
    },
    /**
     * Drops sockets silent for longer than `deadAfterMs` and pings the others, so a browser that
     * vanished without a close frame does not linger (SPEC 4: no reply means closed). With
     * `part`, pings only the sockets of that part (`index` of `of`, the sockets split evenly in
     * the order they came): a ping is a write to the socket, and 5 000 of them at once held an
     * instance's event loop for 0.1 to 0.3 s, delaying whatever arrived meanwhile (a push).
     */
    sweep(deadAfterMs: number, part: { index: number; of: number } = { index: 0, of: 1 }): number {
      let dropped = 0
      const cutoff = now() - deadAfterMs
      for (const [socket, entry] of entries) {
        if (entry.lastSeen < cutoff) {
          remove(socket)
          socket.terminate()
          dropped++
        } else if (entry.slot % part.of === part.index && socket.readyState === OPEN) {
          socket.ping()
        }
      }
      return dropped
    },
    /** The sessions the open sockets were opened with. */
    tokenHashes: () => [...new Set([...entries.values()].flatMap((e) => (e.tokenHash ? [e.tokenHash] : [])))],
    /**
     * Closes the sockets of sessions that were `checked` and found not `live` (signed out,
     * expired, user disabled). Sockets that arrived during the check are left for the next one.
     */
    closeEnded(checked: ReadonlySet<string>, live: ReadonlySet<string>): number {
      let closed = 0
      for (const [socket, entry] of entries) {
        if (entry.tokenHash && checked.has(entry.tokenHash) && !live.has(entry.tokenHash)) {
          remove(socket)
          socket.close(4401, 'session ended')
          closed++
        }
      }
      return closed
    },
    closeAll(code = 1001, reason = 'server shutting down') {
      for (const socket of [...entries.keys()]) {
        remove(socket)
        socket.close(code, reason)
      }
    },
  }
}

export type ConnectionRegistry = ReturnType<typeof createConnectionRegistry>
