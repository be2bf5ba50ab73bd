import type {
  CodeTableEntry,
  Depart,
  DictListItem,
  LoginResult,
  PermissionList,
  Settings,
  UserInfo,
} from '@app/contracts'
import { hashPassword } from './hash.ts'
import { http } from './http.ts'

/** The calls of the identity and session area (SPEC 7). */
export const systemApi = {
  login: (username: string, password: string) =>
    http.post<LoginResult>('/sys/login', { username, password: hashPassword(password) }, { silent: true }),
  logout: () => http.get<null>('/user/logout', undefined, { silent: true }),
  register: (input: { username: string; realname?: string; password: string; confirmPassword: string }) =>
    http.post<{ id: string; username: string }>(
      '/sys/user/register',
      { ...input, password: hashPassword(input.password), confirmPassword: hashPassword(input.confirmPassword) },
      { silent: true },
    ),
  permissionList: () => http.get<PermissionList>('/sys/permission/getPermissionList', undefined, { silent: true }),
  currentDeparts: () => http.get<{ list: Depart[]; orgCode: string | null }>('/sys/user/getCurrentUserDeparts'),
  selectDepart: (orgCode: string, username?: string) =>
    http.post<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username }),
  editPassword: (oldPassword: string, newPassword: string) =>
    http.post<null>(
      '/sys/user/editPassword',
      { oldPassword: hashPassword(oldPassword), newPassword: hashPassword(newPassword) },
      { silent: true },
    ),
  settings: () => http.get<Settings>('/sys/settings'),
  codeTable: () => http.get<CodeTableEntry[]>('/sys/code/all'),
  dictItems: () => http.get<DictListItem[]>('/sys/dict/items', undefined, { noTimestamp: true }),
}
