import type {
  CodeTableEntry,
  Depart,
  DictListItem,
  LoginResult,
  PermissionList,
  Settings,
  UserInfo,
} from '@app/contracts'
import { http } from './http.ts'

/** Passwords as sent (SHA-256 hex); the hash code is fetched when first needed, not with the login page. */
const hashed = async <T extends string[]>(...plain: T) => {
  const { hashPassword } = await import('./hash.ts')
  return plain.map(hashPassword) as { [K in keyof T]: string }
}

/** The calls of the identity and session area (SPEC 7). */
export const systemApi = {
  login: async (username: string, password: string) => {
    const [hash] = await hashed(password)
    return http.post<LoginResult>('/sys/login', { username, password: hash }, { silent: true })
  },
  logout: () => http.get<null>('/user/logout', undefined, { silent: true, signingOut: true }),
  register: async (input: { username: string; realname?: string; password: string; confirmPassword: string }) => {
    const [password, confirmPassword] = await hashed(input.password, input.confirmPassword)
    return http.post<{ id: string; username: string }>(
      '/sys/user/register',
      { ...input, password, confirmPassword },
      { silent: true },
    )
  },
  permissionList: () => http.get<PermissionList>('/sys/permission/getPermissionList', undefined, { silent: true }),
  currentDeparts: () => http.get<{ list: Depart[]; orgCode: string | null }>('/sys/user/getCurrentUserDeparts'),
  selectDepart: (orgCode: string, username?: string) =>
    http.post<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username }),
  editPassword: async (oldPassword: string, newPassword: string) => {
    const [oldHash, newHash] = await hashed(oldPassword, newPassword)
    return http.post<null>('/sys/user/editPassword', { oldPassword: oldHash, newPassword: newHash }, { silent: true })
  },
  settings: () => http.get<Settings>('/sys/settings'),
  codeTable: () => http.get<CodeTableEntry[]>('/sys/code/all'),
  dictItems: () => http.get<DictListItem[]>('/sys/dict/items', undefined, { noTimestamp: true }),
}
