import type { FieldMeta } from '@app/contracts'
import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { checkSelection } from './selection.ts'
import { changeField, changeRule, rulesFor, toCondition, toDraft, valueShape } from './super-query.ts'

const text: FieldMeta = { type: 'string' }
const num: FieldMeta = { type: 'number' }
const day: FieldMeta = { type: 'date' }
const time: FieldMeta = { type: 'datetime' }
const dict: FieldMeta = { type: 'dict', dict: 'status' }
const ref: FieldMeta = { type: 'string', ref: { resource: 'country', label: 'name' } }

describe('super-query value handling', () => {
  it('offers the rules of the field type; a reference compares ids only', () => {
    expect(rulesFor(num)).toContain('range')
    expect(rulesFor(text)).toContain('like')
    expect(rulesFor(dict)).not.toContain('like')
    expect(rulesFor(ref)).toEqual(['eq', 'ne', 'in', 'not_in', 'empty', 'not_empty'])
    expect(valueShape('empty')).toBe('none')
    expect(valueShape('not_in')).toBe('list')
    expect(valueShape('range')).toBe('range')
    expect(valueShape('ge')).toBe('single')
  })

  it('turns finished rows into conditions of the list contract, typed for the server', () => {
    expect(toCondition(text, { key: 'a', field: 'name', rule: 'like', value: ' 健康 ' })).toEqual({
      field: 'name',
      rule: 'like',
      val: '健康',
    })
    expect(toCondition(num, { key: 'a', field: 'n', rule: 'gt', value: '1,200' })).toEqual({
      field: 'n',
      rule: 'gt',
      val: 1200,
    })
    expect(toCondition(day, { key: 'a', field: 'd', rule: 'eq', value: dayjs('2026-05-06') })).toEqual({
      field: 'd',
      rule: 'eq',
      val: '2026-05-06',
    })
    const at = dayjs('2026-05-06T10:20:30.000Z')
    expect(toCondition(time, { key: 'a', field: 't', rule: 'ge', value: at })?.val).toBe('2026-05-06T10:20:30.000Z')
    expect(toCondition(dict, { key: 'a', field: 's', rule: 'in', value: ['1', '2'] })?.val).toEqual(['1', '2'])
    expect(toCondition(num, { key: 'a', field: 'n', rule: 'range', value: [null, 5] })?.val).toEqual(['', 5])
    expect(toCondition(text, { key: 'a', field: 'x', rule: 'empty', value: 'ignored' })).toEqual({
      field: 'x',
      rule: 'empty',
    })
  })

  it('keeps incomplete rows out', () => {
    expect(toCondition(text, { key: 'a' })).toBeNull()
    expect(toCondition(text, { key: 'a', field: 'name', rule: 'eq', value: '  ' })).toBeNull()
    expect(toCondition(dict, { key: 'a', field: 's', rule: 'in', value: [] })).toBeNull()
    expect(toCondition(num, { key: 'a', field: 'n', rule: 'range', value: [null, null] })).toBeNull()
    expect(toCondition(num, { key: 'a', field: 'n', rule: 'eq', value: 'abc' })).toBeNull()
    expect(toCondition(undefined, { key: 'a', field: 'gone', rule: 'eq', value: 1 })).toBeNull()
  })

  it('brings a saved condition back into the builder, dates as picker values', () => {
    const back = toDraft(day, { field: 'd', rule: 'range', val: ['2026-01-01', '2026-02-01'] }, 'k')
    expect(back.key).toBe('k')
    const [from, to] = back.value as dayjs.Dayjs[]
    expect(from?.format('YYYY-MM-DD')).toBe('2026-01-01')
    expect(to?.format('YYYY-MM-DD')).toBe('2026-02-01')
    expect(toCondition(day, back)).toEqual({ field: 'd', rule: 'range', val: ['2026-01-01', '2026-02-01'] })
    expect(toDraft(text, { field: 'name', rule: 'like', val: 'x' }, 'k').value).toBe('x')
  })

  it('keeps a value across a rule of the same shape, clears it otherwise; a new field starts over', () => {
    const row = { key: 'a', field: 'n', rule: 'gt' as const, value: 3 }
    expect(changeRule(row, 'le').value).toBe(3)
    expect(changeRule(row, 'in').value).toBeUndefined()
    expect(changeField(row, 'status', dict)).toEqual({ key: 'a', field: 'status', rule: 'eq', value: undefined })
  })
})

describe('selection rules (SPEC 5)', () => {
  it('needs a record, exactly one, or exactly two', () => {
    expect(checkSelection('any', 0)).toBe('common.messages.selectRecord')
    expect(checkSelection('any', 3)).toBeNull()
    expect(checkSelection('one', 0)).toBe('common.messages.selectRecord')
    expect(checkSelection('one', 2)).toBe('list.selection.exactlyOne')
    expect(checkSelection('one', 1)).toBeNull()
    expect(checkSelection('two', 0)).toBe('list.selection.exactlyTwo')
    expect(checkSelection('two', 3)).toBe('list.selection.exactlyTwo')
    expect(checkSelection('two', 2)).toBeNull()
  })
})
