import { describe, expect, it } from 'vitest'
import {
  formatMeasure,
  formatThousands,
  MEDIA,
  modalWidth,
  PAGINATION,
  parseThousands,
  STORAGE_TTL,
} from './constants.ts'

describe('SPEC 9 constants', () => {
  it('sizes modals by the window: 1450, 1350 below 1600, 1200 at or below 1280', () => {
    expect([1920, 1600, 1599, 1281, 1280, 1024].map(modalWidth)).toEqual([1450, 1450, 1350, 1350, 1200, 1200])
  })

  it('writes thousands separators and reads them back', () => {
    expect(formatThousands(1234567.5)).toBe('1,234,567.5')
    expect(formatThousands('-9876543')).toBe('-9,876,543')
    expect(formatThousands(999)).toBe('999')
    expect(formatThousands('1,234')).toBe('1,234')
    expect(formatThousands('abc')).toBe('abc')
    expect(formatThousands(null)).toBe('')
    expect(parseThousands('1,234,567.5')).toBe('1234567.5')
  })

  it('writes quantities and measures with at most three (or the asked) decimals and separators', () => {
    expect(formatMeasure(1234.5)).toBe('1,234.5')
    expect(formatMeasure(12)).toBe('12')
    expect(formatMeasure(0.1 + 0.2)).toBe('0.3')
    expect(formatMeasure(2.00049)).toBe('2')
    expect(formatMeasure(1.23456, 4)).toBe('1.2346')
    expect(formatMeasure(0)).toBe('0')
    expect(formatMeasure(undefined)).toBe('')
    expect(formatMeasure(null)).toBe('')
  })

  it('keeps the lifetimes, paging and breakpoints of SPEC 9', () => {
    expect(STORAGE_TTL.token).toBe(86_400_000)
    expect(STORAGE_TTL.activeMenu).toBe(604_800_000)
    expect(STORAGE_TTL.departInfo).toBe(604_800_000)
    expect(PAGINATION.pageSizeOptions).toEqual(['10', '20', '30'])
    expect(MEDIA.mobile).toBe('(max-width: 767.99px)')
    expect(MEDIA.tablet).toBe('(max-width: 1087.99px)')
  })
})
