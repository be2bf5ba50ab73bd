import { describe, expect, it } from 'vitest'
import type { HistoryEntry } from '../../api/resources.ts'
import { diffRecords, sameValue, versionsOf } from './diff.ts'
import { nestRows, parentKeys } from './tree-rows.ts'

const entry = (id: string, operation: string, at: string, before: unknown, after: unknown): HistoryEntry => ({
  id,
  operation,
  username: 'admin',
  createAt: at,
  before: before as HistoryEntry['before'],
  after: after as HistoryEntry['after'],
})

describe('modify history and compare', () => {
  it('lists every version newest first, with the state a record had before its first logged change', () => {
    const v1 = { id: 'r', version: 1, name: 'A', createAt: '2026-01-01T00:00:00.000Z' }
    const v2 = { ...v1, version: 2, name: 'B' }
    const v3 = { ...v2, version: 3, status: '2' }
    const versions = versionsOf([
      entry('e2', 'md_supplier:status', '2026-01-03T00:00:00.000Z', v2, v3),
      entry('e1', 'md_supplier:edit', '2026-01-02T00:00:00.000Z', v1, v2),
    ])
    expect(versions.map((v) => [v.version, v.operation])).toEqual([
      [3, 'status'],
      [2, 'edit'],
      [1, 'initial'],
    ])
    expect(versions[2]?.at).toBe('2026-01-01T00:00:00.000Z')
    // a record added through the screen starts with its 'add' entry; a delete leaves no version
    const added = versionsOf([
      entry('e1', 'md_supplier:add', '2026-01-01T00:00:00.000Z', null, v1),
      entry('e2', 'md_supplier:delete', '2026-01-02T00:00:00.000Z', v1, null),
    ])
    expect(added.map((v) => v.operation)).toEqual(['add'])
  })

  it('compares field by field and marks only real differences', () => {
    const rows = diffRecords(
      ['name', 'weight', 'remark', 'createAt', 'status'],
      { name: 'A', weight: '12.50', remark: null, createAt: '2026-01-01T00:00:00Z', status: '1' },
      { name: 'B', weight: 12.5, remark: '', createAt: '2026-01-01T00:00:00.000Z', status: '2' },
    )
    expect(rows.filter((r) => r.changed).map((r) => r.field)).toEqual(['name', 'status'])
    expect(rows[0]).toEqual({ field: 'name', left: 'A', right: 'B', changed: true })
    expect(sameValue(null, undefined)).toBe(true)
    expect(sameValue(0, '')).toBe(false)
    expect(sameValue({ a: 1 }, { a: 1 })).toBe(true)
  })
})

describe('tree rows', () => {
  it('nests rows under parents on the same page, keeping the page order', () => {
    const r = (id: string, parentId: string | null) => ({ id, version: 1, parentId })
    const rows = nestRows([r('a', null), r('b', 'a'), r('c', 'b'), r('d', 'a'), r('e', 'x')])
    expect(rows.map((x) => x.id)).toEqual(['a', 'e'])
    expect(rows[0]?.children?.map((x) => x.id)).toEqual(['b', 'd'])
    expect(rows[0]?.children?.[0]?.children?.map((x) => x.id)).toEqual(['c'])
    expect(parentKeys(rows)).toEqual(['a', 'b'])
  })
})

describe('child records', () => {
  it("compare an order's lines line by line, ids left out", () => {
    const left = { remark: 'a', lines: [{ lineNo: 1, productId: 'x', product: 'P1', quantity: 10 }] }
    const right = { remark: 'a', lines: [{ lineNo: 1, productId: 'x', product: 'P1', quantity: 8 }] }
    const rows = diffRecords(['remark'], left, right)
    expect(rows.find((r) => r.field === 'remark')?.changed).toBe(false)
    expect(rows.find((r) => r.field === 'lines')).toEqual({
      field: 'lines',
      left: ['1 · P1 · 10'],
      right: ['1 · P1 · 8'],
      changed: true,
    })
  })
})
