import { describe, expect, it } from 'vitest'
import { monthLabels } from './intl.ts'

describe('an axis of months as the interface language writes it', () => {
  const months = ['2025-11', '2025-12', '2026-01', '2026-02']

  it('names each month, with the year on the first month and on January only', () => {
    expect(monthLabels(months, 'zh').map((l) => [l.month, l.year])).toEqual([
      ['11月', '2025'],
      ['12月', null],
      ['1月', '2026'],
      ['2月', null],
    ])
    expect(monthLabels(months, 'en').map((l) => [l.month, l.year])).toEqual([
      ['Nov', '2025'],
      ['Dec', null],
      ['Jan', '2026'],
      ['Feb', null],
    ])
  })

  it('writes month and year on one line for an aslant axis, and the month in full for a tooltip', () => {
    expect(monthLabels(months, 'zh').map((l) => l.line)).toEqual(['2025年11月', '12月', '2026年1月', '2月'])
    expect(monthLabels(months, 'en').map((l) => l.line)).toEqual(['Nov 2025', 'Dec', 'Jan 2026', 'Feb'])
    expect(monthLabels(months, 'en')[3]!.full).toBe('February 2026')
    expect(monthLabels(months, 'zh')[3]!.full).toBe('2026年2月')
  })
})
