import { describe, expect, it } from 'vitest'
import { retryImport } from './retry-import.ts'

describe('retryImport', () => {
  it('asks again until the chunk comes', async () => {
    let calls = 0
    const load = retryImport(
      async () => {
        calls++
        if (calls < 3) throw new TypeError('Failed to fetch dynamically imported module')
        return { default: 'view' }
      },
      5,
      0,
    )
    await expect(load()).resolves.toEqual({ default: 'view' })
    expect(calls).toBe(3)
  })

  it('gives the last failure after its attempts', async () => {
    let calls = 0
    const load = retryImport(
      async () => {
        calls++
        throw new TypeError(`failure ${calls}`)
      },
      4,
      0,
    )
    await expect(load()).rejects.toThrow('failure 4')
    expect(calls).toBe(4)
  })
})
