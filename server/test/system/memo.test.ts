import { describe, expect, it } from 'vitest'
import { BoundedMap, keptFor } from '../../src/platform/memo.ts'

describe('what is kept because it is costly to make again', () => {
  it('keeps at most its size, forgetting the oldest first; replacing a key forgets nothing', () => {
    const map = new BoundedMap<string, number>(2)
    map.set('a', 1).set('b', 2).set('a', 3)
    expect([...map]).toEqual([
      ['a', 3],
      ['b', 2],
    ])
    map.set('c', 4)
    expect([...map.keys()]).toEqual(['b', 'c'])
  })

  it('makes the value for an owner once', () => {
    const map = new WeakMap<object, number[]>()
    const owner = {}
    const first = keptFor(map, owner, () => [1])
    expect(keptFor(map, owner, () => [2])).toBe(first)
  })
})
