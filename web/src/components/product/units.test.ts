import { describe, expect, it } from 'vitest'
import { duplicateUnits } from './UnitsEditor.tsx'

describe('duplicateUnits (SPEC 5: a unit once per use)', () => {
  it('marks both rows that use one unit for one use, and nothing else', () => {
    const lines = [
      { useCase: 'sale', unit: 'box', conversionRate: 6 },
      { useCase: 'purchase', unit: 'box', conversionRate: 6 },
      { useCase: 'sale', unit: 'bottle', conversionRate: 1 },
      { useCase: 'sale', unit: 'box', conversionRate: 12 },
    ] as const
    expect([...duplicateUnits(lines)].sort()).toEqual([0, 3])
  })

  it('accepts the same unit for different uses', () => {
    expect(
      duplicateUnits([
        { useCase: 'sale', unit: 'bottle', conversionRate: 1 },
        { useCase: 'stock', unit: 'bottle', conversionRate: 1 },
      ]).size,
    ).toBe(0)
  })
})
