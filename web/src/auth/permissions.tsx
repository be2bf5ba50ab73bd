import type { AuthRule, PermissionList } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Button, type ButtonProps } from 'antd'
import { useCallback, useMemo } from 'react'
import { permissionQuery } from '../api/queries.ts'
import { findMenuByPath } from '../layout/menu.ts'
import { useTabPane } from '../layout/tabs/useTabPane.ts'

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

/** SPEC 3 / 6: the button lists are also kept in session storage, for the moments before the server answers. */
const AUTH_KEY = 'BUTTON_AUTH'

export const storeButtonAuth = ({ auth, allAuth }: Pick<PermissionList, 'auth' | 'allAuth'>) =>
  sessionStorage.setItem(AUTH_KEY, JSON.stringify({ auth, allAuth }))

export const storedButtonAuth = (): Pick<PermissionList, 'auth' | 'allAuth'> | null => {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(AUTH_KEY) ?? 'null') as Partial<PermissionList> | null
    return parsed && Array.isArray(parsed.auth) && Array.isArray(parsed.allAuth)
      ? { auth: parsed.auth, allAuth: parsed.allAuth }
      : null
  } catch {
    return null
  }
}

export const clearButtonAuth = () => sessionStorage.removeItem(AUTH_KEY)

/** The code of the menu whose screen this component is in (the tab's menu entry), if any. */
export const useCurrentMenuCode = (): string | null => {
  const pane = useTabPane()
  const { data } = useQuery(permissionQuery)
  if (!pane || !data) return null
  return findMenuByPath(data.menu, pane.tabKey)?.code ?? null
}

/**
 * The signed-in user's button permissions. The server checks the same keys on every call.
 * `state(key)` / `can(key)` take a whole key; `canButton('add')` combines the current screen's menu
 * code with a button code (SPEC 6).
 */
export const useButtonPermissions = () => {
  const { data } = useQuery(permissionQuery)
  const menuCode = useCurrentMenuCode()
  const lists = useMemo(() => data ?? storedButtonAuth(), [data])
  const granted = useMemo(() => new Set((lists?.auth ?? []).map((a) => a.action)), [lists])
  const rules = useMemo(() => new Map((lists?.allAuth ?? []).map((a) => [a.action, a])), [lists])
  const state = useCallback((key: string) => buttonState(key, granted, rules), [granted, rules])
  const can = useCallback((key: string) => state(key) === 'enabled', [state])
  const canButton = useCallback(
    (buttonCode: string) => (menuCode ? can(`${menuCode}:${buttonCode}`) : false),
    [can, menuCode],
  )
  return { state, can, canButton, menuCode }
}

/** An antd Button that shows, disables or hides itself by a permission key. */
export const AuthButton = ({ perm, disabled, ...props }: ButtonProps & { perm: string }) => {
  const { state } = useButtonPermissions()
  const s = state(perm)
  if (s === 'hidden') return null
  return <Button {...props} disabled={disabled || s === 'disabled'} />
}
