import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { initI18n } from './i18n/index.ts'
import { routes } from './router.tsx'

beforeEach(() => {
  initI18n()
  // the login page asks for the public settings: no server here, the call stays unanswered
  vi.stubGlobal('fetch', () => new Promise(() => {}))
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

/** What React Router told the console while the app opened at `path` (the login page's own texts aside). */
const warningsOpening = async (path: string) => {
  const warn = vi.spyOn(console, 'warn')
  const error = vi.spyOn(console, 'error')
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(<RouterProvider router={router} />)
  // signed out, every path under `/` goes on to the login page
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/user/login'), { timeout: 10_000 })
  return [...warn.mock.calls, ...error.mock.calls]
    .map((args) => args.map(String).join(' '))
    .filter((text) => /route|location/i.test(text))
}

it('opens `/` and a screen path without a router warning', async () => {
  for (const path of ['/', '/sale/orderList']) {
    expect(await warningsOpening(path), path).toEqual([])
  }
})

it('takes a typed /login to the login page with its query, not to a screen named /login after signing in', async () => {
  const router = createMemoryRouter(routes, { initialEntries: ['/login?redirect=%2Fsale%2ForderList'] })
  render(<RouterProvider router={router} />)
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/user/login'), { timeout: 10_000 })
  expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/sale/orderList')
})
