import { useEffect, useLayoutEffect, useRef } from 'react'

/** Each tab keeps its own scroll position: switching back returns to where the user was. */
export const useTabScroll = (activeKey: string) => {
  const positions = useRef(new Map<string, number>())
  const shown = useRef(activeKey)
  useEffect(() => {
    const onScroll = () => positions.current.set(shown.current, window.scrollY)
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])
  useLayoutEffect(() => {
    if (shown.current === activeKey) return
    shown.current = activeKey
    window.scrollTo(0, positions.current.get(activeKey) ?? 0)
  }, [activeKey])
}
