import { describe, expect, it } from 'vitest'
import { menuOfKey, OPERATION_TEXT_IDS, OWN_OPERATIONS, operationNames } from '../src/index.ts'

describe('operation names', () => {
  const zh = operationNames((def) => def.zh)
  // a runtime code table that renamed the supplier screen, otherwise English
  const en = operationNames((def) => (def.textId === 100121 ? 'Vendors' : def.en))

  it('names a permission key by its screen and button, in the texts given', () => {
    expect(zh.operationText('md_supplier:add')).toBe('供应商 · 新增')
    expect(zh.menuText('md_country')).toBe('国家')
    expect(zh.buttonText('md_country:edit')).toBe('编辑')
    expect(en.operationText('md_supplier:edit')).toBe('Vendors · Edit')
    expect(en.menuText('md_supplier')).toBe('Vendors')
  })

  it('names an operation that is no button by its own name, as the code table has it', () => {
    expect(zh.operationText('login')).toBe('登录')
    expect(zh.operationText('approval:approve')).toBe('审核通过')
    expect(en.operationText('approval:start')).toBe('Submit for review')
    const renamed = operationNames((def) => (def.textId === OWN_OPERATIONS.login!.textId ? 'Log on' : def.en))
    expect(renamed.operationText('login')).toBe('Log on')
    // a name that only looks like one (an object's own key) is no operation
    expect(zh.operationText('constructor')).toBe('constructor')
  })

  it('leaves what it does not know as it is', () => {
    expect(zh.operationText('logon')).toBe('logon')
    expect(zh.operationText('approval:teleport')).toBe('approval:teleport')
    expect(zh.operationText('nowhere:add')).toBe('nowhere:add')
    expect(zh.menuText('nowhere')).toBe('nowhere')
    expect(zh.buttonText('md_supplier:teleport')).toBe('teleport')
  })

  it('knows the screen of a key and every text id it may ask for', () => {
    expect(menuOfKey('md_supplier:add')).toBe('md_supplier')
    expect(OPERATION_TEXT_IDS).toEqual(expect.arrayContaining([100121, 101601, OWN_OPERATIONS.login!.textId]))
    expect(new Set(OPERATION_TEXT_IDS).size).toBe(OPERATION_TEXT_IDS.length)
  })
})
