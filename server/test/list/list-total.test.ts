import { describe, expect, it } from 'vitest'
import { COUNT_CAP, keptTotals } from '../../src/platform/crud/list-total.ts'

/** A count that says how often it was asked. */
const counting = (n: number) => {
  const count = async () => {
    count.calls++
    return n
  }
  count.calls = 0
  return count
}

describe("a list statement's totals", () => {
  it('counts values below the cap on every page, so a total a user can check is exact at once', async () => {
    const totals = keptTotals()
    const few = counting(42)
    expect(await totals.capped('["A01"]', few)).toBe(42)
    expect(await totals.capped('["A01"]', few)).toBe(42)
    expect(few.calls).toBe(2)
  })

  it('does not count again values it counted past the cap a moment ago; other values are counted', async () => {
    const totals = keptTotals()
    const many = counting(COUNT_CAP + 1)
    expect(await totals.capped('["jksp"]', many)).toBe(COUNT_CAP + 1)
    expect(await totals.capped('["jksp"]', many)).toBe(COUNT_CAP + 1)
    expect(many.calls).toBe(1)
    const other = counting(3)
    expect(await totals.capped('["jkspj"]', other)).toBe(3)
    expect(other.calls).toBe(1)
  })

  it("keeps the planner's estimate of the same values", async () => {
    const totals = keptTotals()
    const planned = counting(5_000)
    expect(await totals.estimate('["jksp"]', planned)).toBe(5_000)
    expect(await totals.estimate('["jksp"]', planned)).toBe(5_000)
    expect(planned.calls).toBe(1)
  })
})
