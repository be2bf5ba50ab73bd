import { describe, expect, it, vi } from 'vitest'
import { storage } from './storage.ts'

describe('storage with expiry', () => {
  it('returns a value until it expires, then forgets it', () => {
    vi.useFakeTimers()
    storage.set('k', { a: 1 }, 1000)
    expect(storage.get('k')).toEqual({ a: 1 })
    vi.advanceTimersByTime(1001)
    expect(storage.get('k')).toBeNull()
    expect(localStorage.getItem('k')).toBeNull()
    vi.useRealTimers()
  })

  it('treats unreadable entries as absent', () => {
    localStorage.setItem('bad', '{not json')
    expect(storage.get('bad')).toBeNull()
  })
})
