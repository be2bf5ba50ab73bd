import { codeResource, supplierResource } from '@app/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { initI18n } from '../../i18n/index.ts'
import { useCellText } from './useCellText.ts'

beforeEach(() => {
  initI18n()
  // dictionaries and the code table are not asked for here: the calls stay unanswered
  vi.stubGlobal('fetch', () => new Promise(() => {}))
})
afterEach(() => vi.unstubAllGlobals())

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
)

it('groups an amount by thousands, and shows a code-table id as it is', () => {
  const { result } = renderHook(() => useCellText(), { wrapper })
  const cell = result.current
  expect(cell({ type: 'number' }, 1234567.5)).toBe('1,234,567.5')
  expect(cell(codeResource.fields.id, 100101)).toBe('100101')
  expect(cell(supplierResource.fields.createAt, '2026-11-30T03:04:05Z')).toMatch(/^2026-11-30 \d\d:04:05$/)
})
