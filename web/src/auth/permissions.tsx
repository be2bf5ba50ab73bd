import type { AuthRule } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Button, type ButtonProps } from 'antd'
import { useCallback, useMemo } from 'react'
import { permissionQuery } from '../api/queries.ts'

export type ButtonState = 'enabled' | 'disabled' | 'hidden'

/**
 * SPEC 6 / SPEC 3: a button is enabled when its key `<menuCode>:<buttonCode>` is among the user's
 * granted rules; an ungranted rule of type '2' disables it instead of hiding it; a rule with
 * status '0' is inactive (everyone may); a key without any rule is not permission-controlled.
 */
export const buttonState = (
  key: string,
  granted: ReadonlySet<string>,
  rules: ReadonlyMap<string, AuthRule>,
): ButtonState => {
  const rule = rules.get(key)
  if (!rule || rule.status === '0' || granted.has(key)) return 'enabled'
  return rule.type === '2' ? 'disabled' : 'hidden'
}

/** The signed-in user's button permissions. The server checks the same keys on every call. */
export const useButtonPermissions = () => {
  const { data } = useQuery(permissionQuery)
  const granted = useMemo(() => new Set((data?.auth ?? []).map((a) => a.action)), [data])
  const rules = useMemo(() => new Map((data?.allAuth ?? []).map((a) => [a.action, a])), [data])
  const state = useCallback((key: string) => buttonState(key, granted, rules), [granted, rules])
  const can = useCallback((key: string) => state(key) === 'enabled', [state])
  return { state, can }
}

/** An antd Button that shows, disables or hides itself by a permission key. */
export const AuthButton = ({ perm, disabled, ...props }: ButtonProps & { perm: string }) => {
  const { state } = useButtonPermissions()
  const s = state(perm)
  if (s === 'hidden') return null
  return <Button {...props} disabled={disabled || s === 'disabled'} />
}
