import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { usePinyin } from './usePinyin.ts'

describe('usePinyin', () => {
  it('gives the spelling function, to a search mounted again after it has loaded too', async () => {
    const first = renderHook(() => usePinyin())
    await waitFor(() => expect(first.result.current).not.toBeNull(), { timeout: 10_000 })
    expect(first.result.current!('订单')).toEqual({ initials: 'dd', spelled: 'dingdan' })
    first.unmount()

    // the menu search mounted again (the header redrawn): pinyin-pro is in, at once
    const again = renderHook(() => usePinyin())
    expect(typeof again.result.current).toBe('function')
    expect(again.result.current!('审核')).toEqual({ initials: 'sh', spelled: 'shenhe' })
  })
})
