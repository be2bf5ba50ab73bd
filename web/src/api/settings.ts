import type { Settings } from '@app/contracts'
import { useEffect, useSyncExternalStore } from 'react'
import { systemApi } from './system.ts'

/**
 * The public settings (system title, demo mode) for the public pages and the title everywhere: a
 * small store rather than a TanStack query, so that the login page loads no query client. Fetched
 * on first use and again when older than five minutes.
 */
const STALE_MS = 5 * 60_000
let value: Settings | undefined
let fetchedAt = 0
let inFlight: Promise<void> | undefined
const listeners = new Set<() => void>()

const refresh = () => {
  if (inFlight || Date.now() - fetchedAt < STALE_MS) return
  inFlight = systemApi
    .settings()
    .then(
      (settings) => {
        value = settings
        fetchedAt = Date.now()
        for (const listener of listeners) listener()
      },
      () => undefined, // shown by the http client; asked again by the next page that needs it
    )
    .finally(() => {
      inFlight = undefined
    })
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const useSettings = (): Settings | undefined => {
  useEffect(refresh, [])
  return useSyncExternalStore(subscribe, () => value)
}
