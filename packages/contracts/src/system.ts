import { z } from 'zod'
import { SsoSettingsSchema } from './sso.ts'

/** Passwords travel as the lowercase hex SHA-256 of the UTF-8 password (DESIGN 3). */
export const PasswordHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'password must be a SHA-256 hex digest')
/**
 * The shortest password a person may choose. Passwords travel as their SHA-256 (DESIGN 3), so the
 * server never sees their length: the forms that set one (register, change password) keep it.
 */
export const PASSWORD_MIN_LENGTH = 8

export const UsernameSchema = z
  .string()
  .trim()
  .min(2)
  .max(32)
  .regex(/^[A-Za-z0-9_.@-]+$/, 'letters, digits, _ . @ - only')

export const LoginRequestSchema = z.object({
  username: z.string().trim().min(1).max(64),
  password: PasswordHashSchema,
})
export type LoginRequest = z.infer<typeof LoginRequestSchema>

export const DepartSchema = z.object({
  id: z.string(),
  orgCode: z.string(),
  departName: z.string(),
  departNameEn: z.string().nullable(),
})
export type Depart = z.infer<typeof DepartSchema>

export const UserInfoSchema = z.object({
  id: z.string(),
  username: z.string(),
  realname: z.string(),
  orgCode: z.string().nullable(),
  departName: z.string().nullable(),
  departNameEn: z.string().nullable(),
  lang: z.enum(['zh', 'en']),
  roles: z.array(z.string()),
  dataScope: z.enum(['all', 'department', 'personal']),
})
export type UserInfo = z.infer<typeof UserInfoSchema>

export const DictListItemSchema = z.object({
  dicCode: z.string(),
  dicName: z.string(),
  dicTypeId: z.number().int(),
  dicTypeCode: z.string(),
  textId: z.number().int(),
})
export type DictListItem = z.infer<typeof DictListItemSchema>

export const LoginResultSchema = z.object({
  token: z.string(),
  userInfo: UserInfoSchema,
  departs: z.array(DepartSchema),
  dictList: z.array(DictListItemSchema),
})
export type LoginResult = z.infer<typeof LoginResultSchema>

export const RegisterRequestSchema = z.object({
  username: UsernameSchema,
  realname: z.string().trim().min(1).max(50).optional(),
  password: PasswordHashSchema,
  confirmPassword: PasswordHashSchema,
})
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>

export const EditPasswordSchema = z.object({
  oldPassword: PasswordHashSchema,
  newPassword: PasswordHashSchema,
})
export type EditPassword = z.infer<typeof EditPasswordSchema>

export const SelectDepartSchema = z.object({
  orgCode: z.string().min(1),
  username: z.string().optional(),
})

export const CurrentDepartsSchema = z.object({
  list: z.array(DepartSchema),
  orgCode: z.string().nullable(),
})

/** A menu entry as the web receives it (SPEC 3 'Menu/permission item'). */
export type MenuItem = {
  id: string
  code: string
  text: string
  name: string
  url: string
  path: string
  component: string
  icon: string | null
  hidden: boolean
  alwaysShow: boolean
  route: boolean
  redirect: string | null
  meta: {
    title: string
    titleId: number
    url: string
    internalOrExternal: boolean
    hidden: boolean
    icon: string | null
  }
  children: MenuItem[]
}

export const MenuItemSchema: z.ZodType<MenuItem> = z.object({
  id: z.string(),
  code: z.string(),
  text: z.string(),
  name: z.string(),
  url: z.string(),
  path: z.string(),
  component: z.string(),
  icon: z.string().nullable(),
  hidden: z.boolean(),
  alwaysShow: z.boolean(),
  route: z.boolean(),
  redirect: z.string().nullable(),
  meta: z.object({
    title: z.string(),
    titleId: z.number().int(),
    url: z.string(),
    internalOrExternal: z.boolean(),
    hidden: z.boolean(),
    icon: z.string().nullable(),
  }),
  get children() {
    return z.array(MenuItemSchema)
  },
})

/**
 * A button rule: `action` is `<menuCode>:<buttonCode>`; `type` '1' hides an unpermitted button, '2'
 * disables it; `status` '0' makes the rule inactive (everyone may), '1' active (SPEC 3).
 */
export const AuthRuleSchema = z.object({
  action: z.string(),
  describe: z.string(),
  type: z.enum(['1', '2']),
  status: z.enum(['0', '1']),
})
export type AuthRule = z.infer<typeof AuthRuleSchema>

export const PermissionListSchema = z.object({
  menu: z.array(MenuItemSchema),
  auth: z.array(AuthRuleSchema),
  allAuth: z.array(AuthRuleSchema),
})
export type PermissionList = z.infer<typeof PermissionListSchema>

/** One code-table text; `key` is set on entries that override a text the web bundles (`field:supplier.code`). */
export const CodeTableEntrySchema = z.object({
  id: z.number().int(),
  key: z.string().nullable(),
  zh: z.string(),
  en: z.string(),
})
export type CodeTableEntry = z.infer<typeof CodeTableEntrySchema>

export const SettingsSchema = z.object({
  systemTitle: z.string(),
  systemTitleEn: z.string(),
  demoMode: z.boolean(),
  /** Single sign-on (issue 39): null when no identity provider is configured. */
  sso: SsoSettingsSchema.optional(),
})
export type Settings = z.infer<typeof SettingsSchema>
