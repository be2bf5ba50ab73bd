import { useSyncExternalStore } from 'react'

const QUERY = '(prefers-reduced-motion: reduce)'

const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null)

const subscribe = (changed: () => void) => {
  const m = media()
  m?.addEventListener('change', changed)
  return () => m?.removeEventListener('change', changed)
}

/**
 * Whether the system asks for less motion (`prefers-reduced-motion`): antd's dialogs, menus and
 * drawers then appear without zooming or sliding, and charts draw at once. Follows a change live.
 */
export const useReducedMotion = () => useSyncExternalStore(subscribe, () => media()?.matches ?? false)
