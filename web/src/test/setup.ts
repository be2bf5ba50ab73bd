import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy and waitFor wait for what they look for up to 10 s (their own default, 1 s, is short on a
// busy machine; a test that finds what it waits for goes on at once)
configure({ asyncUtilTimeout: 10_000 })

// antd needs these browser APIs, which the DOM emulator lacks (DESIGN 7)
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  })
}
if (!('ResizeObserver' in window)) {
  class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserver })
}

afterEach(() => {
  cleanup()
  localStorage.clear()
})
