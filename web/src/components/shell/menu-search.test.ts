import type { MenuItem } from '@app/contracts'
import { pinyin } from 'pinyin-pro'
import { describe, expect, it } from 'vitest'
import { buildSearchIndex, pinyinOf, pushHistory, searchMenus } from './menu-search.ts'

const entry = (id: string, zh: string, en: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  code: id,
  text: en,
  name: id,
  url: `/x/${id}`,
  path: `/x/${id}`,
  component: `x/${id}`,
  icon: null,
  hidden: false,
  alwaysShow: false,
  route: true,
  redirect: null,
  meta: {
    title: zh,
    titleId: Number(id.replace(/\D/g, '')) || 0,
    url: `/x/${id}`,
    internalOrExternal: false,
    hidden: false,
    icon: null,
  },
  children: [],
  ...extra,
})

const menu: MenuItem[] = [
  entry('sys', '系统管理', 'System', {
    component: 'layouts/RouteView',
    children: [
      entry('u1', '用户管理', 'Users'),
      entry('r1', '角色管理', 'Roles'),
      entry('h1', '隐藏页', 'Hidden', { hidden: true }),
    ],
  }),
  entry('s1', '供应商', 'Suppliers'),
]

const texts = (m: MenuItem) => ({ zh: m.meta.title, en: m.text })
const index = buildSearchIndex(menu, texts, pinyinOf(pinyin as never))
const ids = (q: string) => searchMenus(index, q).map((s) => s.entry.id)

describe('menu search', () => {
  it('lists only entries that open something, not folders or hidden ones', () => {
    expect(index.map((s) => s.entry.id)).toEqual(['u1', 'r1', 's1'])
  })

  it('finds by Chinese name, English name in any case, and pinyin initials or spelling', () => {
    expect(ids('用户')).toEqual(['u1'])
    expect(ids('ROLES')).toEqual(['r1'])
    expect(ids('yhgl')).toEqual(['u1'])
    expect(ids('gys')).toEqual(['s1'])
    expect(ids('gongying')).toEqual(['s1'])
    expect(ids('gl')).toEqual(['u1', 'r1'])
    expect(ids('  ')).toEqual([])
    expect(ids('nothing')).toEqual([])
  })

  it('keeps the 16 most recent, newest first, each once', () => {
    let history: string[] = []
    for (let i = 0; i < 20; i++) history = pushHistory(history, `m${i}`)
    history = pushHistory(history, 'm10')
    expect(history).toHaveLength(16)
    expect(history.slice(0, 3)).toEqual(['m10', 'm19', 'm18'])
    expect(history.filter((h) => h === 'm10')).toHaveLength(1)
    expect(history).not.toContain('m3')
  })
})
