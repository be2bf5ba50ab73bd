import { describe, expect, it } from 'vitest'
import {
  allButtonKeys,
  DICTIONARIES,
  Errors,
  errorText,
  flattenMenus,
  MENU_TREE,
  OrderStatus,
  OWN_OPERATIONS,
} from '../src/index.ts'

describe('error catalogue', () => {
  const entries = Object.values(Errors)

  it('gives every code a distinct number, an HTTP status and both texts', () => {
    expect(new Set(entries.map((e) => e.code)).size).toBe(entries.length)
    for (const e of entries) {
      expect(e.status).toBeGreaterThanOrEqual(400)
      expect(e.zh.trim()).not.toBe('')
      expect(e.en.trim()).not.toBe('')
    }
  })

  it('keeps the numbers SPEC 8 fixes', () => {
    expect(Errors.ReviewTimeExpired.code).toBe(202078)
    expect(errorText(202078, 'en')).toBe('Review time has expired, please contact the administrator')
    expect(Errors.PasswordsDiffer.code).toBe(400146)
    expect(errorText(201027, 'zh')).toBe('上传文件只能是 xls/xlsx 格式!')
    for (const e of entries) {
      const inRange = (e.code >= 201001 && e.code <= 202078) || (e.code >= 400141 && e.code <= 400146)
      expect(inRange, `${e.code} outside the SPEC ranges`).toBe(true)
    }
  })
})

describe('menu tree and code table ids', () => {
  const flat = flattenMenus(MENU_TREE)

  it('has unique menu codes and urls', () => {
    const codes = flat.map((f) => f.menu.code)
    expect(new Set(codes).size).toBe(codes.length)
    const urls = flat.map((f) => f.menu.url)
    expect(new Set(urls).size).toBe(urls.length)
  })

  it('covers the static fallback menu of SPEC 2', () => {
    const urls = new Set(flat.map((f) => f.menu.url))
    for (const url of [
      '/product/list',
      '/pro/categoryList',
      '/pro/stockList',
      '/md/supplierList',
      '/md/countryList',
      '/md/branchList',
      '/md/depotList',
      '/md/boxSpecList',
      '/md/departmentList',
      '/md/positionList',
      '/sys/user',
      '/sys/role',
      '/sys/rolePermission',
      '/sys/auditConfig',
      '/sys/LogList',
      '/sys/NoticeList',
    ]) {
      expect(urls.has(url), url).toBe(true)
    }
  })

  it('never gives one code-table id two different texts', () => {
    const texts = new Map<number, string>()
    const check = (id: number, zh: string, en: string) => {
      const text = `${zh}|${en}`
      const seen = texts.get(id)
      expect(seen === undefined || seen === text, `id ${id}: ${seen} vs ${text}`).toBe(true)
      texts.set(id, text)
    }
    for (const { menu } of flat) {
      check(menu.textId, menu.zh, menu.en)
      for (const b of menu.buttons ?? []) check(b.textId, b.zh, b.en)
    }
    for (const d of DICTIONARIES) {
      check(d.textId, d.zh, d.en)
      for (const i of d.items) check(i.textId, i.zh, i.en)
    }
    for (const o of Object.values(OWN_OPERATIONS)) check(o.textId, o.zh, o.en)
  })

  it('builds button keys as <menuCode>:<buttonCode>', () => {
    const keys = allButtonKeys()
    expect(keys.has('md_supplier:add')).toBe(true)
    expect(keys.has('sys_user:resetPassword')).toBe(true)
  })

  it('uses the fixed order status codes, 100804 being rejected', () => {
    expect(OrderStatus.Rejected).toBe(100804)
    const statuses = DICTIONARIES.find((d) => d.code === 'order_status')
    expect(statuses?.items.find((i) => i.value === '100804')?.en).toBe('Rejected')
  })
})
