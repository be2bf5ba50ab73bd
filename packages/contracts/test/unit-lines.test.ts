import { describe, expect, it } from 'vitest'
import { unitLineProblems } from '../src/product.ts'

describe('unitLineProblems (SPEC 5: a unit once per use; the base unit at 1)', () => {
  it('names every line of a clash, on its unit, and nothing else', () => {
    const lines = [
      { useCase: 'sale', unit: 'box', conversionRate: 6 },
      { useCase: 'purchase', unit: 'box', conversionRate: 6 },
      { useCase: 'sale', unit: 'bottle', conversionRate: 1 },
      { useCase: 'sale', unit: 'box', conversionRate: 12 },
    ] as const
    expect(unitLineProblems(lines, 'bottle')).toEqual([
      { index: 0, field: 'unit', reason: 'duplicate' },
      { index: 3, field: 'unit', reason: 'duplicate' },
    ])
  })

  it('accepts the same unit for different uses', () => {
    const lines = [
      { useCase: 'sale', unit: 'bottle', conversionRate: 1 },
      { useCase: 'stock', unit: 'bottle', conversionRate: 1 },
    ] as const
    expect(unitLineProblems(lines, 'bottle')).toEqual([])
  })

  it('names a line of the base unit converting at anything but 1, on its rate, as typed or as text', () => {
    const lines = [
      { useCase: 'stock', unit: 'bottle', conversionRate: 2 },
      { useCase: 'sale', unit: 'bottle', conversionRate: '1' },
      { useCase: 'sale', unit: 'box', conversionRate: 6 },
    ]
    expect(unitLineProblems(lines, 'bottle')).toEqual([{ index: 0, field: 'conversionRate', reason: 'baseRate' }])
    // without a base unit chosen yet, only the clashes count
    expect(unitLineProblems(lines, undefined)).toEqual([])
  })
})
