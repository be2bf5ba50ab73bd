import { useEffect, useState } from 'react'
import { HEADER_FIX_SCROLL_PX } from '../config/constants.ts'

export type HeaderState = 'static' | 'fixed' | 'hidden'

/** The header's state for a scroll position, given how the user scrolled last (pure, for tests). */
export const headerState = (
  scrollY: number,
  scrollingDown: boolean,
  { fixedHeader, autoHide }: { fixedHeader: boolean; autoHide: boolean },
): HeaderState => {
  if (!autoHide) return fixedHeader ? 'fixed' : 'static'
  if (scrollY <= HEADER_FIX_SCROLL_PX) return fixedHeader ? 'fixed' : 'static'
  return scrollingDown ? 'hidden' : 'fixed'
}

/**
 * Fixed header and auto-hide header of the settings drawer (SPEC 2 / 9): with auto-hide the header
 * turns fixed after scrolling past 100 px, hides while scrolling down and comes back when scrolling up.
 */
export const useHeaderScroll = (options: { fixedHeader: boolean; autoHide: boolean }) => {
  const { fixedHeader, autoHide } = options
  const [state, setState] = useState<HeaderState>(() => headerState(window.scrollY, false, options))
  useEffect(() => {
    let last = window.scrollY
    let frame = 0
    const update = () => {
      frame = 0
      const y = window.scrollY
      // small jitters (momentum scrolling) do not flip the header
      if (Math.abs(y - last) < 4 && y > HEADER_FIX_SCROLL_PX) return
      setState(headerState(y, y > last, { fixedHeader, autoHide }))
      last = y
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    setState(headerState(window.scrollY, false, { fixedHeader, autoHide }))
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [fixedHeader, autoHide])
  return state
}
