import type { LoginResult } from '@app/contracts'
import { afterEach, describe, expect, it } from 'vitest'
import { session } from '../auth/session.ts'
import { DEFAULT_PREFERENCES, mergePreferences, preferences } from './preferences.ts'
import { headerState } from './useHeaderScroll.ts'

const signIn = (id: string) =>
  session.signIn({
    token: `t-${id}`,
    userInfo: {
      id,
      username: id,
      realname: id,
      orgCode: null,
      departName: null,
      departNameEn: null,
      lang: 'zh',
      roles: [],
      dataScope: 'all',
    },
    departs: [],
    dictList: [],
  } satisfies LoginResult)

afterEach(() => session.clear())

describe('interface preferences', () => {
  it('are kept per user: another user on the same browser gets their own', () => {
    signIn('u1')
    preferences.update({ theme: 'dark', primaryColor: '#722ed1', siderCollapsed: true })
    signIn('u2')
    expect(preferences.get()).toEqual(DEFAULT_PREFERENCES)
    signIn('u1')
    expect(preferences.get()).toMatchObject({ theme: 'dark', primaryColor: '#722ed1', siderCollapsed: true })
  })

  it('ignore stored values that are unknown or of the wrong kind', () => {
    expect(mergePreferences({ theme: 'purple', primaryColor: '#123456', fixedHeader: 'yes', multiTab: false })).toEqual(
      { ...DEFAULT_PREFERENCES, multiTab: false },
    )
    expect(mergePreferences('garbage')).toEqual(DEFAULT_PREFERENCES)
  })

  it('read a colour stored in the shade kept before as its readable shade', () => {
    expect(mergePreferences({ primaryColor: '#52c41a' }).primaryColor).toBe('#237804')
    expect(mergePreferences({ primaryColor: '#1677ff' }).primaryColor).toBe(DEFAULT_PREFERENCES.primaryColor)
  })
})

describe('header while scrolling', () => {
  const auto = { fixedHeader: false, autoHide: true }
  it('auto-hide: in place up to 100 px, then fixed, hidden while scrolling down', () => {
    expect(headerState(80, true, auto)).toBe('static')
    expect(headerState(101, false, auto)).toBe('fixed')
    expect(headerState(400, true, auto)).toBe('hidden')
    expect(headerState(380, false, auto)).toBe('fixed')
  })
  it('fixed header stays fixed; neither setting leaves it in place', () => {
    expect(headerState(900, true, { fixedHeader: true, autoHide: false })).toBe('fixed')
    expect(headerState(900, true, { fixedHeader: false, autoHide: false })).toBe('static')
  })
})
