import { useCallback, useSyncExternalStore } from 'react'
import { MEDIA } from '../config/constants.ts'

/** Whether a CSS media query matches, following the window as it resizes. */
export const useMediaQuery = (query: string) => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}

/** SPEC 9 breakpoints: the sider collapses at or below 1087.99 px and is a drawer at or below 767.99 px. */
export const useResponsive = () => ({ isTablet: useMediaQuery(MEDIA.tablet), isMobile: useMediaQuery(MEDIA.mobile) })
