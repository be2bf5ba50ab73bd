import type { CodeTableEntry } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { fieldLabelRows, filterFieldLabels } from './field-labels.ts'

const bundled = (lang: 'zh' | 'en', resource: string, field: string) => `${lang}:${resource}.${field}`
const overrides = new Map<string, CodeTableEntry>([
  ['field:supplier.code', { id: 900001, key: 'field:supplier.code', zh: '供方代码', en: 'Supplier no.' }],
])
const rows = fieldLabelRows(
  [
    { resource: 'supplier', fields: ['code', 'name'] },
    { resource: 'country', fields: ['code'] },
  ],
  overrides,
  bundled,
)
const title = (r: string) => ({ supplier: '供应商', country: '国家' })[r] ?? r

describe('field label rows', () => {
  it('carry both bundled labels and the override of their key', () => {
    expect(rows.map((r) => r.key)).toEqual(['field:supplier.code', 'field:supplier.name', 'field:country.code'])
    expect(rows[0]).toEqual({
      key: 'field:supplier.code',
      resource: 'supplier',
      field: 'code',
      bundled: { zh: 'zh:supplier.code', en: 'en:supplier.code' },
      custom: { zh: '供方代码', en: 'Supplier no.' },
    })
    expect(rows[2]?.custom).toBeNull()
  })

  it('filter by resource, by changed ones and by text in any label or the resource title', () => {
    const keysOf = (f: Parameters<typeof filterFieldLabels>[1]) => filterFieldLabels(rows, f, title).map((r) => r.key)
    expect(keysOf({ resource: 'country', text: '', changedOnly: false })).toEqual(['field:country.code'])
    expect(keysOf({ text: '', changedOnly: true })).toEqual(['field:supplier.code'])
    expect(keysOf({ text: 'SUPPLIER NO', changedOnly: false })).toEqual(['field:supplier.code'])
    expect(keysOf({ text: '国家', changedOnly: false })).toEqual(['field:country.code'])
    expect(keysOf({ text: ' name ', changedOnly: false })).toEqual(['field:supplier.name'])
    expect(keysOf({ resource: 'country', text: '', changedOnly: true })).toEqual([])
  })
})
