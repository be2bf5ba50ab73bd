import type { CodeTableEntry, LoginResult, ResourceMeta } from '@app/contracts'
import * as contracts from '@app/contracts'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keys, queryClient } from '../../api/queries.ts'
import { session } from '../../auth/session.ts'
import { i18n, initI18n, loadTexts, setLanguage } from '../../i18n/index.ts'
import { bundledFieldLabel, useFieldLabel } from './useFieldLabel.ts'

const table: CodeTableEntry[] = [
  { id: 101807, key: null, zh: '启用', en: 'Enabled' },
  { id: 900001, key: 'field:supplier.code', zh: '供方代码', en: 'Supplier no.' },
  // an override of another resource's field does not leak into the supplier's
  { id: 900002, key: 'field:country.name', zh: '国名', en: 'Country name' },
]

/** The server answers the code table; every other call is a test failure. */
const serveCodeTable = (entries: CodeTableEntry[]) => {
  const fetch = vi.fn(async (input: string | URL) => {
    const path = new URL(String(input)).pathname
    if (path !== '/api/sys/code/all') throw new Error(`unexpected call ${path}`)
    const body = { success: true, code: 200, message: 'ok', result: entries, timestamp: 1 }
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
)

beforeEach(async () => {
  initI18n()
  await setLanguage('zh')
  // the app holds the current language's texts; the language screen loads the other one's labels
  await loadTexts('en', ['common', 'fields'])
  queryClient.clear()
  session.signIn({
    token: 'tok',
    userInfo: { id: 'u1', username: 'admin', realname: '管理员', lang: 'zh', roles: [], dataScope: 'all' },
    departs: [],
    dictList: [],
  } as unknown as LoginResult)
})

afterEach(() => {
  vi.unstubAllGlobals()
  session.clear()
})

describe('useFieldLabel', () => {
  it('prefers the code-table override of the field, in the language shown', async () => {
    const fetch = serveCodeTable(table)
    const { result } = renderHook(() => useFieldLabel('supplier'), { wrapper })
    // before the table arrives: the bundled label
    expect(result.current('code')).toBe('供应商编码')
    await waitFor(() => expect(result.current('code')).toBe('供方代码'))
    expect(fetch).toHaveBeenCalledTimes(1)

    await act(() => setLanguage('en'))
    expect(result.current('code')).toBe('Supplier no.')
    // the language switch reuses the fetched table
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('falls back to the bundled labels: the resource own, then the shared one, then the field name', async () => {
    serveCodeTable(table)
    const { result } = renderHook(() => useFieldLabel('supplier'), { wrapper })
    await waitFor(() => expect(result.current('code')).toBe('供方代码'))
    expect(result.current('name')).toBe('供应商名称')
    expect(result.current('remark')).toBe('备注')
    expect(result.current('noSuchField')).toBe('noSuchField')
    await act(() => setLanguage('en'))
    expect(result.current('name')).toBe('Supplier name')
    expect(result.current('remark')).toBe('Remarks')
  })

  it('shows the bundled label again once the override is gone from a refetched table', async () => {
    serveCodeTable(table)
    const { result } = renderHook(() => useFieldLabel('supplier'), { wrapper })
    await waitFor(() => expect(result.current('code')).toBe('供方代码'))
    serveCodeTable(table.filter((e) => e.key !== 'field:supplier.code'))
    await act(() => queryClient.invalidateQueries({ queryKey: keys.codeTable }))
    await waitFor(() => expect(result.current('code')).toBe('供应商编码'))
  })

  it('has a bundled label in both languages for every field of every resource (lists, forms, the advanced query)', () => {
    const resources = (Object.values(contracts) as unknown[]).filter(
      (v): v is ResourceMeta => typeof v === 'object' && v !== null && 'fields' in v && 'base' in v && 'name' in v,
    )
    expect(resources.length).toBeGreaterThan(30)
    const unlabelled = resources.flatMap((r) =>
      Object.keys(r.fields).flatMap((field) =>
        (['zh', 'en'] as const)
          .filter((lang) => bundledFieldLabel(i18n, lang, r.name, field) === field)
          .map((lang) => `${lang}: ${r.name}.${field}`),
      ),
    )
    expect(unlabelled).toEqual([])
  })

  it('reads the bundled label of either language whatever the language shown', () => {
    expect(i18n.language).toBe('zh')
    expect(bundledFieldLabel(i18n, 'en', 'supplier', 'code')).toBe('Supplier code')
    expect(bundledFieldLabel(i18n, 'zh', 'supplier', 'code')).toBe('供应商编码')
    expect(bundledFieldLabel(i18n, 'en', 'supplier', 'createAt')).toBe('Created at')
  })
})
