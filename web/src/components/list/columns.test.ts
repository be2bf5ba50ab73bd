import { describe, expect, it } from 'vitest'
import { columnWidth, titleWidth } from './columns.tsx'

describe('a column is wide enough for its title', () => {
  const date = columnWidth({ type: 'date' }, false)

  it('takes an English title over at most two lines, broken between words', () => {
    // 'Actual delivery' on one line and 'date' on the next: wider than a date needs
    const actual = titleWidth('Actual delivery date', true)
    expect(actual).toBeGreaterThan(date)
    expect(actual).toBeGreaterThanOrEqual(titleWidth('Actual delivery', true))
    expect(actual).toBeLessThan(titleWidth('Actual delivery date'.replaceAll(' ', '_'), true))
  })

  it('keeps a Chinese title, which never breaks, on one line', () => {
    expect(titleWidth('预计交货日期', false)).toBeGreaterThan(titleWidth('预计交货', false))
  })

  it('leaves room for the sorter of a sortable column', () => {
    expect(titleWidth('Date', true)).toBeGreaterThan(titleWidth('Date', false))
    expect(titleWidth('Date', true)).toBeLessThan(date)
  })
})
