import { describe, expect, it } from 'vitest'
import { localName, namesOf } from '../src/index.ts'

describe('localName', () => {
  const step = { stepName: '区域总裁审核', stepNameEn: 'Regional president review' }

  it('shows the English twin in English and the Chinese name in Chinese', () => {
    expect(localName(step, 'en', 'stepName')).toBe('Regional president review')
    expect(localName(step, 'zh', 'stepName')).toBe('区域总裁审核')
    expect(localName({ name: '胶囊', nameEn: 'Capsules' }, 'en')).toBe('Capsules')
  })

  it('falls back to the Chinese name when the English one is missing or blank', () => {
    expect(localName({ name: '胶囊', nameEn: null }, 'en')).toBe('胶囊')
    expect(localName({ name: '胶囊', nameEn: '  ' }, 'en')).toBe('胶囊')
    expect(localName({ name: '胶囊' }, 'en')).toBe('胶囊')
  })

  it('answers an empty text when the record has no name at all', () => {
    expect(localName({ stepName: null, stepNameEn: null }, 'en', 'stepName')).toBe('')
    expect(localName({ stepName: null, stepNameEn: 'Review' }, 'zh', 'stepName')).toBe('')
  })
})

describe('namesOf', () => {
  it('answers the Chinese name and its English twin, whatever the language shown', () => {
    expect(namesOf({ stepName: '区域总裁审核', stepNameEn: 'Regional president review' }, 'stepName')).toEqual([
      '区域总裁审核',
      'Regional president review',
    ])
    expect(namesOf({ name: '胶囊', nameEn: 'Capsules' })).toEqual(['胶囊', 'Capsules'])
  })

  it('leaves out a name that is missing or blank', () => {
    expect(namesOf({ name: '胶囊', nameEn: null })).toEqual(['胶囊'])
    expect(namesOf({ name: '胶囊', nameEn: '  ' })).toEqual(['胶囊'])
    expect(namesOf({ departName: null, departNameEn: 'Finance' }, 'departName')).toEqual(['Finance'])
  })
})
