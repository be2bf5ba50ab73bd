import type { AuthRule } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { buttonState } from './permissions.tsx'

const rule = (action: string, type: '1' | '2', status: '0' | '1'): [string, AuthRule] => [
  action,
  { action, describe: action, type, status },
]

describe('button permission state', () => {
  const rules = new Map([
    rule('md_supplier:add', '1', '1'),
    rule('md_supplier:delete', '2', '1'),
    rule('md_supplier:export', '1', '0'),
  ])

  it('enables a granted button', () => {
    expect(buttonState('md_supplier:add', new Set(['md_supplier:add']), rules)).toBe('enabled')
  })
  it('hides an ungranted button of type 1 and disables one of type 2', () => {
    expect(buttonState('md_supplier:add', new Set(), rules)).toBe('hidden')
    expect(buttonState('md_supplier:delete', new Set(), rules)).toBe('disabled')
  })
  it('lets everyone use a button whose rule is inactive, or which has no rule', () => {
    expect(buttonState('md_supplier:export', new Set(), rules)).toBe('enabled')
    expect(buttonState('md_supplier:unknown', new Set(), rules)).toBe('enabled')
  })
})
